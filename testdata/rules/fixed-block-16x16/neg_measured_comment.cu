// fixed-block-16x16, negative at the default threshold: a comment by the
// 16x16 block says the author measured it (kaldi's "This block dimension
// seems to work better than ..."), so the finding is info, with the
// comment as evidence (author_comment) and no predicted speedup.  A 16x16
// block whose comment says nothing of the kind is still reported.
#include <cuda_runtime.h>

__global__ void add_mat(float* dst, const float* src, int rows, int cols, int stride)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < rows && j < cols) dst[i * stride + j] += src[i * stride + j];
}

void add(float* dst, const float* src, int rows, int cols, int stride)
{
    // This block dimension seems to work better than the
    // one from the block-size helper.
    dim3 block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=add_mat context=row-major severity=info author_comment="This block dimension seems to work better than the one from the block-size helper."
    dim3 grid((cols + 15) / 16, (rows + 15) / 16);
    add_mat<<<grid, block>>>(dst, src, rows, cols, stride);
}

void add_again(float* dst, const float* src, int rows, int cols, int stride)
{
    // the usual tile
    dim3 block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=add_mat context=row-major severity=low
    dim3 grid((cols + 15) / 16, (rows + 15) / 16);
    add_mat<<<grid, block>>>(dst, src, rows, cols, stride);
}
