// specialize-constant, positives: a loop bounded by a block dimension in a
// kernel that every launch of the file gives the same small block.  Each
// thread loads blockDim.y adjacent values, a trip count the compiler reads at
// run time although it is always 4: a compile-time block size would unroll
// the loop (and allow one vector load).  The block's reduction over shared
// memory afterwards, bounded the same way, moves no global data: unrolling
// it gains nothing measurable, and it is not reported.
#include <cuda_runtime.h>

__device__ void load_strip(const float* in, float* tile, int row, int col, int n)
{
    for (int k = 0; k < blockDim.y; ++k)  // expect: specialize-constant symbol=blockDim.y value_source=launch-block values=4 severity=low
        tile[threadIdx.y * 33 + threadIdx.x] += in[row * n + col + k];
}

__global__ void column_partials(const float* in, float* partial, int rows, int n)
{
    __shared__ float tile[4 * 33];
    tile[threadIdx.y * 33 + threadIdx.x] = 0.0f;
    int col = blockIdx.x * blockDim.x * blockDim.y + threadIdx.x * blockDim.y;
    for (int row = threadIdx.y; row < rows; row += blockDim.y)
        load_strip(in, tile, row, col, n);
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < blockDim.y; ++k)  // expect-none
        sum += tile[k * 33 + threadIdx.x];
    if (threadIdx.y == 0) partial[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

void column_sums(const float* in, float* partial, int rows, int n, cudaStream_t stream)
{
    const dim3 threads(32, 4, 1);
    const dim3 blocks((n + 127) / 128, 1, 1);
    column_partials<<<blocks, threads, 0, stream>>>(in, partial, rows, n);
    column_partials<<<blocks, threads, 0, stream>>>(in + rows * n, partial + n, rows, n);
}
