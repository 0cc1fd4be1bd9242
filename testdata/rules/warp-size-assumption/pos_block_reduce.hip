// warp-size-assumption: the block sum of a CUDA port, read as HIP for the
// default target (gfx90a, 64-wide wavefronts; target_assumed). The lane is
// taken as tid & 31, the warp as tid / 32, and the shuffle loop starts at
// offset 16: on a 64-wide wavefront lanes 32-63 repeat lanes 0-31's numbers,
// each wavefront writes two slots, and the reduction leaves two partial sums.
#include <hip/hip_runtime.h>

__global__ void block_sum(const float* in, float* out, int n)
{
    __shared__ float partial[32];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    int lane = tid & 31;  // expect: warp-size-assumption pattern=lane-mask constant=31 wavefront_width=64 target=gfx90a target_assumed=true in_loop=false language=hip
    int warp = tid / 32;  // expect: warp-size-assumption pattern=warp-id-divide constant=32 wavefront_width=64 target=gfx90a
    float v = i < n ? in[i] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down(v, offset);  // expect: warp-size-assumption pattern=shuffle-offset constant=16 in_loop=true target_assumed=true
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (tid == 0) {
        float s = 0.0f;
        for (int w = 0; w < blockDim.x / 64; ++w) s += partial[w];
        out[blockIdx.x] = s;
    }
}

void launch_block_sum(const float* in, float* out, int n)
{
    hipLaunchKernelGGL(block_sum, dim3((n + 255) / 256), dim3(256), 0, 0, in, out, n);
}
