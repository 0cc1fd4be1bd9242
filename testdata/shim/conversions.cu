// Shim coverage: the type-casting intrinsic families of the CUDA Math API,
// INFINITY/NAN/HUGE_VALF and the fixed-width integer types, all without an
// include of <math.h> or <stdint.h> (nvcc's cuda_runtime.h brings them).
// Must parse with the bundled shim with no error and no note.
#include <cuda_runtime.h>

__global__ void float_to_int(const float* in, int32_t* i32, uint32_t* u32,
                             int64_t* i64, uint64_t* u64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    i32[i] = __float2int_rn(v) + __float2int_rz(v) + __float2int_ru(v) + __float2int_rd(v);
    u32[i] = __float2uint_rn(v) + __float2uint_rz(v) + __float2uint_ru(v) + __float2uint_rd(v);
    i64[i] = __float2ll_rn(v) + __float2ll_rz(v) + __float2ll_ru(v) + __float2ll_rd(v);
    u64[i] = __float2ull_rn(v) + __float2ull_rz(v) + __float2ull_ru(v) + __float2ull_rd(v);
}

__global__ void double_to_int(const double* in, int32_t* i32, uint32_t* u32,
                              int64_t* i64, uint64_t* u64, float* f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = in[i];
    i32[i] = __double2int_rn(v) + __double2int_rz(v) + __double2int_ru(v) + __double2int_rd(v);
    u32[i] = __double2uint_rn(v) + __double2uint_rz(v) + __double2uint_ru(v) + __double2uint_rd(v);
    i64[i] = __double2ll_rn(v) + __double2ll_rz(v) + __double2ll_ru(v) + __double2ll_rd(v);
    u64[i] = __double2ull_rn(v) + __double2ull_rz(v) + __double2ull_ru(v) + __double2ull_rd(v);
    f[i] = __double2float_rn(v) + __double2float_rz(v) + __double2float_ru(v) + __double2float_rd(v);
}

__global__ void int_to_float(const int32_t* i32, const uint32_t* u32,
                             const int64_t* i64, const uint64_t* u64,
                             float* f, double* d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    f[i] = __int2float_rn(i32[i]) + __int2float_rz(i32[i]) + __int2float_ru(i32[i]) + __int2float_rd(i32[i])
         + __uint2float_rn(u32[i]) + __uint2float_rz(u32[i]) + __uint2float_ru(u32[i]) + __uint2float_rd(u32[i])
         + __ll2float_rn(i64[i]) + __ll2float_rz(i64[i]) + __ll2float_ru(i64[i]) + __ll2float_rd(i64[i])
         + __ull2float_rn(u64[i]) + __ull2float_rz(u64[i]) + __ull2float_ru(u64[i]) + __ull2float_rd(u64[i]);
    d[i] = __int2double_rn(i32[i]) + __uint2double_rn(u32[i])
         + __ll2double_rn(i64[i]) + __ll2double_rz(i64[i]) + __ll2double_ru(i64[i]) + __ll2double_rd(i64[i])
         + __ull2double_rn(u64[i]) + __ull2double_rz(u64[i]) + __ull2double_ru(u64[i]) + __ull2double_rd(u64[i]);
}

// Bit reinterpretation, and the special values from <math.h>.
__global__ void bits_and_specials(const double* in, float* out, int8_t* flags,
                                  uint16_t* hi16, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = in[i];
    double w = __hiloint2double(__double2hiint(v), __double2loint(v));
    w = __longlong_as_double(__double_as_longlong(w));
    float f = __int_as_float(__float_as_int((float)w));
    f = __uint_as_float(__float_as_uint(f));
    uint8_t special = f == INFINITY || f == HUGE_VALF || f != f;
    int16_t sign = f < 0.0f ? -1 : 1;
    flags[i] = (int8_t)(special * sign);  // expect: oversized-element kind=subword size=1 severity=high
    hi16[i] = (uint16_t)(__float_as_uint(f) >> 16);  // expect: oversized-element kind=subword size=2 severity=high
    out[i] = special ? NAN : f;
}
