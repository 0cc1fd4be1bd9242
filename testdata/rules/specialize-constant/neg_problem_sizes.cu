// specialize-constant, negatives: loop bounds that are problem sizes (element
// counts, widths, per-item counts read from memory). They are large and data
// dependent; specializing on them is neither possible nor useful.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void saxpy_grid_stride(float a, const float* x, float* y, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)  // expect-none
        y[i] = a * x[i] + y[i];
}

__global__ void column_sums(const float* m, float* sums, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r)  // expect-none
        acc += m[r * cols + c];
    sums[c] = acc;
}

__global__ void csr_row_dot(const int* row_ptr, const int* col_idx, const float* val,
                            const float* x, float* y, int num_rows)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= num_rows) return;
    int begin = row_ptr[row], end = row_ptr[row + 1];
    float acc = 0.0f;
    for (int j = begin; j < end; ++j)  // expect-none
        acc += val[j] * x[col_idx[j]];
    y[row] = acc;
}

__global__ void block_reduce(const float* in, float* out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int step = blockDim.x / 2; step > 0; step >>= 1) {  // expect-none
        if (threadIdx.x < step)
            s[threadIdx.x] += s[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

int main(int argc, char** argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 4096;
    int cols = argc > 2 ? atoi(argv[2]) : 4096;
    int n = rows * cols;
    float *a, *b; int *rp, *ci;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&rp, (rows + 1) * sizeof(int)); cudaMalloc(&ci, n * sizeof(int));
    saxpy_grid_stride<<<1024, 256>>>(2.0f, a, b, n);
    column_sums<<<(cols + 255) / 256, 256>>>(a, b, rows, cols);
    csr_row_dot<<<(rows + 255) / 256, 256>>>(rp, ci, a, b, b, rows);
    block_reduce<<<(n + 255) / 256, 256>>>(a, b, n);
    cudaDeviceSynchronize();
    return 0;
}
