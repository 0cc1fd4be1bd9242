// uncoalesced-row, negatives next to the walk over listed columns: a block
// sharing one row (the row from blockIdx), the list indexing rows whose
// columns the lanes span, and a list each thread reads for itself.
#include <cuda_runtime.h>

__global__ void block_row(const float *mat, unsigned cols, const unsigned *idx, unsigned n, float *out)
{
    float s = 0.0f;
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x) s += mat[blockIdx.x * cols + idx[i]];  // expect-none
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void listed_rows(const float *mat, unsigned cols, const unsigned *rows_list, unsigned n, float *out)
{
    unsigned c = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (unsigned i = 0; i < n; ++i) s += mat[rows_list[i] * cols + c];  // expect-none
    out[c] = s;
}

void run(const float *m, unsigned cols, const unsigned *idx, unsigned n, float *out, unsigned rows)
{
    block_row<<<rows, 256>>>(m, cols, idx, n, out);
    listed_rows<<<(cols + 255) / 256, 256>>>(m, cols, idx, n, out);
}
