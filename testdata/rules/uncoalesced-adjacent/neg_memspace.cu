// uncoalesced-adjacent, negative cases: the K-shaped accesses go to shared,
// local (per-thread) or __constant__ memory, not to global memory.
#include <cuda_runtime.h>

__constant__ float c_table[512];

// Staging through shared memory: the global loads are stride 1 (this is one
// of the fixes), and the K=2 reads hit shared memory only.
__global__ void staged_pairs(const float* in, float* out, int n)
{
    __shared__ float s[512];
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * blockDim.x * 2;
    if (base + t < 2 * n) s[t] = in[base + t]; // expect-none
    if (base + blockDim.x + t < 2 * n) s[blockDim.x + t] = in[base + blockDim.x + t]; // expect-none
    __syncthreads();
    int gid = blockIdx.x * blockDim.x + t;
    if (gid < n) {
        float a = s[t * 2 + 0]; // expect-none
        float b = s[t * 2 + 1]; // expect-none
        out[gid] = a + b; // expect-none
    }
}

// Per-thread local array indexed with the same K shape.
__global__ void local_pairs(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float loc[32];
    for (int j = 0; j < 32; j++) loc[j] = in[gid] * j; // expect-none
    int l = threadIdx.x & 15;
    float a = loc[l * 2 + 0]; // expect-none
    float b = loc[l * 2 + 1]; // expect-none
    if (gid < n) out[gid] = a - b; // expect-none
}

// __constant__ table indexed with a K=2 thread pattern.
__global__ void const_pairs(float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float a = c_table[threadIdx.x * 2 + 0]; // expect-none
    float b = c_table[threadIdx.x * 2 + 1]; // expect-none
    if (gid < n) out[gid] = a * b; // expect-none
}
