// oversized-element, positives (kind=subword) the model sees only through a
// template argument or a cache-hinted load intrinsic: a kernel template on
// its element type instantiated for half (a 2-byte struct), and __ldcs (also
// on a template's element, where `&row[i]` has no type before instantiation).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Row-wise int8 quantisation: each thread loads one half per step.
template <typename T, int THREADS>
__global__ void quantize_rows(const T* rows, signed char* out, const float* scales, int cols)
{
    const T* row = rows + blockIdx.x * cols;
    float scale = scales[blockIdx.x];
    for (int i = threadIdx.x; i < cols; i += THREADS) {
        float v = row[i];  // expect: oversized-element size=2 kind=subword severity=high
        out[blockIdx.x * cols + i] = (signed char)__float2int_rn(v * scale);  // expect: oversized-element size=1 kind=subword severity=high
    }
}

template __global__ void quantize_rows<half, 1024>(const half*, signed char*, const float*, int);

// A streaming load (__ldcs) of one byte per thread is still a byte per lane.
__global__ void bytes_to_float(const unsigned char* in, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) out[tid] = __ldcs(&in[tid]) * (1.0f / 255.0f);  // expect: oversized-element size=1 kind=subword severity=high
}

// A row's absmax pass through __ldcs in the same template shape: the element
// is the pattern's T (half in the instantiation), not an unknown type.
template <typename T, int THREADS>
__global__ void row_absmax(const T* rows, float* absmax, int cols)
{
    const T* row = rows + blockIdx.x * cols;
    float m = 0.0f;
    for (int i = threadIdx.x; i < cols; i += THREADS)
        m = fmaxf(m, fabsf((float)__ldcs(&(row[i]))));  // expect: oversized-element size=2 kind=subword severity=high
    if (threadIdx.x == 0) absmax[blockIdx.x] = m;
}

template __global__ void row_absmax<half, 1024>(const half*, float*, int);
