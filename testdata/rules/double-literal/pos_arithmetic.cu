// double-literal, positives: an unsuffixed floating literal (or a double
// variable) turns float arithmetic into double arithmetic. Each finding is
// reported at the literal. In these elementwise kernels every evaluation
// comes with a global load and store, which hide a double operation (H100:
// 1.00-1.04x, severity info; evidence context=memory-bound); in a compute loop
// (iterate) it is the cost (5.8x, high).
#include <cuda_runtime.h>

// float * double literal.
__global__ void scale_by_literal(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * 1.5;  // expect: double-literal literal=1.5 severity=info context=memory-bound
}

// float + double literal.
__global__ void add_offset(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        x[i] = v + 0.1;  // expect: double-literal literal=0.1 float_operand=v severity=info
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
        y[i] = x[i] / (norm[i] + 1e-3);  // expect: double-literal literal=1e-3 severity=info
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

// A compute loop: no global access per evaluation, the double chain is the cost.
__global__ void iterate(const float* x, float* y, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    for (int s = 0; s < steps; ++s)
        v = v * 0.999 + 0.25f;  // expect: double-literal literal=0.999 severity=high
    y[i] = v;
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
    iterate<<<n / 256, 256>>>(x, y, n, 100);
    cudaDeviceSynchronize();
    return 0;
}
