// uniform-branch, positives outside loops: each condition is known at launch
// (a parameter, a null test of a pointer parameter, a __constant__ flag) and
// its path touches memory, but it is evaluated once per thread, not per
// iteration: severity info (H100: 1.00x).
#include <cuda_runtime.h>
#include <cstdlib>

__constant__ int c_use_gamma;

__global__ void maybe_relu(const float* x, float* y, int n, bool relu)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        if (relu)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
            y[i] = fmaxf(v, 0.0f);
        else
            y[i] = v;
    }
}

__global__ void add_bias_nullptr(float* y, const float* bias, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = y[i];
    if (bias != nullptr)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        v += bias[i % cols];
    y[i] = v;
}

__global__ void add_bias_implicit(float* y, const float* bias, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    if (bias)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        y[i] += bias[i % cols];
}

__global__ void gamma_correct(float* img, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (c_use_gamma)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        img[i] = sqrtf(img[i]);
}

__global__ void leaky(const float* x, float* y, int n, int mode, float alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (mode == 2 && alpha > 0.0f)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        y[i] = x[i] > 0.0f ? x[i] : alpha * x[i];
    else
        y[i] = x[i];
}

__global__ void rescale(float* x, int n, float scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (scale != 1.0f)  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        x[i] *= scale;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int g = argc > 2;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, 1024 * sizeof(float));
    cudaMemcpyToSymbol(c_use_gamma, &g, sizeof(int));
    int blocks = (n + 255) / 256;
    maybe_relu<<<blocks, 256>>>(a, a, n, true);
    add_bias_nullptr<<<blocks, 256>>>(a, b, n / 1024, 1024);
    add_bias_implicit<<<blocks, 256>>>(a, nullptr, n / 1024, 1024);
    gamma_correct<<<blocks, 256>>>(a, n);
    leaky<<<blocks, 256>>>(a, a, n, 2, 0.01f);
    rescale<<<blocks, 256>>>(a, n, 0.5f);
    cudaDeviceSynchronize();
    return 0;
}
