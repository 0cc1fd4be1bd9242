// uncoalesced-row, negatives: the thread's index split by a run-time size,
// with no row to walk whatever the size.
#include <cuda_runtime.h>

// Element-wise through the split index: one element per thread.
__global__ void scale_positions(int count, int spatial_dim, const float *in, const float *per_image, float *out)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= count) return;
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    out[n * spatial_dim + s] = in[n * spatial_dim + s] * per_image[n];
}

// A broadcast bias: (index / inner) % dim picks one value per thread.
__global__ void add_bias(int count, int dim, int inner, const float *bias, float *out)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index < count) out[index] += bias[(index / inner) % dim];
}

// The loop walks the outer dimension: with spatial_dim 1 the lanes read
// consecutive elements (c * num + n).
__global__ void channel_sum_outer(int num, int channels, int spatial_dim, const float *data, float *out)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= num * spatial_dim) return;
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    float sum = 0.0f;
    for (int c = 0; c < channels; ++c) sum += data[(c * num + n) * spatial_dim + s];
    out[index] = sum;
}
