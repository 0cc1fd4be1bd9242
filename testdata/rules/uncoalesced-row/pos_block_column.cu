// uncoalesced-row, a block per column: each block computes a statistic of
// one feature (blockIdx.x) over all frames, its threads stepping down the
// frames, so the lanes of a warp read one float per row, a row apart.
#include <cuda_runtime.h>

__global__ void feature_mean(const float *feats, int stride, int num_frames, float *mean)
{
    __shared__ float partial[256];
    int feat = blockIdx.x;
    float sum = 0.0f;
    for (int r = 0; r < num_frames; r += blockDim.x) {
        int frame = r + threadIdx.x;
        if (frame < num_frames) sum += feats[frame * stride + feat];  // expect: uncoalesced-row mapping=block-column row_width=stride sectors_per_request=32 block_shape=256x1x1
    }
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) mean[feat] = partial[0] / num_frames;
}

void feature_means(const float *feats, int stride, int num_frames, int feat_dim, float *mean)
{
    feature_mean<<<feat_dim, 256>>>(feats, stride, num_frames, mean);
}
