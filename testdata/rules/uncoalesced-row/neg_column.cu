// uncoalesced-row, negative cases: loops whose accesses are coalesced because
// the thread id has coefficient 1 (column walks, block- or warp-per-row,
// grid-stride loops).
#include <cuda_runtime.h>

// Column walk: the transposed layout, coalesced at every iteration.
__global__ void col_sum(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < width) {
        float s = 0.0f;
        for (int i = 0; i < rows; i++)
            s += in[i * width + gid]; // expect-none
        out[gid] = s;
    }
}

// Column walk on doubles, with the stride held in a local.
__global__ void dcol_sum(const double* in, double* out, int rows, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int pitch = n;
    if (gid < n) {
        double s = 0.0;
        for (int i = 0; i < rows; i++)
            s += in[i * pitch + gid]; // expect-none
        out[gid] = s;
    }
}

// Block per row: the block strides across its row with threadIdx.x.
__global__ void block_row_sum(const float* in, float* out, int width)
{
    __shared__ float part[256];
    int row = blockIdx.x;
    float s = 0.0f;
    for (int i = 0; threadIdx.x + i * blockDim.x < width; i++)
        s += in[row * width + threadIdx.x + i * blockDim.x]; // expect-none
    part[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int j = 0; j < blockDim.x; j++) t += part[j];
        out[row] = t; // expect-none
    }
}

// Warp per row, lane + i*32 form.
__global__ void warp_row_sum(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int row = gid / 32;
    int lane = threadIdx.x & 31;
    if (row < rows) {
        float s = 0.0f;
        for (int i = 0; lane + i * 32 < width; i++)
            s += in[row * width + lane + i * 32]; // expect-none
        for (int off = 16; off > 0; off /= 2)
            s += __shfl_down_sync(0xffffffffu, s, off);
        if (lane == 0) out[row] = s; // expect-none
    }
}

// Warp per row, loop variable starting at the lane.
__global__ void warp_row_max(const float* in, float* out, int rows, int width)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x % 32;
    if (row < rows) {
        float m = -3.0e38f;
        for (int c = lane; c < width; c += 32)
            m = fmaxf(m, in[row * width + c]); // expect-none
        for (int off = 16; off > 0; off /= 2)
            m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, off));
        if (lane == 0) out[row] = m; // expect-none
    }
}

// Grid-stride loop.
__global__ void grid_copy(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = gid; i < n; i += blockDim.x * gridDim.x)
        out[i] = in[i]; // expect-none
}
