// double-literal, positives: an unsuffixed floating literal (or a double
// variable) turns float arithmetic into double arithmetic. Each finding is
// reported at the literal. No math call and no loop: severity medium.
#include <cuda_runtime.h>

// float * double literal.
__global__ void scale_by_literal(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * 1.5;  // expect: double-literal literal=1.5 severity=info
}

// float + double literal.
__global__ void add_offset(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        x[i] = v + 0.1;  // expect: double-literal literal=0.1 float_operand=v severity=high
    }
}

// Literal on the left.
__global__ void twice(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0 * x[i];  // expect: double-literal literal=2.0 severity=info
}

// Exponent forms.
__global__ void safe_normalize(const float* x, const float* norm, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] / (norm[i] + 1e-3);  // expect: double-literal literal=1e-3 severity=high
}

__global__ void to_percent(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * 1.0e2;  // expect: double-literal literal=1.0e2 severity=info
}

// Compound assignment: x = (float)((double)x * 0.5).
__global__ void halve(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        v *= 0.5;  // expect: double-literal literal=0.5 severity=info
        x[i] = v;
    }
}

// A double-typed local operand rather than a literal (reported at kScale).
__global__ void scale_by_double_const(const float* x, float* y, int n)
{
    const double kScale = 0.75;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * kScale;  // expect: double-literal severity=medium
}

int main()
{
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    scale_by_literal<<<n / 256, 256>>>(x, y, n);
    add_offset<<<n / 256, 256>>>(x, n);
    twice<<<n / 256, 256>>>(x, y, n);
    safe_normalize<<<n / 256, 256>>>(x, y, y, n);
    to_percent<<<n / 256, 256>>>(x, y, n);
    halve<<<n / 256, 256>>>(x, n);
    scale_by_double_const<<<n / 256, 256>>>(x, y, n);
    cudaDeviceSynchronize();
    return 0;
}
