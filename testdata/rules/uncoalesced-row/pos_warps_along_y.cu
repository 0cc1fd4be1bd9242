// uncoalesced-row with blocks one thread wide in x: dim3(1, N) forms each
// warp from 32 consecutive threadIdx.y, so a row per threadIdx.y is a row
// per lane. The block's height comes from a constexpr, a traits struct's
// static constexpr member and a config #define.
#include <cuda_runtime.h>

constexpr int kRowsPerBlock = 256;
struct ReduceTraits {
    static constexpr int kThreadsY = 128;
};
#define CFG_BLOCK_Y 64

// one row of `in` per threadIdx.y: rows of `cols` floats
__global__ void row_sums_y(const float* in, float* out, int rows, int cols)
{
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    if (r >= rows) return;
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += in[r * cols + c];  // expect: uncoalesced-row block_shape="1x256x1 (warps along y)" severity=high
    out[r] = s;
}

template <typename Traits>
__global__ void row_max_y(const float* in, float* out, int rows, int cols)
{
    int r = blockIdx.x * Traits::kThreadsY + threadIdx.y;
    if (r >= rows) return;
    float m = in[r * cols];
    for (int c = 1; c < cols; c++) m = fmaxf(m, in[r * cols + c]);  // expect: uncoalesced-row block_shape="1x128x1 (warps along y)" severity=high
    out[r] = m;
}

// a third dimension: (1, 64, 2) still has its warps along y
__global__ void row_copy_y(const float* in, float* out, int cols)
{
    int r = (blockIdx.x * 2 + threadIdx.z) * CFG_BLOCK_Y + threadIdx.y;
    for (int c = 0; c < 16; c++) out[r * 16 + c] = in[r * 16 + c];  // expect: uncoalesced-row block_shape="1x64x2 (warps along y)" row_width_value=16 severity=medium expect: uncoalesced-row block_shape="1x64x2 (warps along y)" row_width_value=16 severity=medium
}

void run(const float* in, float* out, int rows, int cols)
{
    row_sums_y<<<(rows + kRowsPerBlock - 1) / kRowsPerBlock, dim3(1, kRowsPerBlock)>>>(in, out, rows, cols);
    dim3 block(1, ReduceTraits::kThreadsY);
    row_max_y<ReduceTraits><<<(rows + 127) / 128, block>>>(in, out, rows, cols);
    row_copy_y<<<rows / 128, dim3(1, CFG_BLOCK_Y, 2)>>>(in, out, cols);
}
