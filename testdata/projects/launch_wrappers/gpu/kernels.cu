// Each kernel is launched by an exported wrapper that takes the
// configuration as parameters; the shapes are built in host/matrix.cc.
#include "gpu/kernels_ansi.h"

__global__ void _scale_rows(float *data, int rows, int cols, int stride, float alpha)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) data[i * stride + j] *= alpha;
}

__global__ void _add_rows(float *dst, const float *src, int rows, int cols, int stride)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) dst[i * stride + j] += src[i * stride + j];
}

__global__ void _copy_cols(float *dst, const float *src, int rows, int cols, int stride)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) dst[i * stride + j] = src[i * stride + j];
}

void gpu_scale_rows(dim3 Gr, dim3 Bl, float *data, int rows, int cols, int stride, float alpha)
{
    _scale_rows<<<Gr, Bl>>>(data, rows, cols, stride, alpha);
}

void gpu_add_rows(dim3 Gr, dim3 Bl, float *dst, const float *src, int rows, int cols, int stride)
{
    _add_rows<<<Gr, Bl>>>(dst, src, rows, cols, stride);
}

void gpu_copy_cols(dim3 Gr, dim3 Bl, float *dst, const float *src, int rows, int cols, int stride)
{
    _copy_cols<<<Gr, Bl>>>(dst, src, rows, cols, stride);
}
