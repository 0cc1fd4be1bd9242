// Each thread walks its own row: neighbouring threads read addresses a row
// apart (uncoalesced).  A 16x16 block and a mode flag on a kernel argument.
#include <cuda_runtime.h>

struct Matrix {
    const float *data;
    int rows, cols, stride;
};

__global__ void row_means(Matrix m, float *means, int mode)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m.rows) return;
    float s = 0;
    for (int c = 0; c < m.cols; c++) {
        float v = m.data[row * m.stride + c];
        if (mode == 1) v = fabsf(v);
        s += v;
    }
    means[row] = s / m.cols;
}

__global__ void scale_tile(float *a, int width, float k)
{
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    a[y * width + x] *= k;
}

void run(Matrix m, float *means, float *a, int width, int height)
{
    row_means<<<(m.rows + 127) / 128, 128>>>(m, means, 0);
    dim3 block(16, 16), grid(width / 16, height / 16);
    scale_tile<<<grid, block>>>(a, width, 2.0f);
}
