#pragma once
// Forwarding wrappers, as C++ code calls them.
#include "gpu/kernels_ansi.h"

inline void cuda_scale_rows(dim3 Gr, dim3 Bl, float *data, int rows, int cols, int stride, float alpha)
{
    gpu_scale_rows(Gr, Bl, data, rows, cols, stride, alpha);
}
