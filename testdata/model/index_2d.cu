// Model golden: 2-D thread indexing. Row and column from threadIdx.y/x and
// blockIdx.y*blockDim.y; row-major and column-major accesses, a transposed
// store, and a 2-D launch so that the block shape is known.

__global__ void transpose_naive(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[x * height + y] = in[y * width + x];
}

__global__ void column_sum(const float* m, float* sums, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int r0 = threadIdx.y;
    float s = 0.0f;
    for (int r = r0; r < rows; r += blockDim.y)
        s += m[r * cols + col];
    sums[threadIdx.y * cols + col] = s;
}

void run(const float* in, float* out, float* sums, int w, int h)
{
    dim3 block(32, 8);
    dim3 grid((w + 31) / 32, (h + 7) / 8);
    transpose_naive<<<grid, block>>>(in, out, w, h);
    // the one-argument dim3(w / 32) grid: (?0[runtime value w / 32], 1, 1)
    column_sum<<<dim3(w / 32), dim3(32, 8)>>>(in, sums, h, w);
}
