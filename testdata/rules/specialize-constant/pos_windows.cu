// specialize-constant from evidence real kernels carry themselves: a
// symmetric stencil window (-r..r), a k x k filter window, a bound capped by
// min(p, C), and a bound that indexes a small __shared__ array.  No launch in
// the file gives a value.
#include <cuda_runtime.h>
#include <cassert>

#define MAX_TAPS 32

// A 1-D box filter of radius r: the window is symmetric around the thread.
__global__ void box_filter(const float* in, float* out, int n, int r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int d = -r; d <= r; ++d)  // expect: specialize-constant symbol=r value_source=symmetric-window window=symmetric severity=info
        acc += in[min(max(i + d, 0), n - 1)];
    out[i] = acc / (2 * r + 1);
}

// A 2-D convolution with a k x k filter: both loops bounded by the same k.
__global__ void conv2d(const float* img, const float* filt, float* out, int w, int h, int k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x + k > w || y + k > h) return;
    float acc = 0.0f;
    for (int fy = 0; fy < k; ++fy)  // expect: specialize-constant symbol=k value_source=nested-window window=nested
        for (int fx = 0; fx < k; ++fx)  // expect: specialize-constant symbol=k value_source=nested-window
            acc += img[(y + fy) * w + x + fx] * filt[fy * k + fx];
    out[y * w + x] = acc;
}

// The number of taps is capped by the code itself.
__global__ void top_taps(const float* in, const float* taps, float* out, int n, int ntaps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int t = 0; t < min(ntaps, 8); ++t)  // expect: specialize-constant symbol=ntaps value_source=clamp max_value=8 severity=low
        acc += taps[t] * in[min(i + t, n - 1)];
    out[i] = acc;
}

// Filter taps staged in shared memory: ntaps indexes w[MAX_TAPS], so it
// never exceeds 32.
__global__ void fir_shared(const float* in, const float* taps, float* out, int n, int ntaps)
{
    __shared__ float w[MAX_TAPS];
    if (threadIdx.x < ntaps) w[threadIdx.x] = taps[threadIdx.x];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int t = 0; t < ntaps; ++t)  // expect: specialize-constant symbol=ntaps value_source=shared-array-size max_value=32 shared_array=w
        acc += w[t] * in[min(i + t, n - 1)];
    out[i] = acc;
}

// A radius in __constant__ memory, symmetric window in 2-D.
__constant__ int c_radius;
__global__ void blur2d(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.0f;
    for (int dy = -c_radius; dy <= c_radius; ++dy)  // expect: specialize-constant symbol=c_radius window=symmetric,nested
        for (int dx = -c_radius; dx <= c_radius; ++dx)  // expect: specialize-constant symbol=c_radius window=symmetric,nested
            acc += in[min(max(y + dy, 0), h - 1) * w + min(max(x + dx, 0), w - 1)];
    out[y * w + x] = acc;
}

// The kernel states its own limit: an assert, or a guard that leaves.
#define MAX_ORDER 8
__global__ void poly_eval(const float* x, const float* coef, float* y, int n, int order)
{
    assert(order <= MAX_ORDER);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int p = order; p >= 0; --p)  // expect-none
        acc = acc * x[i] + coef[p];
    for (int p = 0; p < order; ++p)  // expect: specialize-constant symbol=order value_source=guard max_value=8 severity=low
        y[i] += coef[p];
}

__global__ void moving_average(const float* in, float* out, int n, int window)
{
    if (window < 1 || window > 16) return;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + window > n) return;
    float acc = 0.0f;
    for (int t = 0; t < window; ++t)  // expect: specialize-constant symbol=window value_source=guard max_value=16
        acc += in[i + t];
    out[i] = acc / window;
}

// A per-pixel colour array of a template size, indexed by the inner channel
// loop: it is not indexed by the window loop, so the finding is the bare
// window (info), not the per-thread-array shape.
template <typename T, int channels>
__global__ void color_window(const T* in, float* out, int w, int h, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    T colors[channels];
    float acc = 0.0f;
    for (int d = -radius; d <= radius; ++d) {  // expect: specialize-constant symbol=radius value_source=symmetric-window severity=info
#pragma unroll
        for (int ch = 0; ch < channels; ++ch) colors[ch] = in[(min(max(x + d, 0), w - 1)) * channels + ch];
        for (int ch = 0; ch < channels; ++ch) acc += (float)colors[ch];
    }
    out[x] = acc;
}
