// uncoalesced-row, a flattened 2-D mapping turned around: the thread's index
// is split by the image width (x = tid % width along the row, y = tid /
// width), and the result is stored transposed, out_t[x*height + y].  Once
// the width is a warp or more, consecutive lanes have consecutive x and the
// same y: they are `height` elements apart, a sector each.  Beside a loop
// of other global reads (the filter's taps) the store is medium, with no
// speedup claimed: the benchmark's every access strides.
#include <cuda_runtime.h>

// The first pass of a separable filter, writing its rows as columns so that
// the second pass can read them as rows.
__global__ void row_pass(const float* in, const float* taps, float* out_t, int width, int height, int ntaps)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = tid % width;
    int y = tid / width;
    if (y >= height) return;
    float s = 0.0f;
    for (int i = 0; i < ntaps; ++i) s += in[y * (width + ntaps) + x + i] * taps[i];
    out_t[x * height + y] = s;  // expect: uncoalesced-row mapping=transposed-split row_width=height accesses=1 other_loop_accesses=2 severity=medium
}

// A plain transpose through the flattened index; the read is along the row.
__global__ void transpose_flat(const float* in, float* out, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    int c = i % cols;
    int r = i / cols;
    out[c * rows + r] = in[r * cols + c];  // expect: uncoalesced-row mapping=transposed-split row_width=rows other_accesses=1 severity=high
}
