// warp-size-assumption: & 31, % 32, / 32 and >> 5 on the thread index in
// kernels without any warp-level intrinsic: shared memory has 32 banks on
// AMD GPUs too, so a bank index or a 32-wide tile coordinate is no lane.
#include <hip/hip_runtime.h>

#define TILE 32

__global__ void transpose(const float* in, float* out, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + (threadIdx.x & 31);  // expect-none
    int y = blockIdx.y * TILE + threadIdx.x / 32;  // expect-none
    if (x < width && y < height) tile[threadIdx.x / 32][threadIdx.x % 32] = in[y * width + x];  // expect-none
    __syncthreads();
    x = blockIdx.y * TILE + (threadIdx.x & 31);  // expect-none
    y = blockIdx.x * TILE + (threadIdx.x >> 5);  // expect-none
    if (x < height && y < width) out[y * height + x] = tile[threadIdx.x % 32][threadIdx.x / 32];  // expect-none
}

__device__ int bank_of(int t)
{
    return t & 31;  // expect-none
}

__global__ void padded_histogram(const unsigned char* in, int* hist, int n)
{
    __shared__ int bins[256 * 33];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int b = threadIdx.x; b < 256 * 33; b += blockDim.x) bins[b] = 0;
    __syncthreads();
    if (i < n) atomicAdd(&bins[in[i] * 33 + bank_of(threadIdx.x)], 1);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        int s = 0;
        for (int k = 0; k < 32; ++k) s += bins[b * 33 + k];
        atomicAdd(&hist[b], s);
    }
}
