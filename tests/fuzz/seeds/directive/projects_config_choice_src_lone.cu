// A value the build must give: gpulint does not guess it.
#ifndef TILE
#error TILE must be set by the build
#endif

__global__ void tile_sum(const float *in, float *out)
{
    __shared__ float t[TILE];
    t[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int i = 0; i < TILE; i++) s += t[i];
        out[blockIdx.x] = s;
    }
}
