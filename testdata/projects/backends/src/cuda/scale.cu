// The common header includes <backend.hpp>: this backend's (src/cuda), the
// one nearest this translation unit, not the CPU backend's (a shorter path).
#include <common/dispatch.hpp>

__global__ void scale(real_t* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.1;
}

void run(real_t* v, int n) { scale<<<(n + BACKEND_BLOCK - 1) / BACKEND_BLOCK, BACKEND_BLOCK>>>(v, n); }
