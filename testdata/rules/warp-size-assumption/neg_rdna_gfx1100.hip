// gpulint-test: --rules=warp-size-assumption --offload-arch=gfx1100
// warp-size-assumption: the block sum of pos_block_reduce.hip compiled for
// RDNA3 (gfx1100), whose wavefronts are 32 lanes wide (wave32, the
// default): & 31, / 32 and offsets from 16 are right there, so no finding.
#include <hip/hip_runtime.h>

__global__ void block_sum(const float* in, float* out, int n)
{
    __shared__ float partial[32];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    int lane = tid & 31;  // expect-none
    int warp = tid / 32;  // expect-none
    float v = i < n ? in[i] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down(v, offset);  // expect-none
    v += __shfl(v, 0, 32);  // expect-none
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (tid == 0) {
        float s = 0.0f;
        for (int w = 0; w < blockDim.x / 32; ++w) s += partial[w];
        out[blockIdx.x] = s;
    }
}

void launch_block_sum(const float* in, float* out, int n)
{
    hipLaunchKernelGGL(block_sum, dim3((n + 255) / 256), dim3(256), 0, 0, in, out, n);
}
