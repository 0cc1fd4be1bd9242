// uncoalesced-row, positive: the row walk written with 24-bit multiplies, as
// older kernels (written for GPUs where __mul24 was faster) compute indices.
// __mul24(a, b) is a*b for index-sized values, so the row start is tid*width.
#include <cuda_runtime.h>

__global__ void row_norms_mul24(const float* in, float* out, int rows, int width)
{
    int gid = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        int start = __mul24(gid, width);
        for (int i = 0; i < width; i++) {
            float v = in[start + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
            s += v * v;
        }
        out[gid] = sqrtf(s);
    }
}
