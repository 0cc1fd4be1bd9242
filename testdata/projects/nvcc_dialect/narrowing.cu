// nvcc accepts narrowing conversions in brace initialisers with a warning;
// clang rejects them. gpulint reads the file as nvcc does: no error, and
// the kernel's finding is reported.
#include <cuda_runtime.h>

struct Range { int begin, end; };

__global__ void fill(float* v, int n, float scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Range r = {i * 2, n / 2.0};
    unsigned short shorts[2] = {i, n};
    if (i < r.end) v[i] = shorts[0] * scale * 0.1;
}

void launch(float* v, int n, size_t block)
{
    dim3 b = {block, 1, 1};
    fill<<<n / 256, b>>>(v, n, 1.0f);
}
