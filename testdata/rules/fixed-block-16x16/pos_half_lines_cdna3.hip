// gpulint-test: --rules=fixed-block-16x16 --offload-arch=gfx942
// fixed-block-16x16 on AMD CDNA3 (gfx942): 64-wide wavefronts and 128-byte
// lines.  A 16x16 block's wavefront covers four rows of 16 floats, each half
// a line, as on NVIDIA: reported as there (low, the 1.09x measured on NVIDIA).
#include <hip/hip_runtime.h>

__global__ void brighten(const float* in, float* out, float gain, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) out[y * width + x] = in[y * width + x] * gain;
}

void run_brighten(const float* in, float* out, int width, int height)
{
    dim3 block(16, 16);  // expect: fixed-block-16x16 kernel=brighten context=row-major row_bytes=64 target=gfx942 severity=low
    dim3 grid((width + 15) / 16, (height + 15) / 16);
    hipLaunchKernelGGL(brighten, grid, block, 0, 0, in, out, 1.5f, width, height);
}
