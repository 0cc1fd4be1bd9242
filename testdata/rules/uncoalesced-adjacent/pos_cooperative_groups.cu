// uncoalesced-adjacent, positive: the thread index comes from cooperative
// groups (a block's and a grid's rank); each thread reads an (N,3) point.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Points stored as x,y,z triples: K=3 loads per thread, lanes 12 bytes apart.
__global__ void centroid_distance(const float* points, const float* center, float* dist, int n)
{
    cg::grid_group grid = cg::this_grid();
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) {
        float dx = points[3 * i + 0] - center[0]; // expect: uncoalesced-adjacent K=3 offsets=0,1,2 element_bytes=4
        float dy = points[3 * i + 1] - center[1];
        float dz = points[3 * i + 2] - center[2];
        dist[i] = sqrtf(dx * dx + dy * dy + dz * dz);
    }
}

// A block's rank in a 1-D launch, used with the block's position.
__global__ void pair_sum(const float* pairs, float* out, int n)
{
    auto block = cg::this_thread_block();
    int i = block.group_index().x * block.size() + block.thread_rank();
    if (i < n) out[i] = pairs[2 * i] + pairs[2 * i + 1]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4
}

void launch(const float* p, const float* c, float* d, float* out, int n)
{
    centroid_distance<<<(n + 255) / 256, 256>>>(p, c, d, n);
    pair_sum<<<(n + 255) / 256, 256>>>(p, out, n);
}
