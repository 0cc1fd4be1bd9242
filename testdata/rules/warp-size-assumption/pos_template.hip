// warp-size-assumption: kernel templates instantiated with a width of 32
// (through HIP_KERNEL_NAME in hipLaunchKernelGGL) and a template helper: the
// width is the template parameter's value in the instantiation.
#include <hip/hip_runtime.h>

template <int GROUP>
__global__ void group_sum(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (int o = GROUP / 2; o > 0; o /= 2)
        v += __shfl_xor(v, o, GROUP);  // expect: warp-size-assumption pattern=shuffle-width constant=GROUP in_loop=true
    out[i] = v;
}

template <typename T>
__device__ T lane_broadcast(T v)
{
    return __shfl(v, 0, 32);  // expect: warp-size-assumption pattern=shuffle-width constant=32
}

template <typename T>
__global__ void normalize_by_first(T* data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T first = lane_broadcast(data[i]);
    if (i < n) data[i] = data[i] / first;
}

void launch(const float* in, float* out, double* d, int n)
{
    hipLaunchKernelGGL(HIP_KERNEL_NAME(group_sum<32>), dim3(n / 256), dim3(256), 0, 0, in, out);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(normalize_by_first<double>), dim3(n / 256), dim3(256), 0, 0, d, n);
}
