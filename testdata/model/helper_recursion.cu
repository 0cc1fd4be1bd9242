// Model golden: recursion and the inlining depth limit.
// A recursive helper is inlined once: the recursive call is not followed and
// its result is unknown. Helpers are inlined up to 8 levels; a ninth level is
// not entered, so its access is not recorded.

// With depth = 3 the condition `depth == 0` folds to false (marked constant):
// the dead `return nodes[i]` is not walked, only line 12's load is recorded.
__device__ int tree_sum(const int* nodes, int i, int depth)
{
    if (depth == 0)
        return nodes[i];
    return nodes[i] + tree_sum(nodes, 2 * i + 1, depth - 1);
}

__global__ void sum_trees(const int* nodes, int* out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = tree_sum(nodes, t, 3);
}

__device__ float level9(const float* p, int i) { return p[i + 9]; }
__device__ float level8(const float* p, int i) { return p[i + 8] + level9(p, i); }
__device__ float level7(const float* p, int i) { return p[i + 7] + level8(p, i); }
__device__ float level6(const float* p, int i) { return level7(p, i); }
__device__ float level5(const float* p, int i) { return level6(p, i); }
__device__ float level4(const float* p, int i) { return level5(p, i); }
__device__ float level3(const float* p, int i) { return level4(p, i); }
__device__ float level2(const float* p, int i) { return level3(p, i); }
__device__ float level1(const float* p, int i) { return level2(p, i); }

__global__ void deep_chain(const float* in, float* out)
{
    int i = threadIdx.x;
    out[i] = level1(in, i);
}
