// warp-size-assumption: code written for the target's wavefront through
// __AMDGCN_WAVEFRONT_SIZE (64 for gfx90a, set by gpulint as hipcc sets it),
// a constant expression that sizes arrays and template arguments.
#include <hip/hip_runtime.h>

#define WAVE __AMDGCN_WAVEFRONT_SIZE
constexpr int kWave = __AMDGCN_WAVEFRONT_SIZE;

template <int W>
__device__ float butterfly_max(float v)
{
    for (int o = W / 2; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor(v, o, W));  // expect-none
    return v;
}

__global__ void row_max(const float* in, float* out, int cols)
{
    __shared__ float partial[1024 / WAVE];
    int lane = threadIdx.x & (WAVE - 1);  // expect-none
    int wave = threadIdx.x / kWave;  // expect-none
    float m = -1e30f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, in[blockIdx.x * cols + c]);
    m = butterfly_max<kWave>(m);
    if (lane == 0) partial[wave] = m;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < (int)blockDim.x / WAVE; ++w) m = fmaxf(m, partial[w]);
        out[blockIdx.x] = fmaxf(m, partial[0]);
    }
}

__global__ void wave_id_shift(int* ids)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int wave = threadIdx.x >> 6;  // expect-none
    int lane = threadIdx.x % 64;  // expect-none
    ids[i] = wave * 1000 + lane + __popcll(__ballot(lane > 31));
}
