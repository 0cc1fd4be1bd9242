// specialize-constant, negatives: a parameter bounds a loop, but nothing in
// the file shows that it takes a small set of values. There is no launch with
// a literal, no host switch, and no per-thread array sized by a maximum. The
// rule does not guess from the name.
#include <cuda_runtime.h>
#include <cstdlib>

// No launch at all in this file (an exported kernel).
__global__ void window_sum_extern(const float* in, float* out, int n, int K)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < K; ++j)  // expect-none
        acc += in[min(i + j, n - 1)];
    out[i] = acc;
}

// Launched, but with a value read at run time.
__global__ void repeat_blur(float* x, int n, int passes)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= 0 || i >= n - 1) return;
    float v = x[i];
    for (int p = 0; p < passes; ++p)  // expect-none
        v = 0.5f * v + 0.25f * (x[i - 1] + x[i + 1]);
    x[i] = v;
}

// The per-item count is loaded from memory.
__global__ void expand_counts(const int* counts, const float* vals, float* out, int n, int max_per_item)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int c = counts[i];
    for (int j = 0; j < c; ++j)  // expect-none
        out[i * max_per_item + j] = vals[i];
}

__constant__ int c_len;

// A __constant__ bound set from a run-time value.
__global__ void prefix_len(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < c_len; ++j)  // expect-none
        acc += in[min(i + j, n - 1)];
    out[i] = acc;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int passes = argc > 2 ? atoi(argv[2]) : 4;
    int len = argc > 3 ? atoi(argv[3]) : 100;
    float *a, *b; int* counts;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, 8 * n * sizeof(float));
    cudaMalloc(&counts, n * sizeof(int));
    int blocks = (n + 255) / 256;
    repeat_blur<<<blocks, 256>>>(a, n, passes);
    expand_counts<<<blocks, 256>>>(counts, a, b, n, 8);
    cudaMemcpyToSymbol(c_len, &len, sizeof(int));
    prefix_len<<<blocks, 256>>>(a, b, n);
    cudaDeviceSynchronize();
    return 0;
}
