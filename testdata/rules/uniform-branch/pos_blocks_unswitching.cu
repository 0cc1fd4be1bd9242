// uniform-branch, positives where the compiler cannot simply unswitch the
// loop: several independent uniform flags in one loop (2^k loop versions),
// or a barrier in the loop body. Here the H100 measurement was 1.8-2.3x for a
// light body: severity medium, with blocks_unswitching set.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void fused_epilogue(const float* acc, const float* bias, float* out,
                               int rows, int cols, int use_bias, int clamp, float lo, float hi)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * cols; i += stride) {
        float v = acc[i];
        if (use_bias)  // expect: uniform-branch in_loop=true uniform_branches=2 severity=medium
            v += bias[i % cols];
        if (clamp)  // expect: uniform-branch in_loop=true uniform_branches=2 severity=medium
            v = fminf(fmaxf(v, lo), hi);
        out[i] = v;
    }
}

// A tiled loop with barriers: the branch cannot be hoisted across them.
__global__ void tiled_dot(const float* a, const float* b, float* out, int n, int squared)
{
    __shared__ float ta[256];
    __shared__ float tb[256];
    float acc = 0.0f;
    for (int base = 0; base < n; base += blockDim.x) {
        int j = base + threadIdx.x;
        ta[threadIdx.x] = j < n ? a[j] : 0.0f;
        tb[threadIdx.x] = j < n ? b[j] : 0.0f;
        __syncthreads();
        if (squared)  // expect: uniform-branch in_loop=true uniform_branches=1 severity=medium
            acc += ta[threadIdx.x] * ta[threadIdx.x] * tb[threadIdx.x];
        else
            acc += ta[threadIdx.x] * tb[threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int flags = argc > 2 ? atoi(argv[2]) : 3;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&c, n * sizeof(float));
    fused_epilogue<<<1024, 256>>>(a, b, c, n / 512, 512, flags & 1, flags & 2, -1.0f, 1.0f);
    tiled_dot<<<64, 256>>>(a, b, c, n, flags & 1);
    cudaDeviceSynchronize();
    return 0;
}
