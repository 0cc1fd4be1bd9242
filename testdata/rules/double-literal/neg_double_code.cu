// double-literal, negatives: code that is double on purpose. Operands already
// double (double arrays, double kernel parameters, explicit casts to double),
// and a template kernel instantiated only with double.
#include <cuda_runtime.h>

__global__ void scale_doubles(const double* in, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double d = in[i];
        out[i] = d * 1.5;  // expect-none
    }
}

__global__ void daxpy(double a, const double* x, double* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + 0.5 * y[i];  // expect-none
}

// Float data accumulated in double on purpose: the conversion is explicit.
__global__ void row_sum_double(const float* x, double* sums, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double acc = 0.0;
    for (int c = 0; c < cols; ++c)
        acc += 0.5 * (double)x[c * rows + r];  // expect-none
    sums[r] = acc;
}

// Instantiated with double only (launch below).
template <typename T>
__global__ void scale_half_t(T* a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 0.5;  // expect-none
}

int main()
{
    const int n = 1 << 20;
    double* d; float* f;
    cudaMalloc(&d, n * sizeof(double)); cudaMalloc(&f, n * sizeof(float));
    scale_doubles<<<n / 256, 256>>>(d, d, n);
    daxpy<<<n / 256, 256>>>(2.0, d, d, n);
    row_sum_double<<<n / 256, 256>>>(f, d, 1024, n / 1024);
    scale_half_t<double><<<n / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    return 0;
}
