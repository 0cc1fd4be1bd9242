// uncoalesced-row, positive: a CSR row walk whose loads and store go through
// the project's cache-hinted wrappers (load(p) around __ldg, store(p, v)
// around __stcs; CUB's ThreadLoad/ThreadStore are read the same way), with
// the row starts staged through shared memory.  The walk is the caller's
// `&indices[nz]`, so each finding is reported at the wrapper's call, not
// inside the wrapper that every kernel shares.
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T load(const T* p)
{
    return __ldg(p);
}

template <typename T>
__device__ __forceinline__ void store(T* p, T v)
{
    __stcs(p, v);
}

__global__ void spmv_staged(const int* offsets, const int* indices, const float* values, const float* x,
                            float* y, int rows)
{
    __shared__ int starts[257];
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    starts[threadIdx.x] = offsets[row];
    if (threadIdx.x == blockDim.x - 1 || row == rows - 1) starts[threadIdx.x + 1] = offsets[row + 1];
    __syncthreads();
    float sum = 0.0f;
    for (int nz = starts[threadIdx.x]; nz < starts[threadIdx.x + 1]; ++nz) {
        int k = load(&indices[nz]); // expect: uncoalesced-row base=indices row_start=starts[threadIdx.x]
        sum += load(&values[nz]) * x[k]; // expect: uncoalesced-row base=values
    }
    store(&y[row], sum);
}

// A row of partial sums written through the store wrapper.
__global__ void row_prefix(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= rows) return;
    float acc = 0.0f;
    for (int i = 0; i < width; i++) {
        acc += in[gid * width + i]; // expect: uncoalesced-row base=in row_width=width
        store(&out[gid * width + i], acc); // expect: uncoalesced-row base=out row_width=width
    }
}
