// specialize-constant, positives: a runtime bound indexes a per-thread array
// sized by a maximum. Because the index is not a compile-time constant the
// array cannot live in registers and is placed in local memory: severity high.
// The array dimension itself is the evidence of a small value set.
#include <cuda_runtime.h>
#include <cstdlib>

#define MAX_TAPS 32
#define MAX_WINDOW 16

// The rules.md shape: float w[32]; for (i < K) w[i] = ...
__global__ void fir_local(const float* in, const float* taps, float* out, int n, int K)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float w[MAX_TAPS];
#pragma unroll
    for (int k = 0; k < MAX_TAPS; ++k)  // expect-none
        w[k] = 0.0f;
    for (int k = 0; k < K; ++k)  // expect: specialize-constant symbol=K value_source=array-size local_array=w array_size=32 severity=high
        w[k] = taps[k] * in[min(i + k, n - 1)];
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < MAX_TAPS; ++k)  // expect-none
        acc += w[k];
    out[i] = acc;
}

// The register window is filled, then read, both up to the runtime bound.
__global__ void window_variance(const float* in, float* var, int n, int win)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float buf[MAX_WINDOW];
    float sum = 0.0f;
    for (int k = 0; k < win; ++k) {  // expect: specialize-constant symbol=win local_array=buf array_size=16 severity=high
        buf[k] = in[min(i + k, n - 1)];
        sum += buf[k];
    }
    float mean = sum / win;
    float acc = 0.0f;
    for (int k = 0; k < win; ++k) {  // expect: specialize-constant symbol=win local_array=buf array_size=16 severity=high
        float d = buf[k] - mean;
        acc += d * d;
    }
    var[i] = acc / win;
}

// Weights staged in a local array with a literal bound, consumed up to K.
__global__ void weighted_window(const float* in, const float* weights, float* out, int n, int K)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float w[MAX_TAPS];
#pragma unroll
    for (int k = 0; k < MAX_TAPS; ++k)  // expect-none
        w[k] = weights[k];
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)  // expect: specialize-constant symbol=K local_array=w array_size=32 severity=high
        acc += w[k] * in[min(i + k, n - 1)];
    out[i] = acc;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int K = argc > 2 ? atoi(argv[2]) : 9;
    float *a, *b, *w;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&w, MAX_TAPS * sizeof(float));
    int blocks = (n + 255) / 256;
    fir_local<<<blocks, 256>>>(a, w, b, n, K);
    window_variance<<<blocks, 256>>>(a, b, n, K < MAX_WINDOW ? K : MAX_WINDOW);
    weighted_window<<<blocks, 256>>>(a, w, b, n, K);
    cudaDeviceSynchronize();
    return 0;
}
