// specialize-constant, negatives: bounds that are already compile-time
// constants (template parameters, constexpr, #define, literals, a traits
// member). This is also the shape of the fix: template<int K> plus a host
// switch over the supported values.
#include <cuda_runtime.h>
#include <cstdlib>

#define TAPS 5
constexpr int kWindow = 7;

struct Stencil3 { static constexpr int kPoints = 3; };

template <int K>
__global__ void window_sum_t(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float w[K];
#pragma unroll
    for (int k = 0; k < K; ++k)  // expect-none
        w[k] = in[min(i + k, n - 1)];
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < K; ++k)  // expect-none
        acc += w[k];
    out[i] = acc;
}

__global__ void fir_macro(const float* in, const float* taps, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < TAPS; ++k)  // expect-none
        acc += taps[k] * in[min(i + k, n - 1)];
    out[i] = acc;
}

__global__ void mean_constexpr(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < kWindow; ++k)  // expect-none
        acc += in[min(i + k, n - 1)];
    out[i] = acc / kWindow;
}

__global__ void literal_bound(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k)  // expect-none
        acc += in[min(i + k, n - 1)];
    out[i] = acc;
}

template <typename S>
__global__ void stencil_traits(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < S::kPoints; ++k)  // expect-none
        acc += in[min(i + k, n - 1)];
    out[i] = acc;
}

static void run_window(const float* in, float* out, int n, int K)
{
    int blocks = (n + 255) / 256;
    switch (K) {
    case 3: window_sum_t<3><<<blocks, 256>>>(in, out, n); break;
    case 7: window_sum_t<7><<<blocks, 256>>>(in, out, n); break;
    case 15: window_sum_t<15><<<blocks, 256>>>(in, out, n); break;
    default: window_sum_t<31><<<blocks, 256>>>(in, out, n); break;
    }
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b, *taps;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&taps, TAPS * sizeof(float));
    int blocks = (n + 255) / 256;
    run_window(a, b, n, argc > 2 ? atoi(argv[2]) : 7);
    fir_macro<<<blocks, 256>>>(a, taps, b, n);
    mean_constexpr<<<blocks, 256>>>(a, b, n);
    literal_bound<<<blocks, 256>>>(a, b, n);
    stencil_traits<Stencil3><<<blocks, 256>>>(a, b, n);
    cudaDeviceSynchronize();
    return 0;
}
