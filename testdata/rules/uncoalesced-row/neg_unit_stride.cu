// uncoalesced-row, negatives for a loop stepped by a run-time stride: lanes
// one element apart walk down a column together (coalesced whatever the
// stride), and a stride that is also the lanes' own (lanes and steps both
// `stride` apart: contiguous when it is 1) is no row walk when it is 1.
#include <cuda_runtime.h>

__global__ void column_sums(const float* A, float* out, int cols, int rows, int lda)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        s += A[c + r * lda]; // expect-none
    out[c] = s;
}

__global__ void interleaved(const float* A, float* out, int n, int len, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int l = 0; l < len; l++)
        s += A[(i + l) * stride]; // expect-none
    out[i] = s;
}
