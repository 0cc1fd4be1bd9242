#include "gpu/kernels.h"
#include "host/block_sizes.h"

static int blocks(int n, int b) { return (n + b - 1) / b; }

void Scale(float *data, int rows, int cols, int stride, float alpha)
{
    dim3 dimBlock(TILE_DIM, TILE_DIM);
    dim3 dimGrid(blocks(cols, TILE_DIM), blocks(rows, TILE_DIM));
    cuda_scale_rows(dimGrid, dimBlock, data, rows, cols, stride, alpha);
}

void Add(float *dst, const float *src, int rows, int cols, int stride)
{
    dim3 dimBlock(WIDE_X, 8);
    dim3 dimGrid(blocks(cols, WIDE_X), blocks(rows, 8));
    gpu_add_rows(dimGrid, dimBlock, dst, src, rows, cols, stride);
}

void Copy(float *dst, const float *src, int rows, int cols, int stride, int tuned_x)
{
    dim3 dimBlock(tuned_x, 256 / tuned_x);
    gpu_copy_cols(dim3(blocks(cols, tuned_x)), dimBlock, dst, src, rows, cols, stride);
}
