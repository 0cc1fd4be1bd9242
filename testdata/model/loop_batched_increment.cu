// A running index stepped inside an inner loop of a constant trip count (a
// hand-unrolled batch of loads): it advances trips*step per outer
// iteration, so the access stays affine.  Under a condition, in an inner
// loop with a run-time bound or one that may break, it is not.
#include <cuda_runtime.h>

#define BATCH 4

__global__ void batched(const float *in, float *out, int n, int stride)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int addr = row * stride + col;
    int step = blockDim.y * gridDim.y * stride;
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
#pragma unroll
        for (int j = 0; j < BATCH; j++) {
            s += in[addr];
            addr += step;
        }
    }
    out[row * stride + col] = s;
}

__global__ void guarded(const float *in, float *out, int n, int stride, int limit)
{
    int addr = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < BATCH; j++) {
            s += in[addr];
            if (s < limit) addr += stride;
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void runtime_batch(const float *in, float *out, int n, int stride, int batch)
{
    int addr = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < batch; j++) {
            s += in[addr];
            addr += stride;
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void may_break(const float *in, float *out, int n, int stride)
{
    int addr = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < BATCH; j++) {
            if (s > 1.0f) break;
            s += in[addr];
            addr += stride;
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
