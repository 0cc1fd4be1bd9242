// oversized-element, negatives next to pos_subword_templates.cu: the same
// row-wise kernel template instantiated for float (4-byte elements), and a
// cache-hinted load of a float per thread.
#include <cuda_runtime.h>

template <typename T, int THREADS>
__global__ void scale_rows(const T* rows, float* out, const float* scales, int cols)
{
    const T* row = rows + blockIdx.x * cols;
    float scale = scales[blockIdx.x];
    for (int i = threadIdx.x; i < cols; i += THREADS) out[blockIdx.x * cols + i] = row[i] * scale;
}

template __global__ void scale_rows<float, 1024>(const float*, float*, const float*, int);

__global__ void copy_streaming(const float* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) out[tid] = __ldcs(&in[tid]) * 0.5f;
}
