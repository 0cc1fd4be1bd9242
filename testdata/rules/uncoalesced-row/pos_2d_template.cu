// uncoalesced-row, positive cases with 2-D thread indexing, template kernels
// and double elements.
#include <cuda_runtime.h>

// Batched matrices: threadIdx.y picks the matrix, threadIdx.x (the warp
// dimension with 32x4 blocks) picks the row, and each thread walks its row.
__global__ void batched_row_sum(const float* in, float* out, int rows, int width, int batch)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    int mat = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && mat < batch) {
        const float* m = in + mat * rows * width;
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += m[row * width + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i block_shape=32x4x1 severity=high
        out[mat * rows + row] = s;
    }
}

// Template on the element type, runtime width; only T=float is instantiated.
template <typename T>
__global__ void row_dot(const T* a, const T* x, T* y, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        T s = 0;
        for (int i = 0; i < width; i++)
            s += a[gid * width + i] * x[i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
        y[gid] = s;
    }
}

// Template on the width; only WIDTH=32 is instantiated.
template <int WIDTH>
__global__ void row_sum_fixed(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < WIDTH; i++)
            s += in[gid * WIDTH + i]; // expect: uncoalesced-row element_bytes=4 loop_var=i severity=high
        out[gid] = s;
    }
}

// double elements, runtime width.
__global__ void drow_sum(const double* in, double* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        double s = 0.0;
        for (int i = 0; i < width; i++)
            s += in[gid * width + i]; // expect: uncoalesced-row element_bytes=8 row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}

void launch_all(const float* d_a, const float* d_x, float* d_y, const double* d_da, double* d_dy,
                int rows, int width, int batch)
{
    dim3 block(32, 4);
    dim3 grid((rows + 31) / 32, (batch + 3) / 4);
    batched_row_sum<<<grid, block>>>(d_a, d_y, rows, width, batch);

    int threads = 256;
    int blocks = (rows + threads - 1) / threads;
    row_dot<float><<<blocks, threads>>>(d_a, d_x, d_y, rows, width);
    row_sum_fixed<32><<<blocks, threads>>>(d_a, d_y, rows);
    drow_sum<<<blocks, threads>>>(d_da, d_dy, rows, width);
}
