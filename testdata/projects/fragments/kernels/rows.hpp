// A C++ header that defines a kernel (as arrayfire's kernel/*.hpp do): CUDA
// code by its content, analysed through the .cu that includes it.
#pragma once
#include "launch_macros.h"

__global__ void row_sums(const float *in, float *out, int width)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int j = 0; j < width; ++j) s += in[row * width + j];
    out[row] = s;
}
