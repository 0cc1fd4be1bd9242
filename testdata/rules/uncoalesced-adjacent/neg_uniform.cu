// uncoalesced-adjacent, negative cases: the K-shaped part of the index does not
// vary along the warp (blockIdx-only, threadIdx.y while the warp lies along x,
// or only uniform values), so the lanes of a warp read the same address.
#include <cuda_runtime.h>

// blockIdx-only K pattern: every lane of the block reads the same two values.
__global__ void per_block_pair(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float a = in[blockIdx.x * 2 + 0]; // expect-none
    float b = in[blockIdx.x * 2 + 1]; // expect-none
    if (gid < n) out[gid] = a * (float)gid + b; // expect-none
}

// threadIdx.y * K with 32-wide blocks (launched below as 32x8): a warp is one
// row of x, so threadIdx.y is the same for all its lanes.
__global__ void row_coeffs(const float* coef, float* out, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    float a = coef[threadIdx.y * 2 + 0]; // expect-none
    float b = coef[threadIdx.y * 2 + 1]; // expect-none
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * width + x] = a * x + b; // expect-none
}

// Same with 64x4 blocks, K=4.
__global__ void row_quads(const float* coef, float* out, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float s = coef[threadIdx.y * 4 + 0]; // expect-none
    s += coef[threadIdx.y * 4 + 1]; // expect-none
    s += coef[threadIdx.y * 4 + 2]; // expect-none
    s += coef[threadIdx.y * 4 + 3]; // expect-none
    out[y * width + x] = s; // expect-none
}

// Index from kernel parameters only.
__global__ void param_pair(const float* in, float* out, int sel, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float a = in[sel * 2 + 0]; // expect-none
    float b = in[sel * 2 + 1]; // expect-none
    if (gid < n) out[gid] = a + b; // expect-none
}

void launch_all(const float* d_coef, float* d_out, int width, int height)
{
    dim3 b1(32, 8);
    dim3 g1(width / 32, height / 8);
    row_coeffs<<<g1, b1>>>(d_coef, d_out, width);

    dim3 b2(64, 4);
    dim3 g2(width / 64, height / 4);
    row_quads<<<g2, b2>>>(d_coef, d_out, width);
}
