// uncoalesced-row, negatives next to the block-per-column mapping: a block
// per row whose threads run along it, a small constant stride (an
// interleaved pair), and a strided vector whose block index scales with
// the block's width.
#include <cuda_runtime.h>

__global__ void row_sums(const float *m, int width, float *out)
{
    __shared__ float partial[256];
    float s = 0.0f;
    for (int c = threadIdx.x; c < width; c += blockDim.x) s += m[blockIdx.x * width + c];  // expect-none
    partial[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int i = 0; i < blockDim.x; i++) t += partial[i];
        out[blockIdx.x] = t;
    }
}

__global__ void pair_sum(const float *pairs, float *out)
{
    out[threadIdx.x] = pairs[threadIdx.x * 2 + blockIdx.x];  // expect-none
}

__global__ void strided_scale(float *x, int incx, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i * incx] *= a;  // expect-none
}

void run(const float *m, float *out, float *x, int rows, int width, int n)
{
    row_sums<<<rows, 256>>>(m, width, out);
    pair_sum<<<2, 256>>>(m, out);
    strided_scale<<<(n + 255) / 256, 256>>>(x, 1, n, 2.0f);
}
