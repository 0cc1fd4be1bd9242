// Signal-processing kernels of a small audio/sensor pipeline: interleaved
// complex samples, FIR filters with a runtime tap count, and a multi-mode
// post-processing pass. Host code at the bottom launches them.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define MAX_TAPS 32

// Interleaved I/Q pairs of two channels: each thread handles one frame of
// four floats (re0, im0, re1, im1) and writes the summed power.
__global__ void frame_power(const float* iq, float* power, int frames)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= frames) return;
    float re0 = iq[f * 4 + 0];  // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 sectors_per_request=16 severity=info
    float im0 = iq[f * 4 + 1];
    float re1 = iq[f * 4 + 2];
    float im1 = iq[f * 4 + 3];
    power[f] = re0 * re0 + im0 * im0 + re1 * re1 + im1 * im1;
}

// FIR filter: the taps are copied into a per-thread array sized for the
// maximum and indexed up to the runtime tap count.
__global__ void fir_filter(const float* x, const float* taps, float* y, int n, int ntaps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float window[MAX_TAPS];
    for (int t = 0; t < ntaps; ++t)  // expect: specialize-constant symbol=ntaps local_array=window severity=high
        window[t] = x[min(i + t, n - 1)];
    float acc = 0.0f;
    for (int t = 0; t < ntaps; ++t)  // expect: specialize-constant symbol=ntaps local_array=window severity=high
        acc += window[t] * taps[t];
    y[i] = acc;
}

// Block-wise smoothing with two launch-time switches inside a loop that
// synchronises the block: the compiler cannot hoist them out of the loop.
__global__ void smooth_blocks(const float* in, float* out, int n, int passes, int clamp_output, int use_weights,
                              const float* weights)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int p = 0; p < passes; ++p) {  // expect: specialize-constant symbol=passes values=8 severity=low
        tile[threadIdx.x] = v;
        __syncthreads();
        float left = threadIdx.x > 0 ? tile[threadIdx.x - 1] : v;
        float right = threadIdx.x + 1 < blockDim.x ? tile[threadIdx.x + 1] : v;
        if (use_weights)  // expect: uniform-branch in_loop=true severity=medium
            v = weights[0] * left + weights[1] * v + weights[2] * right;
        else
            v = (left + v + right) / 3.0f;
        if (clamp_output)  // a select of a register: no uniform-branch finding
            v = fminf(fmaxf(v, -1.0f), 1.0f);
        __syncthreads();
    }
    if (i < n) out[i] = v;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    int frames = n / 4;
    float *iq, *power, *x, *y, *taps, *weights;
    cudaMalloc(&iq, n * sizeof(float));
    cudaMalloc(&power, frames * sizeof(float));
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&taps, MAX_TAPS * sizeof(float));
    cudaMalloc(&weights, 3 * sizeof(float));

    frame_power<<<(frames + 255) / 256, 256>>>(iq, power, frames);
    fir_filter<<<(n + 255) / 256, 256>>>(x, taps, y, n, 15);
    fir_filter<<<(n + 255) / 256, 256>>>(x, taps, y, n, 31);
    smooth_blocks<<<(n + 255) / 256, 256>>>(x, y, n, 8, 1, 0, weights);

    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
        return 1;
    }
    cudaFree(iq);
    cudaFree(power);
    cudaFree(x);
    cudaFree(y);
    cudaFree(taps);
    cudaFree(weights);
    return 0;
}
