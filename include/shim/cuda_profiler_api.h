/* gpulint shim: cuda_profiler_api.h (profiler start/stop of the runtime). */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__
#include "gpulint_cuda_shim.h"
extern "C" {
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
}
#endif
