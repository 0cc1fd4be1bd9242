// uncoalesced-adjacent, negative cases: the thread id has coefficient 1, so
// adjacent lanes touch adjacent elements (coalesced, whatever the offset).
#include <cuda_runtime.h>

// Plain stride-1 copy.
__global__ void copy(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[gid] = in[gid]; // expect-none
    }
}

// Stride 1 with a constant shift (misalignment is a different matter).
__global__ void shifted(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid + 1 < n) {
        out[gid] = in[gid + 1] - in[gid]; // expect-none
    }
}

// Reduction that adds two elements during the load: each half of the block
// reads a contiguous run, so both loads are coalesced.
__global__ void first_add(const float* in, float* out, int n)
{
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + t;
    float s = 0.0f;
    if (i < n) s = in[i]; // expect-none
    if (i + blockDim.x < n) s += in[i + blockDim.x]; // expect-none
    out[blockIdx.x * blockDim.x + t] = s; // expect-none
}

// A multiplier of 1 written out is still stride 1.
__global__ void times_one(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[gid * 1 + 0] = in[gid * 1 + 0] * 2.0f; // expect-none
    }
}

// Split halves (structure-of-arrays): two stride-1 streams, not K=2.
__global__ void soa_pair(const float* re, const float* im, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float a = re[gid]; // expect-none
        float b = im[gid]; // expect-none
        out[gid] = a * a + b * b; // expect-none
    }
}
