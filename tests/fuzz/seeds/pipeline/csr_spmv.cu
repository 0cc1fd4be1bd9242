// Sparse matrix times vector, CSR, one thread per row (the irregular
// access that row lengths make), and a histogram with shared atomics.
#include <cuda_runtime.h>

__global__ void spmv_csr(int rows, const int *row_ptr, const int *cols, const double *vals, const double *x,
                         double *y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        double dot = 0.0;
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) dot += vals[k] * __ldg(&x[cols[k]]);
        y[r] = dot;
    }
}

__global__ void histogram(const unsigned char *pixels, int n, unsigned int *bins)
{
    __shared__ unsigned int local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[pixels[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}
