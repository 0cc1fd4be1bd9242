// uncoalesced-row, positive: a row walk offset by a value read from a
// struct that a warp's lanes share. threadIdx.y picks the block descriptor
// (the same for every lane along x); threadIdx.x picks the row, and each
// thread walks its own row of the output in the loop over k, from the
// descriptor's column offset: lanes are dim_stride elements apart.
#include <cuda_runtime.h>

struct BlockInfo {
    int col_offset;
    int num_cols;
};

__global__ void add_block_rows(float* data, int dim_stride, int num_rows, const BlockInfo* blocks, int num_blocks)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= num_rows || j >= num_blocks) return;
    const BlockInfo& block = blocks[j];
    int col_start = block.col_offset, ncols = block.num_cols;
    for (int k = 0; k < ncols; k++) {
        int index = i * dim_stride + (k + col_start);
        data[index] = 2.0f * data[index]; // expect: uncoalesced-row base=data loop_var=k row_width=dim_stride // expect: uncoalesced-row base=data loop_var=k
    }
}
