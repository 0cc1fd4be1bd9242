/* hip/hip_complex.h - gpulint HIP shim: HIP's complex names as cuComplex.h's. */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cuComplex.h>
#define hipFloatComplex cuFloatComplex
#define hipDoubleComplex cuDoubleComplex
#define hipComplex cuComplex
#define make_hipFloatComplex make_cuFloatComplex
#define make_hipDoubleComplex make_cuDoubleComplex
#define make_hipComplex make_cuComplex
#define hipCrealf cuCrealf
#define hipCimagf cuCimagf
#define hipCaddf cuCaddf
#define hipCsubf cuCsubf
#define hipCmulf cuCmulf
#define hipCdivf cuCdivf
#define hipCabsf cuCabsf
#define hipConjf cuConjf
#define hipCreal cuCreal
#define hipCimag cuCimag
#define hipCadd cuCadd
#define hipCsub cuCsub
#define hipCmul cuCmul
#define hipCdiv cuCdiv
#define hipCabs cuCabs
#define hipConj cuConj
