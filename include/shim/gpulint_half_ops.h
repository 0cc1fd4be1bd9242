/*
 * gpulint_half_ops.h - the operations that cuda_fp16.h and cuda_bf16.h both
 * declare, once per 16-bit type: __hadd(H, H), __hadd2(H2, H2), hexp(H),
 * h2exp(H2), the comparisons and the C++ operators.  Declarations only,
 * written for gpulint from the documented API (see README.md).
 * __GPULINT_HALF_OPS(H, H2) is expanded by each of those two headers.
 */
#ifndef GPULINT_HALF_OPS_H
#define GPULINT_HALF_OPS_H

#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif

#define __GPULINT_HD __host__ __device__

#define __GPULINT_HALF_OPS(H, H2)                                             \
  /* arithmetic */                                                           \
  __device__ H __hadd(H a, H b);                                             \
  __device__ H __hsub(H a, H b);                                             \
  __device__ H __hmul(H a, H b);                                             \
  __device__ H __hdiv(H a, H b);                                             \
  __device__ H __hfma(H a, H b, H c);                                        \
  __device__ H __hadd_sat(H a, H b);                                         \
  __device__ H __hsub_sat(H a, H b);                                         \
  __device__ H __hmul_sat(H a, H b);                                         \
  __device__ H __hfma_sat(H a, H b, H c);                                    \
  __device__ H __hadd_rn(H a, H b);                                          \
  __device__ H __hsub_rn(H a, H b);                                          \
  __device__ H __hmul_rn(H a, H b);                                          \
  __device__ H __hfma_relu(H a, H b, H c);                                   \
  __device__ H __hneg(H a);                                                  \
  __device__ H __habs(H a);                                                  \
  __device__ H __hmax(H a, H b);                                             \
  __device__ H __hmin(H a, H b);                                             \
  __device__ H __hmax_nan(H a, H b);                                         \
  __device__ H __hmin_nan(H a, H b);                                         \
  __device__ H2 __hadd2(H2 a, H2 b);                                         \
  __device__ H2 __hsub2(H2 a, H2 b);                                         \
  __device__ H2 __hmul2(H2 a, H2 b);                                         \
  __device__ H2 __h2div(H2 a, H2 b);                                         \
  __device__ H2 __hfma2(H2 a, H2 b, H2 c);                                   \
  __device__ H2 __hadd2_sat(H2 a, H2 b);                                     \
  __device__ H2 __hsub2_sat(H2 a, H2 b);                                     \
  __device__ H2 __hmul2_sat(H2 a, H2 b);                                     \
  __device__ H2 __hfma2_sat(H2 a, H2 b, H2 c);                               \
  __device__ H2 __hadd2_rn(H2 a, H2 b);                                      \
  __device__ H2 __hmul2_rn(H2 a, H2 b);                                      \
  __device__ H2 __hfma2_relu(H2 a, H2 b, H2 c);                              \
  __device__ H2 __hcmadd(H2 a, H2 b, H2 c);                                  \
  __device__ H2 __hneg2(H2 a);                                               \
  __device__ H2 __habs2(H2 a);                                               \
  __device__ H2 __hmax2(H2 a, H2 b);                                         \
  __device__ H2 __hmin2(H2 a, H2 b);                                         \
  __device__ H2 __hmax2_nan(H2 a, H2 b);                                     \
  __device__ H2 __hmin2_nan(H2 a, H2 b);                                     \
  /* comparisons */                                                          \
  __device__ bool __heq(H a, H b);                                           \
  __device__ bool __hne(H a, H b);                                           \
  __device__ bool __hle(H a, H b);                                           \
  __device__ bool __hge(H a, H b);                                           \
  __device__ bool __hlt(H a, H b);                                           \
  __device__ bool __hgt(H a, H b);                                           \
  __device__ bool __hequ(H a, H b);                                          \
  __device__ bool __hneu(H a, H b);                                          \
  __device__ bool __hleu(H a, H b);                                          \
  __device__ bool __hgeu(H a, H b);                                          \
  __device__ bool __hltu(H a, H b);                                          \
  __device__ bool __hgtu(H a, H b);                                          \
  __device__ bool __hisnan(H a);                                             \
  __device__ int __hisinf(H a);                                              \
  __device__ H2 __heq2(H2 a, H2 b);                                          \
  __device__ H2 __hne2(H2 a, H2 b);                                          \
  __device__ H2 __hle2(H2 a, H2 b);                                          \
  __device__ H2 __hge2(H2 a, H2 b);                                          \
  __device__ H2 __hlt2(H2 a, H2 b);                                          \
  __device__ H2 __hgt2(H2 a, H2 b);                                          \
  __device__ H2 __hisnan2(H2 a);                                             \
  __device__ bool __hbeq2(H2 a, H2 b);                                       \
  __device__ bool __hbne2(H2 a, H2 b);                                       \
  __device__ bool __hble2(H2 a, H2 b);                                       \
  __device__ bool __hbge2(H2 a, H2 b);                                       \
  __device__ bool __hblt2(H2 a, H2 b);                                       \
  __device__ bool __hbgt2(H2 a, H2 b);                                       \
  /* math */                                                                 \
  __device__ H hsqrt(H a);                                                   \
  __device__ H hrsqrt(H a);                                                  \
  __device__ H hrcp(H a);                                                    \
  __device__ H hexp(H a);                                                    \
  __device__ H hexp2(H a);                                                   \
  __device__ H hexp10(H a);                                                  \
  __device__ H hlog(H a);                                                    \
  __device__ H hlog2(H a);                                                   \
  __device__ H hlog10(H a);                                                  \
  __device__ H hsin(H a);                                                    \
  __device__ H hcos(H a);                                                    \
  __device__ H htanh(H a);                                                   \
  __device__ H hceil(H a);                                                   \
  __device__ H hfloor(H a);                                                  \
  __device__ H htrunc(H a);                                                  \
  __device__ H hrint(H a);                                                   \
  __device__ H2 h2sqrt(H2 a);                                                \
  __device__ H2 h2rsqrt(H2 a);                                               \
  __device__ H2 h2rcp(H2 a);                                                 \
  __device__ H2 h2exp(H2 a);                                                 \
  __device__ H2 h2exp2(H2 a);                                                \
  __device__ H2 h2exp10(H2 a);                                               \
  __device__ H2 h2log(H2 a);                                                 \
  __device__ H2 h2log2(H2 a);                                                \
  __device__ H2 h2log10(H2 a);                                               \
  __device__ H2 h2sin(H2 a);                                                 \
  __device__ H2 h2cos(H2 a);                                                 \
  __device__ H2 h2tanh(H2 a);                                                \
  __device__ H2 h2ceil(H2 a);                                                \
  __device__ H2 h2floor(H2 a);                                               \
  __device__ H2 h2trunc(H2 a);                                               \
  __device__ H2 h2rint(H2 a);                                                \
  __GPULINT_HD float __low2float(H2 a);                                      \
  __GPULINT_HD float __high2float(H2 a);                                     \
  __GPULINT_HD H2 __lowhigh2highlow(H2 a);                                   \
  /* C++ operators (the real headers' defaults) */                           \
  __GPULINT_HD H operator+(const H &a, const H &b);                          \
  __GPULINT_HD H operator-(const H &a, const H &b);                          \
  __GPULINT_HD H operator*(const H &a, const H &b);                          \
  __GPULINT_HD H operator/(const H &a, const H &b);                          \
  __GPULINT_HD H &operator+=(H &a, const H &b);                              \
  __GPULINT_HD H &operator-=(H &a, const H &b);                              \
  __GPULINT_HD H &operator*=(H &a, const H &b);                              \
  __GPULINT_HD H &operator/=(H &a, const H &b);                              \
  __GPULINT_HD H operator+(const H &a);                                      \
  __GPULINT_HD H operator-(const H &a);                                      \
  __GPULINT_HD H &operator++(H &a);                                          \
  __GPULINT_HD H &operator--(H &a);                                          \
  __GPULINT_HD H operator++(H &a, int);                                      \
  __GPULINT_HD H operator--(H &a, int);                                      \
  __GPULINT_HD bool operator==(const H &a, const H &b);                      \
  __GPULINT_HD bool operator!=(const H &a, const H &b);                      \
  __GPULINT_HD bool operator<(const H &a, const H &b);                       \
  __GPULINT_HD bool operator>(const H &a, const H &b);                       \
  __GPULINT_HD bool operator<=(const H &a, const H &b);                      \
  __GPULINT_HD bool operator>=(const H &a, const H &b);                      \
  __GPULINT_HD H2 operator+(const H2 &a, const H2 &b);                       \
  __GPULINT_HD H2 operator-(const H2 &a, const H2 &b);                       \
  __GPULINT_HD H2 operator*(const H2 &a, const H2 &b);                       \
  __GPULINT_HD H2 operator/(const H2 &a, const H2 &b);                       \
  __GPULINT_HD H2 &operator+=(H2 &a, const H2 &b);                           \
  __GPULINT_HD H2 &operator-=(H2 &a, const H2 &b);                           \
  __GPULINT_HD H2 &operator*=(H2 &a, const H2 &b);                           \
  __GPULINT_HD H2 &operator/=(H2 &a, const H2 &b);                           \
  __GPULINT_HD H2 operator-(const H2 &a);                                    \
  __GPULINT_HD bool operator==(const H2 &a, const H2 &b);                    \
  __GPULINT_HD bool operator!=(const H2 &a, const H2 &b);

