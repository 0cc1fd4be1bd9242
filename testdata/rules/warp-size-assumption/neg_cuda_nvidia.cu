// warp-size-assumption: the kernels of pos_cuda_for_amd.cu as plain CUDA
// (no --offload-arch): read for an NVIDIA GPU, whose warps are 32 lanes
// wide, where & 31, / 32, width 32 and the mask 0xffffffff are right.
#include <cuda_runtime.h>

__global__ void count_positive(const float* x, int* count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned votes = __ballot_sync(0xffffffff, i < n && x[i] > 0.0f);  // expect-none
    if ((threadIdx.x & 31) == 0) atomicAdd(count, __popc(votes));  // expect-none
}

__global__ void all_finite(const float* x, int* ok, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int fine = __all_sync(0xFFFFFFFFu, i >= n || isfinite(x[i]));  // expect-none
    __syncwarp(0xffffffff);  // expect-none
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // expect-none
    if (threadIdx.x % 32 == 0) ok[warp] = fine;  // expect-none
}

// A shuffle of width 32 and lanes taken modulo 32.
__global__ void segmented_prefix(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned active = __activemask();
    int v = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(active, v, d, 32);  // expect-none
        if ((threadIdx.x & 31) >= d) v += up;  // expect-none
    }
    if (i < n) out[i] = v;
}

void launch(const float* x, int* count, int* ok, const int* in, int* out, int n)
{
    count_positive<<<(n + 255) / 256, 256>>>(x, count, n);
    all_finite<<<(n + 255) / 256, 256>>>(x, ok, n);
    segmented_prefix<<<(n + 255) / 256, 256>>>(in, out, n);
}
