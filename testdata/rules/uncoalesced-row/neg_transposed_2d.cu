// uncoalesced-row, negatives next to the transposed 2-D mapping: the
// row-major mapping (threadIdx.x along the row), a flattened block, a
// strided vector (x[i*incx]: one thread dimension, incx is usually 1), and a
// 2-D block whose x extent is 1 (threadIdx.x adds nothing).
#include <cuda_runtime.h>

__global__ void row_major(float* out, const float* in, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) out[y * width + x] = 2.0f * in[y * width + x]; // expect-none
}

__global__ void flattened(float* out, const float* in, int n)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int i = blockIdx.x * blockDim.x * blockDim.y + t;
    if (i < n) out[i] = in[i] + 1.0f; // expect-none
}

__global__ void strided_axpy(float* y, const float* x, float a, int n, int incx, int incy)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i * incy] += a * x[i * incx]; // expect-none
}

// threadIdx.x multiplies the width, but the x extent is 1: a warp is 32
// consecutive y, one row segment.
__global__ void one_wide(float* out, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[x * width + y] = 0.0f; // expect-none
}

void run(float* a, const float* b, int w, int h)
{
    row_major<<<dim3((w + 31) / 32, (h + 7) / 8), dim3(32, 8)>>>(a, b, w, h);
    flattened<<<(w * h + 255) / 256, dim3(16, 16)>>>(a, b, w * h);
    strided_axpy<<<(w + 255) / 256, 256>>>(a, b, 2.0f, w, 2, 1);
    one_wide<<<dim3(h, w / 256), dim3(1, 256)>>>(a, w);
}
