// uncoalesced-row in a kernel that runs as one block (no block index in its
// addresses): a row walk still costs there, since the SM replays each
// request's 32 sectors (H100: row-W64-1block 2.49x, row-W32-const-1block
// 1.27x), unlike a single access per thread.
#include <cuda_runtime.h>

#define TILE 32

/* a triangular solve of one TILE x TILE block: the rows are staged through
 * shared memory by one block, each thread walking its own row */
__global__ void solve_tile(const float *A, int lda, float *x, int n)
{
    __shared__ float a_s[TILE][TILE];
    __shared__ float x_s[TILE];
    int t = threadIdx.x;
    if (t < n) {
        for (int i = 0; i < n; ++i) a_s[i][t] = A[i + t * lda];  // expect: uncoalesced-row one_block=true walk_length=32 severity=medium
        x_s[t] = x[t];
    }
    __syncthreads();
    if (t == 0)
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < i; ++j) x_s[i] -= a_s[i][j] * x_s[j];
            x_s[i] /= a_s[i][i];
        }
    __syncthreads();
    if (t < n) x[t] = x_s[t];
}

/* the same walk with no cap on its length: read at W=64 */
__global__ void row_sums_one_block(const float *A, int lda, float *out, int n)
{
    int t = threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < n; ++i) s += A[i + t * lda];  // expect: uncoalesced-row one_block=true severity=high
    out[t] = s;
}
