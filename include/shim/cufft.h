/*
 * cufft.h for the gpulint shim: cuFFT's handle, result and transform types
 * and the plan, execute and stream calls.  Host code only.  Declarations
 * only, written for gpulint from the documented API (see README.md).
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef _CUFFT_H_
#define _CUFFT_H_

#include "gpulint_cuda_shim.h"
#include "cuComplex.h"

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0x0,
  CUFFT_INVALID_PLAN = 0x1,
  CUFFT_ALLOC_FAILED = 0x2,
  CUFFT_INVALID_TYPE = 0x3,
  CUFFT_INVALID_VALUE = 0x4,
  CUFFT_INTERNAL_ERROR = 0x5,
  CUFFT_EXEC_FAILED = 0x6,
  CUFFT_SETUP_FAILED = 0x7,
  CUFFT_INVALID_SIZE = 0x8,
  CUFFT_UNALIGNED_DATA = 0x9,
  CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA, /* older toolkits */
  CUFFT_INVALID_DEVICE = 0xB,
  CUFFT_PARSE_ERROR = 0xC,               /* older toolkits */
  CUFFT_NO_WORKSPACE = 0xD,
  CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_LICENSE_ERROR = 0xF,             /* older toolkits */
  CUFFT_NOT_SUPPORTED = 0x10
} cufftResult;

typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;
typedef int cufftHandle;

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftType_t {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

extern "C" {
cufftResult cufftCreate(cufftHandle *plan);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz,
                        cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed,
                          int istride, int idist, int *onembed, int ostride,
                          int odist, cufftType type, int batch);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed,
                              int istride, int idist, int *onembed,
                              int ostride, int odist, cufftType type,
                              int batch, size_t *workSize);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftGetSize(cufftHandle plan, size_t *workSize);
cufftResult cufftGetVersion(int *version);
cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata,
                         cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata,
                         cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata,
                         cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleComplex *odata, int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata,
                         cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleReal *odata);
} /* extern "C" */

#endif /* _CUFFT_H_ */
