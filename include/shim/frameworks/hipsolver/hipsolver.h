/* hipsolver/hipsolver.h - gpulint stand-in: see ../gpulint_rocm_libraries.h */
#pragma clang system_header
#define GPULINT_WANT_HIPSOLVER
#include "../gpulint_rocm_libraries.h"
