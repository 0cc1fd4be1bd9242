// uniform-branch, negatives: uniform conditions that cost nothing worth a
// finding. A `?:` or an if whose paths only assign one register compiles to
// a select instruction; a path that only reports an error (printf, assert,
// __trap) never runs in a correct launch; a body that expands to nothing
// (a disabled debug macro) is removed by the compiler.
#include <cuda_runtime.h>
#include <cassert>
#include <cstdio>
#include <cstdlib>

#ifdef VERBOSE_KERNELS
#define KLOG(...) printf(__VA_ARGS__)
#else
#define KLOG(...) do { } while (0)
#endif
#define TRACE(x)

__global__ void relu_select(const float* x, float* y, int n, bool relu, float slope)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = relu ? fmaxf(v, 0.0f) : v;  // expect-none
    float s = slope > 0.0f ? slope : 0.01f;  // expect-none
    (void)s;
}

__global__ void reduce_rows_select(const float* m, float* out, int rows, int cols, int mode)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc = mode == 1 ? -3.0e38f : 0.0f;  // expect-none
    for (int c = 0; c < cols; ++c) {
        float v = m[c * rows + r];
        if (mode == 1)  // expect-none
            acc = fmaxf(acc, v);
        else
            acc += v;
    }
    out[r] = acc;
}

__global__ void clamp_indices(const int* idx, const float* table, float* out, int n, int size, int wrap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int j = idx[i];
    if (wrap)  // expect-none
        j = (j % size + size) % size;
    else
        j = min(max(j, 0), size - 1);
    out[i] = table[j];
}

__global__ void checked_gather(const float* in, float* out, const int* perm, int n, int capacity)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (n > capacity) {  // expect-none
        printf("checked_gather: n=%d exceeds capacity %d\n", n, capacity);
        return;
    }
    assert(capacity > 0);  // expect-none
    if (capacity % 32 != 0)  // expect-none
        __trap();
    if (i < n) out[i] = in[perm[i]];
}

__global__ void scaled_copy(const float* in, float* out, int n, float scale, int verbose)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        if (verbose)  // expect-none
            KLOG("element %d\n", i);
        if (verbose > 1)  // expect-none
            TRACE(i);
        out[i] = in[i] * scale;
    }
}

// An optimizer step over a per-thread register array: each flag only picks
// a value for an element of the thread's own array (a select).
__global__ void momentum_step(float* p, float* m, const float* g, int n, float lr, float beta,
                              float weight_decay, int step)
{
    float pv[4], mv[4], gv[4];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (base + 4 > n) return;
#pragma unroll
    for (int j = 0; j < 4; j++) { pv[j] = p[base + j]; mv[j] = m[base + j]; gv[j] = g[base + j]; }
#pragma unroll
    for (int j = 0; j < 4; j++) {
        if (step == 1)  // expect-none
            mv[j] = gv[j];
        else
            mv[j] = mv[j] * beta + gv[j];
        if (weight_decay > 0.0f)  // expect-none
            pv[j] = pv[j] * (1.0f - lr * weight_decay);
        pv[j] -= lr * mv[j];
    }
#pragma unroll
    for (int j = 0; j < 4; j++) { p[base + j] = pv[j]; m[base + j] = mv[j]; }
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int mode = argc > 2 ? atoi(argv[2]) : 0;
    float *a, *b;
    int* p;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&p, n * sizeof(int));
    relu_select<<<(n + 255) / 256, 256>>>(a, b, n, mode != 0, 0.1f);
    reduce_rows_select<<<4, 256>>>(a, b, 1024, n / 1024, mode);
    clamp_indices<<<(n + 255) / 256, 256>>>(p, a, b, n, 1024, mode);
    checked_gather<<<(n + 255) / 256, 256>>>(a, b, p, n, n);
    scaled_copy<<<1024, 256>>>(a, b, n, 2.0f, mode);
    cudaDeviceSynchronize();
    return 0;
}
