/* hipfft/hipfft.h - gpulint stand-in: see ../gpulint_rocm_libraries.h */
#pragma clang system_header
#define GPULINT_WANT_HIPFFT
#include "../gpulint_rocm_libraries.h"
