// uncoalesced-row, negatives next to the gathered row walk: a warp that
// reads its looked-up row together (lane q at q, q + 32, ...: coalesced), a
// looked-up row of two elements (adjacent, not a row: uncoalesced-adjacent's
// concern), and a row number looked up anew at every step (no walk).
#include <cuda_runtime.h>

__global__ void warp_per_row(const float* table, const int* tokens, float* out, int dim)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x % 32;
    int row = tokens[warp];
    float s = 0.0f;
    for (int d = lane; d < dim; d += 32)
        s += table[row * dim + d]; // expect-none
    out[warp * 32 + lane] = s;
}

__global__ void pairs(const float2* unused, const float* xy, const int* ids, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int id = ids[t];
    float s = 0.0f;
    for (int c = 0; c < 2; ++c)
        s += xy[id * 2 + c]; // expect-none
    out[t] = s;
}

__global__ void chase_rows(const float* table, const int* next, float* out, int steps, int dim, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < steps; ++i) {
        int row = next[i * n + t];
        s += table[row * dim + i]; // expect-none
    }
    out[t] = s;
}
