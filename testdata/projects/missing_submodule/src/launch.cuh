// A generic launcher: one thread per element runs the functor.
#pragma once
#include <cuda_runtime.h>

namespace mlib {
template <typename F>
__global__ void for_each_index(int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i);
}

template <typename F>
void launch_n(int n, F f)
{
    for_each_index<<<(n + 255) / 256, 256>>>(n, f);
}
}  // namespace mlib
