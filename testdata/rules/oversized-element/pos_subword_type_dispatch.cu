// oversized-element, positives: an if/else whose two branches each dispatch
// on the tensor's data type (a switch with a float case and a __half case on
// both sides) is not a vectorised path beside its fallback.  The __half
// instance runs on __half data whenever the input is __half; the float
// instance on the other branch is another data type, not a wider copy of
// the same data, so the __half accesses are still one 2-byte element per
// lane.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

enum class DType { Float, Half };

template <typename T, typename W>
__global__ void scale_shift(const T* in, const W* weight, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = (float)in[i];  // expect: oversized-element size=2 kind=subword
        out[i] = (T)(v * (float)weight[0]);  // expect: oversized-element size=2 kind=subword
    }
}

#define DISPATCH_TYPES(dtype, ...)                 \
    switch (dtype) {                               \
    case DType::Float: {                           \
        using scalar_t = float;                    \
        __VA_ARGS__;                               \
        break;                                     \
    }                                              \
    case DType::Half: {                            \
        using scalar_t = __half;                   \
        __VA_ARGS__;                               \
        break;                                     \
    }                                              \
    }

void scale_shift_any(DType dtype, bool float_weight, const void* in, const void* weight, void* out, int n,
                     cudaStream_t stream)
{
    int blocks = (n + 255) / 256;
    if (float_weight) {
        DISPATCH_TYPES(dtype, scale_shift<scalar_t, float><<<blocks, 256, 0, stream>>>(
                                  (const scalar_t*)in, (const float*)weight, (scalar_t*)out, n));
    } else {
        DISPATCH_TYPES(dtype, scale_shift<scalar_t, scalar_t><<<blocks, 256, 0, stream>>>(
                                  (const scalar_t*)in, (const scalar_t*)weight, (scalar_t*)out, n));
    }
}
