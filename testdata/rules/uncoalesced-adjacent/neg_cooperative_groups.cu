// uncoalesced-adjacent, negative: cooperative-groups ranks that index
// consecutive elements, and a small tile's lane (not modelled: it repeats
// within a warp), must not be reported.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void scale(const float* in, float* out, float f, int n)
{
    auto grid = cg::this_grid();
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) out[i] = f * in[i];
}

__global__ void warp_copy(const float4* in, float4* out)
{
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    unsigned i = block.group_index().x * block.size() + warp.meta_group_rank() * 32 + warp.thread_rank();
    out[block.thread_rank()] = in[block.thread_rank()];
    (void)i;
}

__global__ void quad_gather(const float* in, float* out)
{
    auto block = cg::this_thread_block();
    auto quad = cg::tiled_partition<4>(block);
    out[block.thread_rank()] = in[quad.thread_rank() * 2];
}

void launch(const float* in, float* out, const float4* a, float4* b, int n)
{
    scale<<<(n + 255) / 256, 256>>>(in, out, 2.0f, n);
    warp_copy<<<n / 256, 256>>>(a, b);
    quad_gather<<<n / 256, 256>>>(in, out);
}
