// uncoalesced-row, negative cases: row walks over shared or local memory, a
// shared-memory tile that fixes the pattern. (A data-dependent row start,
// CSR's val[rowptr[gid] + i], is a positive: pos_csr_rows.cu.)
#include <cuda_runtime.h>

#define TILE 32

// The fix: stage a TILE x TILE block through shared memory with coalesced
// global loads, then let each thread walk its row in shared memory.
__global__ void tiled_row_sum(const float* in, float* out, int rows, int width)
{
    __shared__ float tile[TILE][TILE + 1];
    int row0 = blockIdx.x * TILE;
    int t = threadIdx.x;
    float s = 0.0f;
    for (int c0 = 0; c0 < width; c0 += TILE) {
        for (int r = 0; r < TILE; r++)
            if (row0 + r < rows && c0 + t < width)
                tile[r][t] = in[(row0 + r) * width + c0 + t]; // expect-none
        __syncthreads();
        for (int i = 0; i < TILE; i++)
            s += tile[t][i]; // expect-none
        __syncthreads();
    }
    if (row0 + t < rows) out[row0 + t] = s; // expect-none
}

// Row walk over a per-thread local array.
__global__ void local_rows(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float loc[64];
    for (int i = 0; i < 64; i++) loc[i] = in[i * n + gid]; // expect-none
    int r = threadIdx.x & 3;
    float s = 0.0f;
    for (int i = 0; i < 16; i++)
        s += loc[r * 16 + i]; // expect-none
    if (gid < n) out[gid] = s; // expect-none
}
