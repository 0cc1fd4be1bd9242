// uncoalesced-row, positive: the CSR row walk, one thread per row. Each
// thread loads its row start (rowptr[gid]) and walks the row from there, so
// at every iteration the lanes of a warp read one element from each of 32
// different rows: a sector per lane. The row length is data, so the finding
// says data-dependent; its cost is predicted at W=64 (as benchmarked): high.
#include <cuda_runtime.h>

__global__ void spmv_csr_scalar(const int* rowptr, const int* colidx, const float* val,
                                const float* x, float* y, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        int begin = rowptr[gid];
        int end = rowptr[gid + 1];
        float s = 0.0f;
        for (int i = 0; i < end - begin; i++)
            s += val[begin + i] * x[colidx[begin + i]]; // expect: uncoalesced-row base=val row_start=rowptr[gid] severity=high // expect: uncoalesced-row base=colidx element_bytes=4 loop_var=i
        y[gid] = s;
    }
}

// The same walk with the bounds as loop variables and a pointer to the row.
__global__ void row_degree_weights(const int* offsets, const float* weights, float* out, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    float total = 0.0f;
    for (int e = offsets[v]; e < offsets[v + 1]; ++e)
        total += weights[e]; // expect: uncoalesced-row base=weights row_start=offsets[v] loop_var=e row_width=data-dependent
    out[v] = total;
}

// A row written by a while loop with its own counter, from a guarded row
// start (valid ? rowptr[row] : 0): the copy of a sparse row, thread per row.
__global__ void copy_rows(const int* rowptr, const int* colidx, int* out_cols, int rows)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = row < rows;
    int begin = valid ? rowptr[row] : 0;
    int end = valid ? rowptr[row + 1] : 0;
    int n = 0;
    while (begin + n < end) {
        out_cols[begin + n] = colidx[begin + n]; // expect: uncoalesced-row base=out_cols row_start=rowptr[row] // expect: uncoalesced-row base=colidx row_start=rowptr[row]
        n++;
    }
}
