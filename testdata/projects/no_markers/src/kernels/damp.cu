#include "physics/units.h"

__global__ void damp(real_t *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // DAMPING is a double literal: v[i] * DAMPING computes in double
        v[i] = v[i] * DAMPING + sinf(v[i]);
    }
}
