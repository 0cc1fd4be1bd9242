// double-literal, negatives judged by their run-time effect: a constant
// expression the compiler folds (sqrtf(2.0f / M_PI), 1.0 / 3 converted to
// float once) runs nothing in double.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdlib>

#define SQRT_2_OVER_PI sqrtf(2.0f / M_PI)
#define THIRD (1.0 / 3)

__global__ void gelu_tanh(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float k = SQRT_2_OVER_PI;  // expect-none
    y[i] = 0.5f * v * (1.0f + tanhf(k * (v + 0.044715f * v * v * v)));  // expect-none
}

__global__ void scale_third(float* x, int n)
{
    const float third = THIRD;  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= third;  // expect-none
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float* a;
    cudaMalloc(&a, n * sizeof(float));
    gelu_tanh<<<(n + 255) / 256, 256>>>(a, a, n);
    scale_third<<<(n + 255) / 256, 256>>>(a, n);
    cudaDeviceSynchronize();
    return 0;
}
