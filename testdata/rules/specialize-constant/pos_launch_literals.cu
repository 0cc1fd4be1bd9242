// specialize-constant, positives: a kernel parameter used as a loop trip
// count, with literal values at the launch sites in this file. No per-thread
// array depends on it, so the cost is the missed unrolling only: severity low.
#include <cuda_runtime.h>
#include <cstdlib>

// Forward window sum of K elements; launched with K = 3 and K = 7.
__global__ void window_sum(const float* in, float* out, int n, int K)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < K; ++j)  // expect: specialize-constant symbol=K use=loop-bound value_source=launch severity=medium
        acc += in[min(i + j, n - 1)];
    out[i] = acc;
}

// Centered window, the radius bounds the loop from both sides.
__global__ void centered_mean(const float* in, float* out, int n, int radius)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int d = -radius; d <= radius; ++d)  // expect: specialize-constant symbol=radius use=loop-bound severity=low
        acc += in[min(max(i + d, 0), n - 1)];
    out[i] = acc / (2 * radius + 1);
}

// The bound is an expression of the symbol (ksize * ksize taps).
__global__ void square_kernel_sum(const float* img, float* out, int width, int height, int ksize)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float acc = 0.0f;
    for (int t = 0; t < ksize * ksize; ++t) {  // expect: specialize-constant symbol=ksize use=loop-bound severity=low
        int sx = min(x + t % ksize, width - 1);
        int sy = min(y + t / ksize, height - 1);
        acc += img[sy * width + sx];
    }
    out[y * width + x] = acc;
}

// Polynomial of a small degree; the launch passes a const int.
__global__ void poly_eval(const float* x, const float* coef, float* y, int n, int degree)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i], p = 1.0f, acc = 0.0f;
    for (int k = 0; k <= degree; ++k) {  // expect: specialize-constant symbol=degree use=loop-bound severity=low
        acc += coef[k] * p;
        p *= v;
    }
    y[i] = acc;
}

// Only the outer loop is bounded by the symbol; the inner one is literal.
__global__ void vertical_taps(const float* img, float* out, int width, int height, int taps_y)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float acc = 0.0f;
    for (int dy = 0; dy < taps_y; ++dy)  // expect: specialize-constant symbol=taps_y use=loop-bound severity=low
        for (int dx = 0; dx < 3; ++dx)  // expect-none
            acc += img[min(y + dy, height - 1) * width + min(x + dx, width - 1)];
    out[y * width + x] = acc;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int width = 1024, height = n / 1024;
    float *a, *b, *coef;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&coef, 8 * sizeof(float));
    int blocks = (n + 255) / 256;
    dim3 block2d(32, 8), grid2d(width / 32, (height + 7) / 8);

    window_sum<<<blocks, 256>>>(a, b, n, 3);
    window_sum<<<blocks, 256>>>(b, a, n, 7);
    centered_mean<<<blocks, 256>>>(a, b, n, 2);
    square_kernel_sum<<<grid2d, block2d>>>(a, b, width, height, 3);
    square_kernel_sum<<<grid2d, block2d>>>(b, a, width, height, 5);
    const int degree = 4;
    poly_eval<<<blocks, 256>>>(a, coef, b, n, degree);
    vertical_taps<<<grid2d, block2d>>>(a, b, width, height, 5);
    cudaDeviceSynchronize();
    return 0;
}