/* the conversions both types share: float, the integer kinds, the bits */
#define __GPULINT_HALF_CONVERSIONS(H, H2, NAME)                               \
  __GPULINT_HD H __float2##NAME(float a);                                    \
  __GPULINT_HD H __float2##NAME##_rn(float a);                               \
  __GPULINT_HD H __float2##NAME##_rz(float a);                               \
  __GPULINT_HD H __float2##NAME##_rd(float a);                               \
  __GPULINT_HD H __float2##NAME##_ru(float a);                               \
  __GPULINT_HD H __double2##NAME(double a);                                  \
  __GPULINT_HD float __##NAME##2float(H a);                                  \
  __GPULINT_HD H2 __float2##NAME##2_rn(float a);                             \
  __GPULINT_HD H2 __floats2##NAME##2_rn(float a, float b);                   \
  __GPULINT_HD H2 __float22##NAME##2_rn(float2 a);                           \
  __GPULINT_HD float2 __##NAME##22float2(H2 a);                              \
  __device__ int __##NAME##2int_rn(H a);                                     \
  __device__ int __##NAME##2int_rz(H a);                                     \
  __device__ int __##NAME##2int_rd(H a);                                     \
  __device__ int __##NAME##2int_ru(H a);                                     \
  __device__ H __int2##NAME##_rn(int a);                                     \
  __device__ H __int2##NAME##_rz(int a);                                     \
  __device__ unsigned int __##NAME##2uint_rn(H a);                           \
  __device__ unsigned int __##NAME##2uint_rz(H a);                           \
  __device__ H __uint2##NAME##_rn(unsigned int a);                           \
  __device__ short __##NAME##2short_rn(H a);                                 \
  __device__ short __##NAME##2short_rz(H a);                                 \
  __device__ H __short2##NAME##_rn(short a);                                 \
  __device__ unsigned short __##NAME##2ushort_rn(H a);                       \
  __device__ unsigned short __##NAME##2ushort_rz(H a);                       \
  __device__ H __ushort2##NAME##_rn(unsigned short a);                       \
  __device__ long long __##NAME##2ll_rn(H a);                                \
  __device__ long long __##NAME##2ll_rz(H a);                                \
  __device__ H __ll2##NAME##_rn(long long a);                                \
  __device__ unsigned long long __##NAME##2ull_rn(H a);                      \
  __device__ unsigned long long __##NAME##2ull_rz(H a);                      \
  __device__ H __ull2##NAME##_rn(unsigned long long a);                      \
  __GPULINT_HD H __low2##NAME(H2 a);                                         \
  __GPULINT_HD H __high2##NAME(H2 a);                                        \
  __GPULINT_HD H2 __low2##NAME##2(H2 a);                                     \
  __GPULINT_HD H2 __high2##NAME##2(H2 a);                                    \
  __GPULINT_HD H2 __lows2##NAME##2(H2 a, H2 b);                              \
  __GPULINT_HD H2 __highs2##NAME##2(H2 a, H2 b);                             \
  __GPULINT_HD H2 __halves2##NAME##2(H lo, H hi);                            \
  __GPULINT_HD H2 __##NAME##2##NAME##2(H a);                                 \
  __GPULINT_HD short __##NAME##_as_short(H a);                               \
  __GPULINT_HD unsigned short __##NAME##_as_ushort(H a);                     \
  __GPULINT_HD H __short_as_##NAME(short a);                                 \
  __GPULINT_HD H __ushort_as_##NAME(unsigned short a);

#endif /* GPULINT_HALF_OPS_H */
