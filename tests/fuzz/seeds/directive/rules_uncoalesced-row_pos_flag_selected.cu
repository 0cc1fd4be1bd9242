// A kernel a build flag selects (nvcc -DUSE_ROW_KERNEL in one target of the
// project): parsed as it is, the preprocessor skips it; gpulint parses the
// file once more with the flag.
#include <cuda_runtime.h>

#if defined(USE_ROW_KERNEL) && ROW_VARIANT >= 2
__global__ void row_max(const float *a, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float m = a[i * n];
    for (int j = 1; j < n; j++) m = fmaxf(m, a[i * n + j]);  // expect: uncoalesced-row row_width=n
    out[i] = m;
}
#else
__global__ void column_max(const float *a, float *out, int rows, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float m = a[i];
    for (int r = 1; r < rows; r++) m = fmaxf(m, a[r * n + i]);
    out[i] = m;
}
#endif

#if defined(__HIP_PLATFORM_AMD__)
/* a compiler's own name: not gpulint's to choose */
__global__ void hip_rows(const float *a, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int j = 0; j < n; j++) out[i] += a[i * n + j];
}
#endif
