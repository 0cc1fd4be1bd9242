// double-literal, positives: the promotion makes a math call resolve to its
// double overload (exp(double), sqrt(double), ...). In an elementwise kernel
// (a global load and store per evaluation) the double routine still shows:
// H100 exp 1.13x (low), log 1.23x and tanh 1.31x (medium), sqrt 1.02x (info);
// in a compute loop it is the whole cost (exp 3.0x, high).
// [Yang] Sec. V.F: exp(-(4.0)/t) with a float t runs division and exp in double.
#include <cuda_runtime.h>

__global__ void boltzmann(const float* temp, float* w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float t = temp[i];
        float e = exp(-(4.0) / t);  // expect: double-literal literal=4.0 float_operand=t double_math_call=exp severity=low
        w[i] = e;
    }
}

__global__ void root_twice(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        out[i] = sqrt(x * 2.0);  // expect: double-literal literal=2.0 float_operand=x double_math_call=sqrt severity=info
    }
}

__global__ void log1p_naive(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        out[i] = log(x + 1.0);  // expect: double-literal literal=1.0 double_math_call=log severity=medium
    }
}

__global__ void sine_wave(const float* phase, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float p = phase[i];
        out[i] = sin(6.283185307179586 * p);  // expect: double-literal literal=6.283185307179586 double_math_call=sin severity=high
    }
}

__global__ void soft_sign(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tanh(in[i] * 0.5);  // expect: double-literal literal=0.5 double_math_call=tanh severity=medium
}

// expf takes a float, so no double math call is reached; the product itself
// is still computed in double: severity medium.
__global__ void half_exp(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = expf(in[i] * 0.5);  // expect: double-literal literal=0.5 severity=info
}

int main()
{
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    boltzmann<<<n / 256, 256>>>(a, b, n);
    root_twice<<<n / 256, 256>>>(a, b, n);
    log1p_naive<<<n / 256, 256>>>(a, b, n);
    sine_wave<<<n / 256, 256>>>(a, b, n);
    half_exp<<<n / 256, 256>>>(a, b, n);
    cudaDeviceSynchronize();
    return 0;
}

// A compute loop (no global access per evaluation): exp runs in double at
// every step.
__global__ void anneal(const float* t0, float* out, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float t = t0[i], acc = 0.0f;
    for (int s = 0; s < steps; ++s) {
        acc += exp(-(4.0) / t);  // expect: double-literal literal=4.0 double_math_call=exp severity=high
        t *= 0.99f;
    }
    out[i] = acc;
}
