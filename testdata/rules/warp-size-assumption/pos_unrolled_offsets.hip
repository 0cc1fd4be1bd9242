// warp-size-assumption: an unrolled reduction starting at offset 16 and a
// butterfly from 16: only the first step is reported (8, 4, 2, 1 are right
// for any width once the start is), so one finding per reduction.
#include <hip/hip_runtime.h>

__global__ void row_dot(const float* a, const float* b, float* out, int cols)
{
    int row = blockIdx.x;
    float v = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) v += a[row * cols + c] * b[c];
    v += __shfl_down(v, 16);  // expect: warp-size-assumption pattern=shuffle-offset constant=16 in_loop=false
    v += __shfl_down(v, 8);   // expect-none
    v += __shfl_down(v, 4);   // expect-none
    v += __shfl_down(v, 2);   // expect-none
    v += __shfl_down(v, 1);   // expect-none
    if (threadIdx.x == 0) out[row] = v;
}

__global__ void all_max(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (unsigned mask = 16; mask >= 1; mask >>= 1)
        v = fmaxf(v, __shfl_xor(v, mask));  // expect: warp-size-assumption pattern=shuffle-offset constant=16 in_loop=true
    out[i] = v;
}
