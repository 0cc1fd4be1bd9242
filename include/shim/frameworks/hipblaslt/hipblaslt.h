/* hipblaslt/hipblaslt.h - gpulint stand-in: see ../gpulint_rocm_libraries.h */
#pragma clang system_header
#include <hipblas/hipblas.h>
#define GPULINT_WANT_HIPBLASLT
#include "../gpulint_rocm_libraries.h"
