// uncoalesced-row, negative cases: the row base does not vary along the warp
// (blockIdx only, or threadIdx.y while the warp lies along x), so all lanes
// read the same element: a broadcast, not a row walk.
#include <cuda_runtime.h>

// Row base from blockIdx only.
__global__ void block_row_weights(const float* w, const float* x, float* y, int width, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += w[blockIdx.x * width + i] * x[i * n + gid]; // expect-none
        y[gid] = s;
    }
}

// Row base from threadIdx.y with 32x8 blocks (launched below).
__global__ void filter_rows(const float* taps, const float* in, float* out, int ntaps, int n)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n) {
        float s = 0.0f;
        for (int i = 0; i < ntaps; i++)
            s += taps[threadIdx.y * ntaps + i] * in[y * n + x]; // expect-none
        out[y * n + x] = s; // expect-none
    }
}

// Row base from a kernel parameter.
__global__ void selected_row(const float* in, float* out, int sel, int width, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < width; i++)
        s += in[sel * width + i]; // expect-none
    if (gid < n) out[gid] = s * gid; // expect-none
}

void launch_all(const float* d_taps, const float* d_in, float* d_out, int ntaps, int n, int rows)
{
    dim3 block(32, 8);
    dim3 grid((n + 31) / 32, (rows + 7) / 8);
    filter_rows<<<grid, block>>>(d_taps, d_in, d_out, ntaps, n);
}
