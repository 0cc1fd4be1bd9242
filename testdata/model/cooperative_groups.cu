// Thread identity through cooperative groups and builtin vectors read
// whole: each index must come out as the threadIdx/blockIdx expression it is.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// A block's rank: threadIdx.x for a 1-D block, so a[rank] is coalesced and
// a[rank * 4] is strided by four elements.
__global__ void block_rank(const float *in, float *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    unsigned base = block.group_index().x * block.dim_threads().x;
    unsigned r = base + block.thread_rank();
    if (r < n) out[r] = in[r * 4];
}

// The grid's rank through `auto`, and a grid-stride loop over its size.
__global__ void grid_rank(const float *in, float *out, int n)
{
    auto grid = cg::this_grid();
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) out[i] = 2.0f * in[i];
}

// A warp tile's lane rank, and a 4-lane tile's (not modelled: it repeats).
__global__ void tiles(const float *in, float *out)
{
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    auto quad = cg::tiled_partition<4>(block);
    out[warp.thread_rank()] = in[quad.thread_rank()];
}

// threadIdx read whole into a local and through a struct of indices.
struct Index2 {
    unsigned x, y;
};
__global__ void whole_vector(const float *in, float *out, int width)
{
    const uint3 t = threadIdx;
    const uint3 b = blockIdx;
    Index2 at{b.x * 16 + t.x, b.y * 16 + t.y};
    out[at.y * width + at.x] = in[at.x * width + at.y];
}
