// uncoalesced-row, negatives for the flattened mapping: the split index
// stored in the layout the threads run along, or a split whose remainder
// only picks a column.
#include <cuda_runtime.h>

// The same pass as pos_transposed_split.cu, storing untransposed.
__global__ void row_pass_plain(const float* in, const float* taps, float* out, int width, int height, int ntaps)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = tid % width;
    int y = tid / width;
    if (y >= height) return;
    float s = 0.0f;
    for (int i = 0; i < ntaps; ++i) s += in[y * (width + ntaps) + x + i] * taps[i];
    out[y * width + x] = s;  // expect-none
}

// The remainder runs along the row; the quotient picks a plane of images.
__global__ void add_per_image(float* data, const float* per_image, int pixels, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    int p = i % pixels;
    int n = i / pixels;
    data[n * pixels + p] += per_image[n];  // expect-none
}

// The quotient does not step along the row (x*height + y*height*width is a
// scatter, not a transpose): nothing says the remainder's stride is a row.
__global__ void scatter_planes(const float* in, float* out, int width, int height)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = tid % width;
    int y = tid / width;
    if (y >= height) return;
    out[x * 7 + y * width * 7] = in[tid];  // expect-none
}
