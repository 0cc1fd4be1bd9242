// Names the CUDA build defines: the build system passes -DHAVE_CUDA=1.
#ifndef GPU_COMMON_H
#define GPU_COMMON_H
#include "base/types.h"
#if HAVE_CUDA == 1
typedef float Real;
#define GPU_WARP 32
#endif
#endif
