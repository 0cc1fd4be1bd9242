// uncoalesced-adjacent, grid-stride loops that stay coalesced or are not
// the K-adjacent shape.
#include <cuda_runtime.h>

// The classic grid-stride SAXPY: stride 1 in every iteration.
__global__ void saxpy(const float* x, float* y, float a, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];  // expect-none
}

// Each thread walks its own row of 8: the row walk (uncoalesced-row's).
__global__ void row_of_eight(const float* in, float* out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float s = 0.0f;
        for (int c = 0; c < 8; ++c) s += in[8 * i + c];  // expect-none
        out[i] = s;
    }
}

// The pairs are read by two lanes (2*blockDim.x apart per iteration):
// lane-interleaved, coalesced.
__global__ void split_halves(const float* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x)
        out[i] = in[i] + in[i + n];  // expect-none
}

// A step that depends on the thread: not a uniform shift, nothing is claimed.
__global__ void thread_step(const float* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int j = 0; j < 4; ++j)
        out[tid] += in[2 * tid + j * tid];  // expect-none
}

// A loop that steps two elements over a group of four: not the K walk.
__global__ void every_other(const float* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int c = 0; c < 4; c += 2) s += in[4 * tid + c];  // expect-none
    out[tid] = s;
}
