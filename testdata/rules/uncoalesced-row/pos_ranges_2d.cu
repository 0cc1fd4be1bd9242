// uncoalesced-row: a walk from a loaded start in a 2-D block. threadIdx.x
// picks a column range (its start loaded from `ranges`) and threadIdx.y the
// row, so the 32 lanes of a warp (one threadIdx.y, blockDim.x >= 32) start
// their walks at unrelated columns of the same row: a sector per lane.
// With a block narrower than a warp in x, threadIdx.y varies inside the
// warp too and the rule stays quiet.
#include <cuda_runtime.h>

struct Range {
    int first, second;
};

__global__ void sum_column_ranges(const float* src, int src_stride, const Range* ranges, int num_ranges, float* dst,
                                  int dst_stride, int rows)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= num_ranges || row >= rows) return;
    int first = ranges[col].first, last = ranges[col].second;
    float sum = 0.0f;
    for (int j = first; j < last; j++) sum += src[row * src_stride + j];  // expect: uncoalesced-row row_start=ranges[col].first severity=high
    dst[row * dst_stride + col] = sum;
}

__global__ void sum_column_ranges_narrow(const float* src, int src_stride, const Range* ranges, int num_ranges,
                                         float* dst, int dst_stride, int rows)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= num_ranges || row >= rows) return;
    float sum = 0.0f;
    for (int j = ranges[col].first; j < ranges[col].second; j++) sum += src[row * src_stride + j];
    dst[row * dst_stride + col] = sum;
}

void run(const float* src, const Range* r, float* dst, int n, int rows)
{
    sum_column_ranges<<<dim3((n + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(src, n, r, n, dst, n, rows);
    sum_column_ranges_narrow<<<dim3((n + 3) / 4, (rows + 63) / 64), dim3(4, 64)>>>(src, n, r, n, dst, n, rows);
}
