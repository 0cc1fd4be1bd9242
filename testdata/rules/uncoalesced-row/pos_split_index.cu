// uncoalesced-row, positives: the thread's index is split by a run-time size
// (n = index / spatial_dim, s = index % spatial_dim), and each thread loops
// over the channels of its (n, s) position.  When spatial_dim is 1 (a
// classification network: one position per image) n is the thread's index
// and each thread walks its own row of `channels` elements.
#include <cuda_runtime.h>

__global__ void channel_max(int num, int channels, int spatial_dim, const float *data, float *out)
{
    for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < num * spatial_dim;
         index += blockDim.x * gridDim.x) {
        int n = index / spatial_dim;
        int s = index % spatial_dim;
        float maxval = -3.0e38f;
        for (int c = 0; c < channels; ++c)
            maxval = fmaxf(data[(n * channels + c) * spatial_dim + s], maxval);  // expect: uncoalesced-row
        out[index] = maxval;
    }
}

// The same walk with the row length passed as dim = channels * spatial_dim.
__global__ void label_score(int num, int dim, int spatial_dim, const float *scores, const int *labels, float *hits)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= num * spatial_dim) return;
    int n = index / spatial_dim;
    int s = index % spatial_dim;
    int label = labels[index];
    float own = scores[n * dim + label * spatial_dim + s];
    int rank = 0;
    for (int k = 0; k < dim / spatial_dim; ++k)
        if (scores[n * dim + k * spatial_dim + s] > own) ++rank;  // expect: uncoalesced-row
    hits[index] = rank < 5 ? 1.0f : 0.0f;
}
