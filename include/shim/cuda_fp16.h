/*
 * cuda_fp16.h for the gpulint shim: __half and __half2 with their CUDA sizes
 * (2 and 4 bytes: gpulint's element-size rules read them), the conversions,
 * the intrinsics and the operators.  Declarations only, written for gpulint
 * from the documented API (see README.md); parsed only by files that include
 * it, so the precompiled shim stays small.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__

#include "gpulint_cuda_shim.h"
#include "gpulint_half_ops.h"

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

struct __attribute__((aligned(2))) __half {
  unsigned short __x;
  __half() = default;
  __GPULINT_HD __half(const __half_raw &r) : __x(r.x) {}
  __GPULINT_HD __half(float f);
  __GPULINT_HD __half(double f);
  __GPULINT_HD __half(int i);
  __GPULINT_HD __half(unsigned int i);
  __GPULINT_HD __half(short i);
  __GPULINT_HD __half(unsigned short i);
  __GPULINT_HD __half(long long i);
  __GPULINT_HD __half(unsigned long long i);
  __GPULINT_HD operator float() const;
  __GPULINT_HD operator __half_raw() const { return __half_raw{__x}; }
  __GPULINT_HD __half &operator=(float f);
  __GPULINT_HD __half &operator=(double f);
};

struct __attribute__((aligned(4))) __half2 {
  __half x, y;
  __half2() = default;
  __GPULINT_HD __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __GPULINT_HD __half2(const __half2_raw &r);
  __GPULINT_HD operator __half2_raw() const;
};

/* as in the toolkit: CUDA_NO_HALF keeps the first-class names out (a
 * project with a half type of its own defines it) */
#ifndef CUDA_NO_HALF
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half nv_half;
typedef __half2 nv_half2;
#endif

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)

__GPULINT_HALF_OPS(__half, __half2)
__GPULINT_HALF_CONVERSIONS(__half, __half2, half)
__GPULINT_HD __half2 make_half2(__half x, __half y);

#endif /* __CUDA_FP16_H__ */
