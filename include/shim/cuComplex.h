/*
 * cuComplex.h for the gpulint shim: the single and double complex types
 * (float2 and double2, as in the toolkit) and their helpers.  Declarations
 * only, written for gpulint from the documented API (see README.md).
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include "gpulint_cuda_shim.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __GPULINT_COMPLEX(C, R, S)                                            \
  __host__ __device__ R cuCreal##S(C x);                                     \
  __host__ __device__ R cuCimag##S(C x);                                     \
  __host__ __device__ C cuConj##S(C x);                                      \
  __host__ __device__ C cuCadd##S(C x, C y);                                 \
  __host__ __device__ C cuCsub##S(C x, C y);                                 \
  __host__ __device__ C cuCmul##S(C x, C y);                                 \
  __host__ __device__ C cuCdiv##S(C x, C y);                                 \
  __host__ __device__ C cuCfma##S(C x, C y, C d);                            \
  __host__ __device__ R cuCabs##S(C x);
__GPULINT_COMPLEX(cuFloatComplex, float, f)
__GPULINT_COMPLEX(cuDoubleComplex, double, )
#undef __GPULINT_COMPLEX
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuComplex make_cuComplex(float r, float i);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);

#endif /* CU_COMPLEX_H_ */
