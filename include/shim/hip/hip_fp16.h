/* hip/hip_fp16.h - gpulint HIP shim: HIP's half type is CUDA's (cuda_fp16.h). */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cuda_fp16.h>
