#pragma once
// The project's half type, written for nvcc: cuda_fp16.h is included only
// when nvcc (or NVRTC) compiles, and the build always includes it first
// through another header.  clang defines neither macro.
#if defined(__NVCC__) || defined(__CUDACC_RTC__)
#include <cuda_fp16.h>
#endif

struct half_pair {
    __half lo, hi;
};
