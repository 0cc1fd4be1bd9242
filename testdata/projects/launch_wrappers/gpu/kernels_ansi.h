#pragma once
#include <cuda_runtime.h>

void gpu_scale_rows(dim3 Gr, dim3 Bl, float *data, int rows, int cols, int stride, float alpha);
void gpu_add_rows(dim3 Gr, dim3 Bl, float *dst, const float *src, int rows, int cols, int stride);
void gpu_copy_cols(dim3 Gr, dim3 Bl, float *dst, const float *src, int rows, int cols, int stride);
