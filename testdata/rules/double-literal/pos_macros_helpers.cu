// double-literal, positives: literals that come from macros (reported at the
// line where the macro is used) and literals inside __device__ and
// __host__ __device__ helpers called from kernels (reported in the helper).
#include <cuda_runtime.h>

#define SCALE 0.5
#define EPSILON 1e-6
#define HALF_OF(x) ((x) * 0.5)

__global__ void apply_scale(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * SCALE;  // expect: double-literal severity=info
}

__global__ void inverse(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 1.0f / (x[i] + EPSILON);  // expect: double-literal severity=info
}

__global__ void halve_macro(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = HALF_OF(x[i]);  // expect: double-literal severity=medium
}

__device__ float soften(float v)
{
    return v * 0.25;  // expect: double-literal literal=0.25 float_operand=v severity=info
}

__global__ void soften_all(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = soften(x[i]);
}

__host__ __device__ inline float midpoint(float a, float b)
{
    return a + (b - a) * 0.5;  // expect: double-literal literal=0.5 result_in_double=true severity=info
}

__global__ void midpoints(const float* a, const float* b, float* m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        m[i] = midpoint(a[i], b[i]);
}

int main()
{
    const int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    apply_scale<<<n / 256, 256>>>(a, b, n);
    inverse<<<n / 256, 256>>>(a, b, n);
    halve_macro<<<n / 256, 256>>>(a, b, n);
    soften_all<<<n / 256, 256>>>(a, n);
    midpoints<<<n / 256, 256>>>(a, b, b, n);
    cudaDeviceSynchronize();
    return 0;
}
