// uncoalesced-row where the rows each thread owns come from a launch value
// the model cannot express (a float division rounded up, at least one):
// still one value for the whole launch, so the per-thread block of rows
// (row_offset = num_rows * threadIdx.x) and the walk along each row stay
// exact.  `cols /= 4` (rows read as float4) is such a value too.
#include <cuda_runtime.h>

__global__ void row_sums_per_thread(const float *matrix, unsigned rows, unsigned cols, float *sums)
{
    const float4 *mat4 = (const float4 *)matrix;
    cols /= 4;
    size_t num_rows = max((int)ceilf((float)rows / (float)blockDim.x), 1);
    size_t row_offset = num_rows * threadIdx.x;
    for (size_t r = row_offset; r < row_offset + num_rows && r < rows; ++r) {
        float s = 0.0f;
        for (unsigned c = 0; c < cols; ++c) {
            float4 v = mat4[r * cols + c];  // expect: uncoalesced-row row_width=cols*num_rows element_bytes=16
            s += v.x + v.y + v.z + v.w;
        }
        sums[r] = s;  // expect: uncoalesced-row row_width=num_rows loop_var=r
    }
}

void run(const float *m, unsigned rows, unsigned cols, float *sums)
{
    row_sums_per_thread<<<1, 256>>>(m, rows, cols, sums);
}
