// Kernels instantiated only by the host wrappers below, whose signatures
// use names of the CUDA build (Real) and of the missing header (int16):
// without them the wrappers are invalid and the kernels are lost.
#include "gpu/gpu_common.h"

template <typename I>
__global__ void compress(const Real* src, I* dest, int n, float inv_scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dest[i] = (I)(src[i] * inv_scale);
}

void compress_int16(const Real* src, int16* dest, int n, float inv_scale)
{
    compress<<<(n + GPU_WARP * 8 - 1) / (GPU_WARP * 8), GPU_WARP * 8>>>(src, dest, n, inv_scale);
}

void compress_uint8(const Real* src, unsigned char* dest, int n, float inv_scale)
{
    compress<<<(n + 255) / 256, 256>>>(src, dest, n, inv_scale);
}
