// A sum reduction: a grid-stride loop per thread, warp shuffles, then one
// atomicAdd per block.  The 0.5 scale is a double literal on a float.
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) block_sum(const float *__restrict__ in, float *out, int n)
{
    __shared__ float warp_sums[BLOCK / 32];
    float acc = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
        acc += in[i] * 0.5;
    for (int offset = 16; offset > 0; offset >>= 1)
        acc += __shfl_down_sync(0xffffffffu, acc, offset);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = acc;
    __syncthreads();
    if (warp == 0) {
        acc = lane < BLOCK / 32 ? warp_sums[lane] : 0.0f;
        for (int offset = 16; offset > 0; offset >>= 1)
            acc += __shfl_down_sync(0xffffffffu, acc, offset);
        if (lane == 0) atomicAdd(out, acc);
    }
}

void launch_sum(const float *in, float *out, int n, cudaStream_t s)
{
    block_sum<256><<<(n + 255) / 256, 256, 0, s>>>(in, out, n);
}
