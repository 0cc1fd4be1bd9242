// Model golden: helpers nested two levels deep and called twice.
// The call site recorded on an access is the outermost call in the kernel,
// call_depth counts the helper levels.

__device__ int row_offset(int row, int width)
{
    return row * width;
}

__device__ float read_cell(const float* img, int row, int col, int width)
{
    return img[row_offset(row, width) + col];   // depth 1, index from depth 2
}

__device__ float average_rows(const float* img, int row, int col, int width)
{
    return 0.5f * (read_cell(img, row, col, width) + read_cell(img, row + 1, col, width));
}

__global__ void blur_rows(const float* img, float* out, int width)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y;
    out[row * width + col] = average_rows(img, row, col, width);   // 2 loads at depth 2
    out[col] = read_cell(img, 0, col, width);                      // the same helper again, depth 1
}
