// Launch shapes a helper fills through references (`configure(n, block,
// grid)` setting dim3 &block): unknown at the launch, not the default
// constructor's 1x1x1.  A shape only read by a call (const reference, by
// value, the launch itself) stays known; the address given away is unknown.
#include <cuda_runtime.h>

__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

static void configure(int n, dim3 &block, dim3 &grid)
{
    block.x = n < 256 ? 32 : 256;
    grid.x = (n + block.x - 1) / block.x;
}

static int threads_of(const dim3 &block)
{
    return (int)(block.x * block.y * block.z);
}

static void configure_ptr(dim3 *block)
{
    block->x = 128;
}

void run(float *x, int n)
{
    dim3 block, grid;
    configure(n, block, grid);
    scale<<<grid, block>>>(x, n, 2.0f);

    dim3 known(128);
    int t = threads_of(known);
    scale<<<(n + t - 1) / t, known>>>(x, n, 0.5f);

    dim3 given;
    configure_ptr(&given);
    scale<<<(n + 127) / 128, given>>>(x, n, 3.0f);
}
