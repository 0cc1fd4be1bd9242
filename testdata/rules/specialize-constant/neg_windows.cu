// specialize-constant, negatives for the window, cap and shared-array
// evidence: problem sizes stay out.
#include <cuda_runtime.h>

// n x n nested loops over a problem size that is also the row width of
// the thread's element: a size, not a window.
__global__ void pairwise(const float* pts, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int a = 0; a < n; ++a)  // expect-none
        for (int b = 0; b < n; ++b)  // expect-none
            acc += pts[i * n + a] * pts[b];
    out[i] = acc;
}

// Nested loops over the same bound that do not move around the thread's
// element (a whole-matrix walk per thread): not a window.
__global__ void trace_all(const float* m, float* out, int rows)
{
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r)  // expect-none
        for (int c = 0; c < rows; ++c)  // expect-none
            acc += m[r * rows + c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Not symmetric: -r..r-1 with an exclusive bound is still a window of 2r,
// but the bound here is a problem size offset, 0..n.
__global__ void shifted_sum(const float* in, float* out, int n, int off)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int d = off; d < n; ++d)  // expect-none
        acc += in[d];
    out[i] = acc;
}

// A cap far above any template instance count (a problem size clamp).
__global__ void capped_rows(const float* in, float* out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int r = 0; r < min(rows, 4096); ++r)  // expect-none
        acc += in[r * cols + c];
    out[c] = acc;
}

// A large shared tile indexed by a problem-size loop.
__global__ void tiled_dot(const float* a, const float* b, float* out, int n)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = b[i];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)  // expect-none
        acc += a[i] * tile[k];
    out[i] = acc;
}

// A cap whose other side is the thread's own count: depends on the thread.
__global__ void per_thread_cap(const int* counts, const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < min(counts[i], 8); ++t)  // expect-none
        acc += in[i * 8 + t];
    out[i] = acc;
}

// Guards that cap nothing small, or do not leave the kernel.
__global__ void guarded_sizes(const float* in, float* out, int n, int k, int m)
{
    if (n > (1 << 20)) return;   // a cap far above any instance count
    if (k > 8) { out[0] = -1.0f; } // does not leave: k may still be large below
    float acc = 0.0f;
    for (int i = 0; i < n; ++i)  // expect-none
        acc += in[i];
    for (int t = 0; t < k; ++t)  // expect-none
        acc += in[t];
    for (int j = 0; j < m; ++j) {  // expect-none
        if (m > 4) return;       // inside the loop: not a cap before it
        acc += in[j];
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
