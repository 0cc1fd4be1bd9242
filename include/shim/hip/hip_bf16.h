/* hip/hip_bf16.h - gpulint HIP shim: bfloat16 as CUDA's (cuda_bf16.h). */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>
/* structs, as in ROCm's header (code declares `struct __hip_bfloat16;`) */
struct __hip_bfloat16 : __nv_bfloat16 {
    __hip_bfloat16() = default;
    __host__ __device__ __hip_bfloat16(float f);
    __host__ __device__ __hip_bfloat16(const __nv_bfloat16 &b);
    __host__ __device__ operator float() const;
};
struct __hip_bfloat162 : __nv_bfloat162 {
    __hip_bfloat162() = default;
    __host__ __device__ __hip_bfloat162(const __nv_bfloat162 &b);
};
