// uniform-branch, negative case: `if constexpr` with a comment between the
// keywords. The compiler resolves it per instantiation, so it is no runtime
// branch; gpulint reads the keyword from tokens, where comments do not count.
#include <cuda_runtime.h>

// Not launched here: analysed as the template pattern, HasScale unknown.
template <bool HasScale>
__global__ void scale_rows(float* y, const float* scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;  // expect-none
    float v = y[i];
    if /* per instantiation */ constexpr (HasScale)  // expect-none
        v *= scale[i];
    y[i] = v;
}
