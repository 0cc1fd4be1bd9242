// uncoalesced-row, positive cases with a compile-time row width. Constant
// widths of 8 or more are findings (medium below 32, high from 32 on); once W*4
// bytes >= 32, every lane lands in its own sector (32 sectors per request).
#include <cuda_runtime.h>

#define W 64

// W from a #define: 256 bytes between lanes.
__global__ void hist_rows(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < W; i++)
            s += in[gid * W + i]; // expect: uncoalesced-row element_bytes=4 row_width_value=64 lane_stride_bytes=256 sectors_per_request=32 ideal_sectors=4 loop_var=i severity=high
        out[gid] = s;
    }
}

// Literal width 16: medium.
__global__ void rows16(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < 16; i++)
            s += in[gid * 16 + i]; // expect: uncoalesced-row element_bytes=4 row_width=16 row_width_value=16 lane_stride_bytes=64 sectors_per_request=32 ideal_sectors=4 loop_var=i severity=medium
        out[gid] = s;
    }
}

// constexpr width 8: the smallest width that is flagged, at info: a row of 8
// floats is one sector, and the H100 measures no gain (row-W8-const, 0.99x).
__global__ void rows8(const float* in, float* out, int rows)
{
    constexpr int kW = 8;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < kW; i++)
            s += in[gid * kW + i]; // expect: uncoalesced-row element_bytes=4 row_width_value=8 lane_stride_bytes=32 sectors_per_request=32 ideal_sectors=4 loop_var=i severity=info
        out[gid] = s;
    }
}

// const int width 32 at file scope: high.
const int kRow = 32;

__global__ void rows32(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < kRow; i++)
            s += in[gid * kRow + i]; // expect: uncoalesced-row element_bytes=4 row_width_value=32 lane_stride_bytes=128 loop_var=i severity=high
        out[gid] = s;
    }
}
