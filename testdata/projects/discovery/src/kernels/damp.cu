// Every helper lives elsewhere in the project; nothing is passed with -I.
#include <cuda_runtime.h>
#include "common/helpers.cuh"
#include "Config.h"

__global__ void damp(real_t* v, int n)
{
    int i = GLOBAL_INDEX;
    if (i < n) v[i] = HALF_OF(v[i]) * DAMPING;
}
