// uniform-branch, positives where the compiler cannot simply unswitch the
// loop: several independent uniform flags in one loop (2^k loop versions),
// atomics or a barrier in the loop body. Here the H100 measurement was
// 1.31x (barrier, light body): severity medium, with blocks_unswitching set.
// A grid-stride loop around a trivial body is the exception: each thread
// runs a few iterations, so its flags cost what they cost outside loops.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void fused_epilogue(const float* acc, const float* bias, float* out,
                               int rows, int cols, int use_bias, int clamp, float lo, float hi)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * cols; i += stride) {
        float v = acc[i];
        if (use_bias)  // expect: uniform-branch in_loop=true grid_stride_loop=true uniform_branches=1 severity=info
            v += bias[i % cols];
        if (clamp)  // a select of a register: no finding
            v = fminf(fmaxf(v, lo), hi);
        out[i] = v;
    }
}

// One thread per row, two independent flags with memory work in the loop:
// 2^2 loop versions to unswitch, which nvcc does not do.
__global__ void row_epilogue(const float* acc, const float* bias, const float* residual, float* out,
                             int rows, int cols, int use_bias, int add_residual)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    for (int c = 0; c < cols; ++c) {
        float v = acc[c * rows + r];
        if (use_bias)  // expect: uniform-branch in_loop=true uniform_branches=2 loop_uniform_conditions=2 severity=info
            v += bias[c];
        if (add_residual)  // expect: uniform-branch in_loop=true uniform_branches=2 loop_uniform_conditions=2 severity=info
            v += residual[c * rows + r];
        out[c * rows + r] = v;
    }
}

// Each thread bins its own chunk: atomics in the loop.
__global__ void chunk_histogram(const int* keys, const float* weights, int* counts, float* wsum, int n,
                                int chunk, int weighted)
{
    int begin = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
    for (int i = begin; i < begin + chunk && i < n; ++i) {
        int k = keys[i];
        atomicAdd(&counts[k], 1);
        if (weighted)  // expect: uniform-branch in_loop=true uniform_branches=1 loop_uniform_conditions=1 severity=medium
            atomicAdd(&wsum[k], weights[i]);
    }
}

// Block-wide sums selected by a bit mask: each flag guards an atomic add to
// shared memory, but in a block-stride loop each thread runs a few
// iterations: the flags cost what they cost outside loops (info).
__global__ void selected_sums(const float* in, float* out, int n, int which)
{
    __shared__ float sums[3];
    if (threadIdx.x < 3) sums[threadIdx.x] = 0.0f;
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        float v = in[blockIdx.x * n + i];
        if (which & 1)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&sums[0], v);
        if (which & 2)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&sums[1], v * v);
        if (which & 4)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&sums[2], fabsf(v));
    }
    __syncthreads();
    if (threadIdx.x < 3) out[blockIdx.x * 3 + threadIdx.x] = sums[threadIdx.x];
}

// The same in a template whose bound is a member of a dependent parameter
// (an unresolved `idx < in.n`), the index set before the loop: still a
// block-stride loop.
template <typename T> struct Rows { const T* ptr; int n; };
template <typename T> bool operator<(const Rows<T>& a, const Rows<T>& b) { return a.n < b.n; }

template <typename T>
__global__ void selected_sums_rows(Rows<T> in, float* out, int which)
{
    __shared__ float sums[2];
    if (threadIdx.x < 2) sums[threadIdx.x] = 0.0f;
    __syncthreads();
    int idx = threadIdx.x;
    for (; idx < in.n; idx += blockDim.x) {
        float v = (float)in.ptr[blockIdx.x * in.n + idx];
        if (which & 1)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&sums[0], v);
        if (which & 2)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&sums[1], v * v);
    }
    __syncthreads();
    if (threadIdx.x < 2) out[blockIdx.x * 2 + threadIdx.x] = sums[threadIdx.x];
}

// Each thread takes a stride-blockDim.x slice of its block's chunk, the
// block's place found by a division: the start is not affine, the step is
// blockDim.x, so it is a block-stride loop all the same.
__global__ void chunk_counts(const int* keys, int* counts, int n, int blocks_per_row, int per_thread,
                             int use_global)
{
    __shared__ int local[256];
    int row = blockIdx.x / blocks_per_row;
    int start = (blockIdx.x - row * blocks_per_row) * per_thread * blockDim.x + threadIdx.x;
    int end = min(start + per_thread * (int)blockDim.x, n);
    for (int i = start; i < end; i += blockDim.x) {
        int k = keys[i] & 255;
        if (use_global)  // expect: uniform-branch in_loop=true grid_stride_loop=true severity=info
            atomicAdd(&counts[k], 1);
        else
            atomicAdd(&local[k], 1);
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

// A segmented block scan: the barrier blocks unswitching, but every
// iteration also runs the log-step scan (an inner loop with barriers), so the
// branch is a small share of the work: heavier than any measured body, info.
__global__ void block_scan_rows(const float* in, float* out, int n, int inclusive)
{
    __shared__ float s[256];
    float carry = 0.0f;
    for (int base = 0; base < n; base += blockDim.x) {
        int i = base + threadIdx.x;
        float v;
        if (inclusive)  // expect: uniform-branch in_loop=true inner_loop=true severity=info
            v = i < n ? in[i] : 0.0f;
        else
            v = i > 0 && i <= n ? in[i - 1] : 0.0f;
        s[threadIdx.x] = v;
        __syncthreads();
        for (int off = 1; off < blockDim.x; off *= 2) {
            float t = threadIdx.x >= off ? s[threadIdx.x - off] : 0.0f;
            __syncthreads();
            s[threadIdx.x] += t;
            __syncthreads();
        }
        if (i < n) out[i] = s[threadIdx.x] + carry;
        carry += s[blockDim.x - 1];
        __syncthreads();
    }
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int flags = argc > 2 ? atoi(argv[2]) : 3;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&c, n * sizeof(float));
    fused_epilogue<<<1024, 256>>>(a, b, c, n / 512, 512, flags & 1, flags & 2, -1.0f, 1.0f);
    tiled_dot<<<64, 256>>>(a, b, c, n, flags & 1);
    row_epilogue<<<4, 256>>>(a, b, c, c, 1024, n / 1024, flags & 1, flags & 2);
    int* bins;
    cudaMalloc(&bins, 256 * sizeof(int));
    chunk_histogram<<<64, 256>>>((const int*)a, b, bins, c, n, 64, flags & 1);
    block_scan_rows<<<1, 256>>>(a, c, n, flags & 1);
    selected_sums<<<64, 256>>>(a, c, n / 64, flags);
    cudaDeviceSynchronize();
    return 0;
}
