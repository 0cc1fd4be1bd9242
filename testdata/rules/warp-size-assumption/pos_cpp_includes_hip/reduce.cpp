// warp-size-assumption: a C++ file (.cpp) that includes <hip/hip_runtime.h>
// and defines __global__ kernels is read as HIP (the default target, gfx90a:
// 64-wide wavefronts, target_assumed).
#include <hip/hip_runtime.h>

__global__ void max_reduce(const float* in, float* out, int n)
{
    __shared__ float warp_max[16];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : -1e30f;
    for (int o = 16; o >= 1; o /= 2)
        v = fmaxf(v, __shfl_xor(v, o));  // expect: warp-size-assumption pattern=shuffle-offset in_loop=true target=gfx90a target_assumed=true language=hip
    if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = v;  // expect: warp-size-assumption pattern=lane-mask  expect: warp-size-assumption pattern=warp-id-shift
    __syncthreads();
    if (threadIdx.x == 0) {
        float m = warp_max[0];
        for (int w = 1; w < (int)blockDim.x / 32; ++w) m = fmaxf(m, warp_max[w]);
        out[blockIdx.x] = m;
    }
}

void run_max_reduce(const float* in, float* out, int n)
{
    hipLaunchKernelGGL(max_reduce, dim3((n + 511) / 512), dim3(512), 0, 0, in, out, n);
}
