// Listed by CMakeLists.txt under an if(); it needs a header no part of the
// project has (for halo_t), so it is degraded either way.
#include <halo_local_ext.h>

__global__ void halo_local_copy(const halo_t* in, halo_t* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
