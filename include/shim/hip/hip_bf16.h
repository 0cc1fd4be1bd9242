/* hip/hip_bf16.h - gpulint HIP shim: bfloat16 as CUDA's (cuda_bf16.h). */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
