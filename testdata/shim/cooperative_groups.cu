// Shim coverage: cooperative_groups.h and cooperative_groups/reduce.h. Must
// parse with the bundled shim with no error and no note.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v)
{
    for (int offset = tile.size() / 2; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v;
}

// Block reduction through warp tiles; the per-element scale is a double.
__global__ void block_sum(const float* in, float* out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    __shared__ float partial[32];
    int i = block.group_index().x * block.dim_threads().x + block.thread_index().x;
    float v = i < n ? in[i] * 0.5 : 0.0f;  // expect: double-literal literal=0.5 severity=info
    v = tile_sum(tile, v);
    if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
    block.sync();
    if (block.thread_rank() < 32) {
        float p = partial[block.thread_rank()];
        float total = cg::reduce(tile, p, cg::plus<float>());
        if (block.thread_rank() == 0) out[blockIdx.x] = total;
    }
}

// Min and max of a 16-thread tile, votes, a grid-wide barrier.
__global__ void tile_extrema(const float* in, float* lo, float* hi, int n)
{
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<16>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    float mn = cg::reduce(tile, v, cg::less<float>());
    float mx = cg::reduce(tile, v, cg::greater<float>());
    if (tile.any(v < 0.0f) && !tile.all(v < 0.0f)) mx = tile.shfl(mx, 0);
    unsigned mask = tile.ballot(v > mx);
    cg::grid_group grid = cg::this_grid();
    grid.sync();
    if (tile.thread_rank() == 0 && grid.thread_rank() < grid.size()) {
        lo[i / 16] = mn;
        hi[i / 16] = mx + (float)mask;
    }
}

// Coalesced groups inside a divergent branch.
__global__ void count_positive(const int* in, int* count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        if (active.thread_rank() == 0) atomicAdd(count, (int)active.size());
    }
}

void launch(const float* in, float* out, float* lo, float* hi, const int* a, int* c, int n)
{
    block_sum<<<(n + 255) / 256, 256>>>(in, out, n);
    tile_extrema<<<(n + 255) / 256, 256>>>(in, lo, hi, n);
    count_positive<<<(n + 255) / 256, 256>>>(a, c, n);
}
