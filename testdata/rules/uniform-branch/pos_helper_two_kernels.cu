// uniform-branch: one helper line reached from two kernels with different
// costs (in a loop with a barrier in one, once per thread in the other) is
// one finding, at the highest severity, with the other kernel as a related
// location, not one finding per kernel.
#include <cuda_runtime.h>
#include <cstdlib>

__device__ void store_activated(float* out, int i, float v, int act)
{
    if (act == 1)  // expect: uniform-branch in_loop=true severity=medium
        out[i] = fmaxf(v, 0.0f);
    else
        out[i] = v;
}

__global__ void smooth_passes(const float* in, float* out, int n, int passes, int act)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int p = 0; p < passes; ++p) {
        tile[threadIdx.x] = v;
        __syncthreads();
        v = 0.5f * (v + tile[(threadIdx.x + 1) % blockDim.x]);
        store_activated(out, i, v, act);
        __syncthreads();
    }
}

__global__ void activate_once(const float* in, float* out, int n, int act)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) store_activated(out, i, in[i], act);
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float));
    smooth_passes<<<n / 256, 256>>>(a, b, n, 4, 1);
    activate_once<<<n / 256, 256>>>(a, b, n, 1);
    cudaDeviceSynchronize();
    return 0;
}
