// The kernel, in a header.
#pragma once
#include "mini/view.cuh"
__global__ void scale(View<float> v, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < v.n) v[i] = v[i] * 0.5 * s;
}
