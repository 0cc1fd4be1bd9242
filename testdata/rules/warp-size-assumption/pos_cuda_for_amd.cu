// gpulint-test: --rules=warp-size-assumption --offload-arch=gfx90a
// warp-size-assumption: a CUDA source compiled for an AMD GPU (hipcc
// compiles .cu files whose cuda* names a header renames): with
// --offload-arch=gfx90a it is read as HIP, with a 64-wide wavefront. The
// same file as plain CUDA is silent (neg_cuda_nvidia.cu). The
// full-mask-32 cases: the 32-bit mask 0xffffffff names lanes 0-31 only.
#include <cuda_runtime.h>

__global__ void count_positive(const float* x, int* count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned votes = __ballot_sync(0xffffffff, i < n && x[i] > 0.0f);  // expect: warp-size-assumption pattern=full-mask-32 constant=0xffffffff wavefront_width=64 target=gfx90a language=hip
    if ((threadIdx.x & 31) == 0) atomicAdd(count, __popc(votes));  // expect: warp-size-assumption pattern=lane-mask constant=31
}

__global__ void all_finite(const float* x, int* ok, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int fine = __all_sync(0xFFFFFFFFu, i >= n || isfinite(x[i]));  // expect: warp-size-assumption pattern=full-mask-32 constant=0xFFFFFFFFu
    __syncwarp(0xffffffff);  // expect: warp-size-assumption pattern=full-mask-32
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // expect: warp-size-assumption pattern=warp-id-divide
    if (threadIdx.x % 32 == 0) ok[warp] = fine;  // expect: warp-size-assumption pattern=lane-modulo
}

// An explicit width of 32, the mask taken from __activemask() (not a
// constant), offsets from 1 up: one finding per shuffle, for the width.
__global__ void segmented_prefix(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned active = __activemask();
    int v = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(active, v, d, 32);  // expect: warp-size-assumption pattern=shuffle-width constant=32 in_loop=true
        if ((threadIdx.x & 31) >= d) v += up;  // expect: warp-size-assumption pattern=lane-mask in_loop=true
    }
    if (i < n) out[i] = v;
}

void launch(const float* x, int* count, int* ok, const int* in, int* out, int n)
{
    count_positive<<<(n + 255) / 256, 256>>>(x, count, n);
    all_finite<<<(n + 255) / 256, 256>>>(x, ok, n);
    segmented_prefix<<<(n + 255) / 256, 256>>>(in, out, n);
}
