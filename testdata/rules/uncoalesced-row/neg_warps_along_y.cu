// uncoalesced-row: no finding where the warp's dimension is read right.
// A (1, N) block whose threadIdx.y steps along the row is coalesced; the
// same row-per-threadIdx.y kernel launched (32, 8) gives each warp one row
// (every lane of a warp has the same threadIdx.y) and reads it as a
// broadcast.
#include <cuda_runtime.h>

__global__ void scale_rows_y(float* m, int cols, float a)
{
    int row = blockIdx.x;
    for (int c = threadIdx.y; c < cols; c += blockDim.y) m[row * cols + c] *= a;
}

__global__ void row_sums_wide(const float* in, float* out, int rows, int cols)
{
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    if (r >= rows) return;
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += in[r * cols + c];
    if (threadIdx.x == 0) out[r] = s;
}

void run(float* m, const float* in, float* out, int rows, int cols)
{
    scale_rows_y<<<rows, dim3(1, 256)>>>(m, cols, 2.0f);
    row_sums_wide<<<(rows + 7) / 8, dim3(32, 8)>>>(in, out, rows, cols);
}
