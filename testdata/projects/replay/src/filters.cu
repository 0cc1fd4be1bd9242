// A small image-filter program: kernels, their launches and a main of its own.
#include <cstdio>
#include <cuda_runtime.h>
#include "filter_config.h"

// A templated kernel launched with a 2-D 16x16 block; the radius is a
// run-time value that is always 3.
template <int CHANNELS>
__global__ void blur_rows(const float* in, float* out, int width, int height, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float s = 0.0f;
    for (int d = -radius; d <= radius; ++d) {
        int xx = min(max(x + d, 0), width - 1);
        s += in[(y * width + xx) * CHANNELS];
    }
    out[(y * width + x) * CHANNELS] = s / (2 * radius + 1);
}

// An index array: idx[i] picks an entry of table.
__global__ void gather_scaled(const int* idx, const float* table, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table[idx[i]] * 0.5 * GAIN;
}

// Each thread sums its own row: a struct argument gives the shape.
__global__ void row_sums(const float* a, float* sums, Dims d)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= d.rows) return;
    float s = 0.0f;
    for (int j = 0; j < d.cols; ++j) s += a[row * d.cols + j];
    sums[row] = s;
}

int main()
{
    const int width = 1920, height = 1080, n = 1 << 20;
    float *in, *out, *table, *sums;
    int* idx;
    cudaMalloc(&in, sizeof(float) * width * height);
    cudaMalloc(&out, sizeof(float) * width * height);
    cudaMalloc(&table, sizeof(float) * 4096);
    cudaMalloc(&idx, sizeof(int) * n);
    cudaMalloc(&sums, sizeof(float) * n);
    dim3 block(16, 16);
    dim3 grid((width + 15) / 16, (height + 15) / 16);
    blur_rows<1><<<grid, block>>>(in, out, width, height, 3);
    gather_scaled<<<n / 256, 256>>>(idx, table, out, n);
    Dims d = {n / 64, 64};
    row_sums<<<(d.rows + 255) / 256, 256>>>(in, sums, d);
    cudaDeviceSynchronize();
    std::printf("done\n");
    return 0;
}
