// specialize-constant, negatives: loops bounded by a block dimension that
// are not a constant the compiler could be told.
#include <cuda_runtime.h>

// Launched with two block shapes: blockDim.y is 4 or 8.
__global__ void strided_rows(const float* in, float* out, int n)
{
    float s = 0.0f;
    for (int k = 0; k < blockDim.y; ++k)  // expect-none
        s += in[(blockIdx.x * blockDim.y + k) * n + threadIdx.x];
    out[blockIdx.x * n + threadIdx.x] = s;
}

// The block comes from the caller: no shape known.
__global__ void block_rows(const float* in, float* out, int n)
{
    float s = 0.0f;
    for (int k = 0; k < blockDim.x; ++k)  // expect-none
        s += in[blockIdx.x * n + k];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A block-stride loop: the block dimension is its step, the bound is the
// problem size; and a loop from the thread's index up to blockDim.x walks
// the block, not a fixed count per thread.
__global__ void block_stride(const float* in, float* out, int n)
{
    __shared__ float buf[256];
    for (int i = threadIdx.x; i < n; i += blockDim.x)  // expect-none
        out[i] = in[i] * 2.0f;
    for (int i = threadIdx.x; i < blockDim.x; i += 32)  // expect-none
        buf[i] = 0.0f;
    __syncthreads();
    if (threadIdx.x == 0) out[n] = buf[0];
}

// A one-thread-wide block: a count of 1 is no loop to unroll.
__global__ void one_wide(const float* in, float* out, int n)
{
    float s = 0.0f;
    for (int k = 0; k < blockDim.x; ++k)  // expect-none
        s += in[blockIdx.x * n + k];
    out[blockIdx.x] = s;
}

void run(const float* in, float* out, int n, int threads, cudaStream_t stream)
{
    strided_rows<<<n / 4, dim3(32, 4), 0, stream>>>(in, out, n);
    strided_rows<<<n / 8, dim3(32, 8), 0, stream>>>(in, out, n);
    block_rows<<<n, threads, 0, stream>>>(in, out, n);
    block_stride<<<1, 256, 0, stream>>>(in, out, n);
    one_wide<<<n, 1, 0, stream>>>(in, out, n);
}
