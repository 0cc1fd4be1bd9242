// uncoalesced-row, negatives next to pos_lane_row_block.cu: a lane stride
// that is a parameter but not the block's width (a vector increment such as
// incx, usually 1), the same kernel shape read along the row (the transposed
// index: coalesced), and a stride that is the block width at one launch but
// not at another.
#include <cuda_runtime.h>

__global__ void scale_strided(const float *x, float *y, int incx, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = a * x[i * incx];  // expect-none
}

__global__ void pair_costs_t(const float *pair, const int *codes, float *cost, int M, int K, int m)
{
    int vec = blockIdx.x;
    int code = threadIdx.x;
    float c = 0.0f;
    for (int m2 = 0; m2 < M; m2++) {
        int other = codes[vec * M + m2];
        c += pair[m2 * K * K + other * K + code];  // expect-none
    }
    cost[vec * K + code] = c;
}

__global__ void pick_rows(const float *table, float *out, int K, int col)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = table[threadIdx.x * K + col];  // expect-none
}

void launch_all(const float *x, float *y, const float *pair, const int *codes, float *cost, int n, int M, int K, int m)
{
    scale_strided<<<n / 256, 256>>>(x, y, 1, 2.0f);
    pair_costs_t<<<n, K>>>(pair, codes, cost, M, K, m);
    pick_rows<<<n, K>>>(pair, cost, K, m);
    pick_rows<<<n, 128>>>(pair, cost, K, m);
}
