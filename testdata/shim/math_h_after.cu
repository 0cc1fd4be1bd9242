// Shim coverage: INFINITY, NAN, HUGE_VALF and the fixed-width integer types
// are also in the shim, and a file that includes <math.h>, <cmath>,
// <stdint.h> and <cstdint> itself after cuda_runtime.h must still parse
// with no error, no warning and no note.
#include <cuda_runtime.h>
#include <math.h>
#include <cmath>
#include <stdint.h>
#include <cstdint>

__global__ void clamp_inf(const float* in, float* out, int32_t* count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    if (v == INFINITY || v == -HUGE_VALF) {
        v = NAN;
        atomicAdd(count, 1);
    }
    out[i] = v;
}

__global__ void widen(const std::int16_t* in, std::uint64_t* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (uint64_t)(int64_t)in[i];  // expect: oversized-element kind=subword size=2 severity=high
}
