// warp-size-assumption: lanes, warp ids, widths and reduction offsets
// written with warpSize, which is the wavefront's width on every target: no
// finding on a 64-wide wavefront.
#include <hip/hip_runtime.h>

__device__ float wave_reduce(float v)
{
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_down(v, o);  // expect-none
    return v;
}

__global__ void block_sum(const float* in, float* out, int n)
{
    __shared__ float partial[16];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    int lane = tid % warpSize;  // expect-none
    int wave = tid / warpSize;  // expect-none
    float v = wave_reduce(i < n ? in[i] : 0.0f);
    if (lane == 0) partial[wave] = v;
    __syncthreads();
    if (wave == 0) {
        v = lane < (int)blockDim.x / warpSize ? partial[lane] : 0.0f;
        v = wave_reduce(v);
        if (lane == 0) out[blockIdx.x] = v;
    }
}

__global__ void broadcast_first(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & (warpSize - 1);  // expect-none
    float first = __shfl(in[i], 0, warpSize);  // expect-none
    out[i] = lane == 0 ? first : in[i] - first;
}
