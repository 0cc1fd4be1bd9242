// double-literal, a positive without a fix-it: the template kernel is also
// instantiated for double, so appending f (or renaming tanh to tanhf) would
// change the double version too. The finding says so instead; --fix leaves it.
#include <cuda_runtime.h>
#include <cstdlib>

template <typename T>
__global__ void halve_add(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.5 + in[i];  // expect: double-literal literal=0.5 also_instantiated_as=halve_add<double> severity=info
}

template <typename T>
__global__ void soft_clip(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tanh(in[i] * 0.8);  // expect: double-literal literal=0.8 also_instantiated_as=soft_clip<double> double_math_call=tanh severity=medium
}

// Instantiated for float only: the fix-it stays.
template <typename T>
__global__ void halve_only_float(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.5 + in[i];  // expect: double-literal literal=0.5 severity=info
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float* a;
    double* d;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&d, n * sizeof(double));
    int blocks = (n + 255) / 256;
    halve_add<float><<<blocks, 256>>>(a, a, n);
    halve_add<double><<<blocks, 256>>>(d, d, n);
    soft_clip<float><<<blocks, 256>>>(a, a, n);
    soft_clip<double><<<blocks, 256>>>(d, d, n);
    halve_only_float<float><<<blocks, 256>>>(a, a, n);
    cudaDeviceSynchronize();
    return 0;
}
