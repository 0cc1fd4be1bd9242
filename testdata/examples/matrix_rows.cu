// matrix_rows.cu: row statistics and a dense layer on row-major matrices.
//
//   row_sums_naive  one thread per row (each thread walks its own row)
//   row_sums_block  one block per row, threads stride along the row
//   normalize_rows  divide every element by its row sum (2-D, 32x8 blocks)
//   dense_forward   out = sigmoid(act * W + b), one thread per output
//
// Usage: matrix_rows [rows] [cols] [out_features]
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define REDUCE_THREADS 256

__global__ void row_sums_naive(const float* A, float* sums, int rows, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float s = 0.0f;
    for (int j = 0; j < cols; ++j)
        s += A[row * cols + j];  // expect: uncoalesced-row base=A element_bytes=4 row_width=cols loop_var=j
    sums[row] = s;
}

__global__ void row_sums_block(const float* A, float* sums, int rows, int cols)
{
    __shared__ float partial[REDUCE_THREADS];
    int row = blockIdx.x;
    float s = 0.0f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
        s += A[row * cols + j];  // expect-none
    partial[threadIdx.x] = s;
    __syncthreads();
    for (int step = blockDim.x / 2; step > 0; step >>= 1) {
        if (threadIdx.x < step)
            partial[threadIdx.x] += partial[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        sums[row] = partial[0];
}

__global__ void normalize_rows(float* A, const float* sums, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col >= cols) return;
    float s = sums[row];
    A[row * cols + col] = s != 0.0f ? A[row * cols + col] / s : 0.0f;
}

// Each thread reads one row segment of the activations and one column of the
// weights; threads of a block row share the activation row through the cache.
__global__ void dense_forward(const float* act, const float* weights, const float* bias,
                              float* out, int batch, int in_features, int out_features)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= batch || col >= out_features) return;
    float acc = bias[col];
    for (int k = 0; k < in_features; ++k)
        acc += act[row * in_features + k] * weights[k * out_features + col];  // expect-none
    out[row * out_features + col] = 1.0f / (1.0f + expf(-acc));
}

static void launch_dense(const float* act, const float* w, const float* b, float* out,
                         int batch, int in_features, int out_features)
{
    dim3 block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=dense_forward context=row-reuse severity=medium
    dim3 grid((out_features + block.x - 1) / block.x, (batch + block.y - 1) / block.y);
    dense_forward<<<grid, block>>>(act, w, b, out, batch, in_features, out_features);
}

int main(int argc, char** argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 8192;
    int cols = argc > 2 ? atoi(argv[2]) : 1024;
    int out_features = argc > 3 ? atoi(argv[3]) : 512;

    std::vector<float> h_A((size_t)rows * cols);
    for (size_t k = 0; k < h_A.size(); ++k)
        h_A[k] = (float)(k % 17) / 17.0f;
    std::vector<float> h_W((size_t)cols * out_features, 1.0f / cols);

    float *d_A, *d_sums, *d_sums2, *d_W, *d_b, *d_out;
    cudaMalloc(&d_A, h_A.size() * sizeof(float));
    cudaMalloc(&d_sums, rows * sizeof(float));
    cudaMalloc(&d_sums2, rows * sizeof(float));
    cudaMalloc(&d_W, h_W.size() * sizeof(float));
    cudaMalloc(&d_b, out_features * sizeof(float));
    cudaMalloc(&d_out, (size_t)rows * out_features * sizeof(float));
    cudaMemcpy(d_A, h_A.data(), h_A.size() * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_W, h_W.data(), h_W.size() * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_b, 0, out_features * sizeof(float));

    row_sums_naive<<<(rows + 255) / 256, 256>>>(d_A, d_sums, rows, cols);
    row_sums_block<<<rows, REDUCE_THREADS>>>(d_A, d_sums2, rows, cols);

    std::vector<float> s1(rows), s2(rows);
    cudaMemcpy(s1.data(), d_sums, rows * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(s2.data(), d_sums2, rows * sizeof(float), cudaMemcpyDeviceToHost);
    double max_diff = 0.0;
    for (int r = 0; r < rows; ++r)
        max_diff = fmax(max_diff, fabs((double)s1[r] - s2[r]));

    dim3 nblock(32, 8);
    dim3 ngrid((cols + 31) / 32, (rows + 7) / 8);
    normalize_rows<<<ngrid, nblock>>>(d_A, d_sums2, rows, cols);
    launch_dense(d_A, d_W, d_b, d_out, rows, cols, out_features);

    float first = 0.0f;
    cudaMemcpy(&first, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("row sums agree to %.3g, out[0][0] = %.5f\n", max_diff, first);

    cudaFree(d_A); cudaFree(d_sums); cudaFree(d_sums2);
    cudaFree(d_W); cudaFree(d_b); cudaFree(d_out);
    return 0;
}
