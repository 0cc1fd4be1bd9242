// HIP: the old index names, hipLaunchKernelGGL (a template's commas in
// the kernel's name, its arguments after the configuration), a 64-wide
// wavefront (gfx90a: warpSize 64, 64-byte lines) and its lane arithmetic.
#include <hip/hip_runtime.h>

template <int TILE, typename T>
__global__ void scale_rows(const T* in, T* out, int width)
{
    int x = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
    int y = hipBlockIdx_y * TILE + hipThreadIdx_y;
    out[y * width + x] = in[x * width + y] * (T)2;
}

__global__ void wave_sum(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_down(v, o);
    if ((threadIdx.x & (warpSize - 1)) == 0) out[i / warpSize] = v;
    if ((threadIdx.x & 31) == 0) out[i / 32] = v;
}

void run(const float* in, float* out, int width)
{
    hipLaunchKernelGGL(scale_rows<16, float>, dim3(width / 16, width / 16), dim3(16, 16), 0, 0, in, out, width);
    hipLaunchKernelGGL(wave_sum, dim3(width), dim3(256), 0, 0, in, out);
}
