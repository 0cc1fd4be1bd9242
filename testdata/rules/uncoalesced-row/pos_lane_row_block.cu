// uncoalesced-row, positive (mapping=lane-row): one block per vector and one
// thread per candidate code; each thread adds the pair cost of its code and
// the code already chosen for another codebook (read once per block, the
// same in every lane). The row length K is also the block's width at the
// launch (<<<n, K>>>), so the lanes read K floats apart: a sector each.
#include <cuda_runtime.h>

__global__ void pair_costs(const float *unary, const float *pair, const int *codes, float *cost, int M, int K, int m)
{
    int vec = blockIdx.x;
    int code = threadIdx.x;
    float c = unary[vec * K + code];
    for (int m2 = 0; m2 < M; m2++) {
        if (m2 == m) continue;
        int other = codes[vec * M + m2];
        c += pair[m2 * K * K + code * K + other];  // expect: uncoalesced-row mapping=lane-row severity=high
    }
    cost[vec * K + code] = c;
}

void run_pair_costs(const float *unary, const float *pair, const int *codes, float *cost, int n, int M, int K, int m,
                    cudaStream_t stream)
{
    pair_costs<<<n, K, 0, stream>>>(unary, pair, codes, cost, M, K, m);
}
