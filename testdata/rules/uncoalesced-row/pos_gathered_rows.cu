// uncoalesced-row, positives: each thread walks a row it looked up (a
// gathered row: vecs[ids[t]*dim + d]), so the lanes of a warp read unrelated
// rows at every step, one sector each.  An embedding lookup with a run-time
// width, the same behind a guard (valid ? ids[t] : 0, lanes past the end read
// row 0), and a constant width of 32 through an accessor's stride.
#include <cuda_runtime.h>

__global__ void embedding_sum(const float* table, const int* tokens, float* out, int n, int dim)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int row = tokens[t];
    float s = 0.0f;
    for (int d = 0; d < dim; ++d)
        s += table[row * dim + d]; // expect: uncoalesced-row base=table row_width=dim loop_var=d row_start=tokens[t]*dim severity=high
    out[t] = s;
}

__global__ void append_vectors(const float* vecs, const long* vec_ids, float* list, int count, int dim)
{
    int lane = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = lane < count;
    long id = valid ? vec_ids[lane] : 0;
    for (int d = 0; d < dim; ++d) {
        float v = valid ? vecs[id * dim + d] : 0.0f; // expect: uncoalesced-row base=vecs row_width=dim severity=high
        list[d * count + lane] = v;
    }
}

struct Rows32 {
    const float* data;
    __device__ const float& at(int r, int c) const { return data[r * 32 + c]; }
};

__global__ void pick_rows(Rows32 rows, const int* picks, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int r = picks[t];
    float m = 0.0f;
    for (int c = 0; c < 32; ++c)
        m = fmaxf(m, rows.at(r, c)); // expect: uncoalesced-row base=rows.data row_width=32 row_width_value=32
    out[t] = m;
}
