// No __global__ in this file's text: the kernel's qualifier comes from a
// macro of the header it includes, so the file is parsed.
#include "../kernels/launch_macros.h"

KERNEL_QUALIFIER void triple(float *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 3.0;
}
