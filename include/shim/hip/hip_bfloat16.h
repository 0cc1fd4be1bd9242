/* hip/hip_bfloat16.h - gpulint HIP shim: HIP's older bfloat16 class, as
 * CUDA's __nv_bfloat16 (cuda_bf16.h) with HIP's name. */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>
struct hip_bfloat16 : __nv_bfloat16 {
    hip_bfloat16() = default;
    __host__ __device__ hip_bfloat16(float f);
    __host__ __device__ operator float() const;
};
