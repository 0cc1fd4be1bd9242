// An optional code path: thrust only when the build defines USE_THRUST_SCAN,
// which nothing here does.  The file needs the toolkit's headers (thrust is
// only there) but not the 'cccl' prelude: the include under #ifdef of a name
// nothing defines does not choose it ('runtime' is enough).
#include <cuda_runtime.h>
#ifdef USE_THRUST_SCAN
#include <thrust/scan.h>
#endif

__global__ void prefix_step(const int *in, int *out, int n, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i >= offset ? in[i] + in[i - offset] : in[i];
}
