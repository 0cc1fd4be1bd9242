/*
 * cuda_bf16.h for the gpulint shim: __nv_bfloat16 and __nv_bfloat162 with
 * their CUDA sizes (2 and 4 bytes), the conversions, the intrinsics and the
 * operators.  Declarations only, written for gpulint from the documented API
 * (see README.md); parsed only by files that include it.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__

#include "gpulint_cuda_shim.h"
#include "gpulint_half_ops.h"

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __attribute__((aligned(2))) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __GPULINT_HD __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __GPULINT_HD __nv_bfloat16(float f);
  __GPULINT_HD __nv_bfloat16(double f);
  __GPULINT_HD __nv_bfloat16(int i);
  __GPULINT_HD __nv_bfloat16(unsigned int i);
  __GPULINT_HD __nv_bfloat16(short i);
  __GPULINT_HD __nv_bfloat16(unsigned short i);
  __GPULINT_HD __nv_bfloat16(long long i);
  __GPULINT_HD __nv_bfloat16(unsigned long long i);
  __GPULINT_HD operator float() const;
  __GPULINT_HD operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __GPULINT_HD __nv_bfloat16 &operator=(float f);
  __GPULINT_HD __nv_bfloat16 &operator=(double f);
};

struct __attribute__((aligned(4))) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __GPULINT_HD __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b)
      : x(a), y(b) {}
  __GPULINT_HD __nv_bfloat162(const __nv_bfloat162_raw &r);
  __GPULINT_HD operator __nv_bfloat162_raw() const;
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

__GPULINT_HALF_OPS(__nv_bfloat16, __nv_bfloat162)
__GPULINT_HALF_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16)
__GPULINT_HD __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);

#endif /* __CUDA_BF16_H__ */
