// uncoalesced-row, negatives: loaded indices that are not a per-thread row
// walk. A row start shared by the block (a warp walks one row: coalesced), a
// gather through a loaded column index (no walk), and an index loaded anew at
// every iteration (no fixed row start).
#include <cuda_runtime.h>

__global__ void spmv_block_per_row(const int* rowptr, const float* val, float* partial)
{
    int begin = rowptr[blockIdx.x];
    int end = rowptr[blockIdx.x + 1];
    float s = 0.0f;
    for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
        s += val[i]; // expect-none
    partial[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void gather_columns(const int* colidx, const float* x, float* y, int nnz_per_row)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < nnz_per_row; i++)
        s += x[colidx[i * gridDim.x * blockDim.x + gid]]; // expect-none
    y[gid] = s;
}

__global__ void chase(const int* next, const float* val, float* y, int steps, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < steps; i++) {
        int at = next[i * n + gid];
        s += val[at + i]; // expect-none
    }
    y[gid] = s;
}
