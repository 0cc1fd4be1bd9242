// A HIP source by another extension (hipcc compiles .cpp): its lane
// arithmetic is written for 32 lanes; the compile database names the GPU.
#include <hip/hip_runtime.h>

__global__ void wave_sum(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down(v, o);
    if ((threadIdx.x & 31) == 0) out[i / 32] = v;
}

void run(const float* in, float* out, int n)
{
    hipLaunchKernelGGL(wave_sum, dim3(n / 256), dim3(256), 0, 0, in, out);
}
