// A generic launcher: one kernel template runs the caller's device lambda
// per element.  Every .cu file of the project includes it; the first in path
// order owns it (fragments), the others' lambdas are still analysed.
#pragma once
#include <cstddef>

template <typename Op>
__global__ void launch_n_kernel(size_t n, Op op)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) op(i);
}

template <typename Op>
void launch_n(size_t n, Op op)
{
    launch_n_kernel<<<(unsigned)((n + 255) / 256), 256>>>(n, op);
}

// A plain kernel of the header: analysed once, through its owner.
__global__ void scale_all(float* x, size_t n)
{
    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 0.5;
}
