// double-literal, negatives: float-suffixed literals, integer literals, and
// unsuffixed literals whose value is only converted to float (initialization,
// assignment, a float parameter, a return value). No arithmetic happens in
// double, so nothing is reported.
#include <cuda_runtime.h>

__global__ void suffixed(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * 4.0f + 1e-3f;  // expect-none
}

__global__ void integer_factor(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * 2;  // expect-none
}

__global__ void init_then_use(const float* x, float* y, int n)
{
    float c = 0.5;  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * c;  // expect-none
}

__global__ void assign_literal(float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v;
        v = 0.25;  // expect-none
        y[i] = v;
    }
}

// fmaxf has only a float overload: 0.0 is converted, the max runs in float.
__global__ void relu_fmaxf(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fmaxf(x[i], 0.0);  // expect-none
}

__device__ float zero_if_negative(float v)
{
    if (v < 0.0f)
        return 0.0;  // expect-none
    return v;
}

__global__ void clamp_negative(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = zero_if_negative(x[i]);
}

__global__ void make_pairs(float2* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = make_float2(0.5, 1.5);  // expect-none
}

int main()
{
    const int n = 1 << 20;
    float *x, *y; float2* p;
    cudaMalloc(&x, n * sizeof(float)); cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&p, n * sizeof(float2));
    suffixed<<<n / 256, 256>>>(x, y, n);
    integer_factor<<<n / 256, 256>>>(x, y, n);
    init_then_use<<<n / 256, 256>>>(x, y, n);
    assign_literal<<<n / 256, 256>>>(y, n);
    relu_fmaxf<<<n / 256, 256>>>(x, y, n);
    clamp_negative<<<n / 256, 256>>>(x, n);
    make_pairs<<<n / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    return 0;
}
