// specialize-constant, negatives: a parameter the threads are checked
// against (`if (t < n)`) counts the elements they cover: a size of the
// problem, not a variant (the global index, or the thread index of a kernel
// that runs as one block), even when a loop bounded by it also indexes a
// __shared__ array (which caps it).
#include <cuda_runtime.h>

#define TILE 32

__global__ void tile_solve(const float *b, float *x, int n)
{
    __shared__ float x_s[TILE];
    int t = threadIdx.x;
    if (t < n) x_s[t] = b[t];
    __syncthreads();
    if (t == 0)
        for (int i = 1; i < n; ++i) x_s[i] += x_s[i - 1];  // expect-none
    __syncthreads();
    if (t < n) x[t] = x_s[t];
}

/* many blocks: n is compared with the global index */
__global__ void block_prefix(const float *in, float *out, int n)
{
    __shared__ float s[TILE];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) s[threadIdx.x] = in[gid];
    __syncthreads();
    if (threadIdx.x == 0)
        for (int i = 1; i < n; ++i) s[i] += s[i - 1];  // expect-none
    __syncthreads();
    if (gid < n) out[gid] = s[threadIdx.x];
}
