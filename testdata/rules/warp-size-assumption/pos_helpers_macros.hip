// warp-size-assumption: the lane computed in a helper and in a macro, the
// warp size as a macro of 32, and the reduction in a __device__ function:
// each finding is at the helper's or the macro's use, with the kernel's call
// as a related location. A constant spelled through a macro has no fix-it
// edit (the macro may serve other code); the description says what to write.
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define LANE_ID() (threadIdx.x & 31)

__device__ __forceinline__ int lane_of(int t)
{
    return t & 31;  // expect: warp-size-assumption pattern=lane-mask constant=31
}

__device__ float warp_reduce_sum(float v)
{
    for (int o = WARP_SIZE / 2; o > 0; o >>= 1)
        v += __shfl_xor(v, o);  // expect: warp-size-assumption pattern=shuffle-offset constant=16 in_loop=true
    return v;
}

__global__ void softmax_denominator(const float* x, float* den, int cols)
{
    __shared__ float partial[WARP_SIZE];
    int row = blockIdx.x;
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(x[row * cols + c]);
    s = warp_reduce_sum(s);
    int warp = threadIdx.x / WARP_SIZE;  // expect: warp-size-assumption pattern=warp-id-divide constant=WARP_SIZE
    if (LANE_ID() == 0) partial[warp] = s;  // expect: warp-size-assumption pattern=lane-mask
    __syncthreads();
    if (lane_of(threadIdx.x) == 0 && warp == 0) den[row] = partial[0] + partial[1];
}
