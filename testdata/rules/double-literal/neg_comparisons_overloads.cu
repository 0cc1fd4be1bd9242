// double-literal, negatives: comparisons against unsuffixed literals (no
// arithmetic is performed in double, so not a finding), and math calls on
// float arguments, which in CUDA C++ resolve to the float overloads: the
// rule looks at the resolved declaration, never at the function name.
#include <cuda_runtime.h>

__global__ void threshold(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        if (v < 0.5)  // expect-none
            v = 0.0f;
        y[i] = v;
    }
}

__global__ void is_unit(const float* x, int* flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        flag[i] = (x[i] == 1.0);  // expect-none
}

__global__ void positive_part(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] > 0.0 ? x[i] : 0.0f;  // expect-none
}

// exp(float), sqrt(float), sin(float): float overloads.
__global__ void float_overloads(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        float e = exp(v);  // expect-none
        float r = sqrt(e + v * v);  // expect-none
        y[i] = sin(r);  // expect-none
    }
}

__global__ void suffixed_math(const float* t, float* w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        w[i] = expf(-4.0f / t[i]);  // expect-none
}

int main()
{
    const int n = 1 << 20;
    float *x, *y; int* f;
    cudaMalloc(&x, n * sizeof(float)); cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&f, n * sizeof(int));
    threshold<<<n / 256, 256>>>(x, y, n);
    is_unit<<<n / 256, 256>>>(x, f, n);
    positive_part<<<n / 256, 256>>>(x, y, n);
    float_overloads<<<n / 256, 256>>>(x, y, n);
    suffixed_math<<<n / 256, 256>>>(x, y, n);
    cudaDeviceSynchronize();
    return 0;
}
