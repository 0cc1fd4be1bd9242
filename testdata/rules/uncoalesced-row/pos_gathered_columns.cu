// uncoalesced-row: each thread walks its own row, visiting the columns an
// index array lists (a permutation search's stripes): the list is the same
// for every lane, so at every iteration the lanes are a whole row apart.
#include <cuda_runtime.h>

__global__ void permuted_row_sums(const float4 *mat, unsigned cols, const unsigned *stripes, unsigned nstripes,
                                  float *sums, unsigned rows)
{
    unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (unsigned i = 0; i < nstripes; ++i) {
        unsigned stripe = stripes[i];
        float4 v = mat[r * cols + stripe];  // expect: uncoalesced-row column=stripes[i] row_width=cols loop_var=i
        s += v.x + v.y + v.z + v.w;
    }
    sums[r] = s;
}

void run(const float4 *m, unsigned cols, const unsigned *stripes, unsigned n, float *sums, unsigned rows)
{
    permuted_row_sums<<<(rows + 255) / 256, 256>>>(m, cols, stripes, n, sums, rows);
}
