// Model golden: integers loaded at a thread-dependent address. Each load is
// a value of its own (a SYMK_LOADED symbol named by its text), so an index
// built on it stays exact in data_offset: the CSR row walk below is
// rowptr[row] + j per thread. The recorded byte offset, loop init and bound
// and branch condition stay <non-affine> as before: only data_offset names
// loaded values.

__global__ void csr_spmv(const int* rowptr, const int* cols, const float* vals, const float* x, float* y,
                         int rows)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        int start = rowptr[row];
        int end = rowptr[row + 1];
        float sum = 0.0f;
        for (int j = start; j < end; j++)      // init and bound: loaded values
            sum += vals[j] * x[cols[j]];       // vals, cols: start + j; x: cols[j]
        y[row] = sum;
    }
}

__global__ void uniform_row(const int* rowptr, const float* vals, float* y)
{
    int start = rowptr[blockIdx.x];             // a block-uniform load: the same in every lane, a uniform symbol
    y[blockIdx.x * blockDim.x + threadIdx.x] = vals[start + threadIdx.x];
}
