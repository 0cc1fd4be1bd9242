// uncoalesced-adjacent, positive cases where K or the index is hidden behind a
// macro, a constexpr, a __device__ helper or pointer arithmetic.
#include <cuda_runtime.h>

#define K 4

// K from a #define.
__global__ void macro_k(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float s = in[gid * K + 0]; // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 element_bytes=4 sectors_per_request=16 ideal_sectors=4 vector_type=float4 severity=info
        s += in[gid * K + 1];
        s += in[gid * K + 2];
        s += in[gid * K + 3];
        out[gid] = s;
    }
}

// K from a constexpr local.
__global__ void constexpr_k(const float* in, float* out, int n)
{
    constexpr int kPair = 2;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float re = in[gid * kPair + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 sectors_per_request=8 ideal_sectors=4 vector_type=float2
        float im = in[gid * kPair + 1];
        out[gid] = re * re + im * im;
    }
}

// Index computed by a helper function.
__device__ int idx(int g, int c) { return g * 2 + c; }

__global__ void helper_index(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float a = in[idx(gid, 0)]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4 sectors_per_request=8 ideal_sectors=4
        float b = in[idx(gid, 1)];
        out[gid] = a * b;
    }
}

// Pointer arithmetic: p = in + gid*3, then p[0..2] (an xyz triple, K=3).
__global__ void pointer_triple(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        const float* p = in + gid * 3;
        out[gid] = p[0] + p[1] + p[2]; // expect: uncoalesced-adjacent K=3 offsets=0,1,2 element_bytes=4 severity=info
    }
}

// Helper that returns the thread id, used with a macro-built offset.
#define PAIR_AT(g, c) ((g) * 2 + (c))
__device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void helper_tid(const float* in, float* out, int n)
{
    int g = global_id();
    if (g < n) {
        float a = in[PAIR_AT(g, 0)]; // expect: uncoalesced-adjacent K=2 offsets=0,1
        float b = in[PAIR_AT(g, 1)];
        out[g] = a - b;
    }
}
