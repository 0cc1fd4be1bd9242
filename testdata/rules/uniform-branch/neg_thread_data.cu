// uniform-branch, negatives: conditions that vary per thread or per element.
// Bounds guards on the thread id, tests of loaded data, loop variables,
// blockIdx (not known when the kernel is specialized on the host), and mixed
// conditions that involve the thread id are not uniform branches.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void guarded_copy(const float* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n)  // expect-none
        out[tid] = in[tid];
}

__global__ void positive_only(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;  // expect-none
    if (in[i] > 0.0f)  // expect-none
        out[i] = in[i];
    else
        out[i] = 0.0f;
}

__global__ void alternate_signs(const float* in, float* out, int n, int terms)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < terms; ++k) {  // expect-none
        float v = in[min(i + k, n - 1)];
        acc += (k % 2 == 0) ? v : -v;  // expect-none
    }
    out[i] = acc;
}

__global__ void block_leader(const float* partial, float* out, int n)
{
    __shared__ float s;
    if (threadIdx.x == 0)  // expect-none
        s = partial[blockIdx.x];
    __syncthreads();
    if (blockIdx.x == 0 && threadIdx.x == 0)  // expect-none
        out[0] = s;
    if (blockIdx.y > 0)  // expect-none
        return;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)  // expect-none
        out[i + 1] = s;
}

__global__ void mode_and_bounds(const float* in, float* out, int n, int mode)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (mode == 1 && tid < n)  // expect-none
        out[tid] = in[tid];
}

// A flag loaded from memory by one thread and shared: data, not a parameter.
__global__ void shared_flag(const int* flags, float* x, int n)
{
    __shared__ int s_on;
    if (threadIdx.x == 0)  // expect-none
        s_on = flags[blockIdx.x];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (s_on && i < n)  // expect-none
        x[i] = 0.0f;
}

__global__ void nan_to_zero(float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    if (v != v)  // expect-none
        x[i] = 0.0f;
}

// A parameter compared with loaded data, and a lane test: both vary per thread.
__global__ void count_above(const float* in, int* count, int n, float threshold)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int hit = i < n && in[i] > threshold;  // expect-none
    unsigned ballot = __ballot_sync(0xffffffffu, hit);
    if (lane == 0)  // expect-none
        atomicAdd(count, __popc(ballot));
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b; int* flags;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, (n + 1) * sizeof(float));
    cudaMalloc(&flags, n / 256 * sizeof(int));
    int blocks = (n + 255) / 256;
    guarded_copy<<<blocks, 256>>>(a, b, n);
    positive_only<<<blocks, 256>>>(a, b, n);
    alternate_signs<<<blocks, 256>>>(a, b, n, 8);
    block_leader<<<blocks, 256>>>(a, b, n);
    mode_and_bounds<<<blocks, 256>>>(a, b, n, 1);
    shared_flag<<<blocks, 256>>>(flags, a, n);
    nan_to_zero<<<blocks, 256>>>(a, n);
    count_above<<<blocks, 256>>>(a, flags, n, 0.5f);
    cudaDeviceSynchronize();
    return 0;
}
