// double-literal, positives: promotions inside loops (every iteration pays the
// float<->double conversions: severity high) and a template kernel whose
// float instantiation promotes.
#include <cuda_runtime.h>

__global__ void damp(float* v, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = v[i];
    for (int s = 0; s < steps; ++s)
        x = x * 0.99;  // expect: double-literal literal=0.99 float_operand=x severity=high
    v[i] = x;
}

__global__ void weighted_sum(const float* in, float* out, int n, int width)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < width; ++k) {
        float w = in[k * n + i];
        acc += w * 0.5;  // expect: double-literal literal=0.5 float_operand=w severity=info
    }
    out[i] = acc;
}

// Instantiated with float only (launch below): a[i] * 0.5 is float * double.
template <typename T>
__global__ void scale_half(T* a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 0.5;  // expect: double-literal literal=0.5 severity=info
}

int main()
{
    const int n = 1 << 20;
    float* x;
    cudaMalloc(&x, 4 * n * sizeof(float));
    damp<<<n / 256, 256>>>(x, n, 16);
    weighted_sum<<<n / 256, 256>>>(x, x, n, 4);
    scale_half<float><<<n / 256, 256>>>(x, n);
    cudaDeviceSynchronize();
    return 0;
}
