// double-literal, positives judged by their run-time effect: a double result
// that feeds a further operation is a chain nvcc cannot narrow back to float
// (H100: 5.8x in a compute loop; 1.02-1.04x in these elementwise kernels,
// where a global load and store come with each evaluation: info), and a
// constant made of literals only (`#define INV_N (1.0 / N)`) that meets a
// float at run time still makes the operation double.
#include <cuda_runtime.h>
#include <cstdlib>

#define N_TAPS 3
#define INV_TAPS (1.0 / N_TAPS)
#define LOG2E (1.0 / 0.693147180559945)

__global__ void axpb(const float* a, float* out, float shift, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = a[i] * 2.5 + shift;  // expect: double-literal literal=2.5 result_in_double=true chain="a[i] * 2.5 + shift" severity=info
}

__global__ void lerp_half(const float* a, const float* b, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = a[i] + (b[i] - a[i]) * 0.5;  // expect: double-literal literal=0.5 result_in_double=true severity=info
}

__global__ void affine(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = x[i] * 0.5 + 0.25f;  // expect: double-literal literal=0.5 result_in_double=true severity=info
}

__global__ void box3(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + N_TAPS > n) return;
    float s = x[i] + x[i + 1] + x[i + 2];
    y[i] = s * INV_TAPS;  // expect: double-literal literal=INV_TAPS constant_value=0.33333333333333331 severity=info
}

__global__ void exp2_scale(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = exp2f(x[i] * LOG2E);  // expect: double-literal literal=LOG2E severity=info
}

// The sum meets a double literal, and the double result is the divisor:
// the division runs in double.
__global__ void ratio(const float* g, const float* e, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = g[i] * e[i] / (e[i] + 1.);  // expect: double-literal literal=1. result_in_double=true chain="g[i] * e[i] / (e[i] + 1.)" severity=info
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&c, n * sizeof(float));
    int blocks = (n + 255) / 256;
    axpb<<<blocks, 256>>>(a, c, 1.0f, n);
    lerp_half<<<blocks, 256>>>(a, b, c, n);
    affine<<<blocks, 256>>>(a, c, n);
    box3<<<blocks, 256>>>(a, c, n);
    exp2_scale<<<blocks, 256>>>(a, c, n);
    ratio<<<blocks, 256>>>(a, b, c, n);
    cudaDeviceSynchronize();
    return 0;
}

// The same chain in a compute loop: nothing hides it.
__global__ void poly_steps(const float* x, float* out, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    for (int s = 0; s < steps; ++s)
        v = v * INV_TAPS + 0.5f;  // expect: double-literal severity=high
    out[i] = v;
}
