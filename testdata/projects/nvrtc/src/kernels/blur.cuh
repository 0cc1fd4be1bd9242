// Compiled at run time: TILE and RADIUS come from the host (blur.cpp).
__global__ void blur(const float* in, float* out, int n)
{
    __shared__ float tile[TILE + 2 * RADIUS];
    int i = blockIdx.x * TILE + threadIdx.x;
    tile[threadIdx.x + RADIUS] = i < n ? in[i] : 0.0f;
    __syncthreads();
    float s = 0.0f;
    for (int d = -RADIUS; d <= RADIUS; d++) s += tile[threadIdx.x + RADIUS + d];
    if (i < n) out[i] = s * 0.1;
}
