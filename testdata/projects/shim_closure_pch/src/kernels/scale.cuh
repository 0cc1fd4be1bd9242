// Compiled at run time: SCALE comes from the host (scale.cpp).
#include <geom/types.hpp>

__global__ void scale(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * SCALE * 0.5;
}
