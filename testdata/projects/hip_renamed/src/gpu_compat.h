// The project's own renaming header: its CUDA sources are built for AMD by
// defining CUDA's names as HIP's (the reverse of gpulint's HIP shim, which
// spells HIP's names as CUDA's).
#ifndef GPU_COMPAT_H
#define GPU_COMPAT_H
#ifdef BUILD_FOR_HIP
#include <hip/hip_runtime.h>
#include <hip/hip_math_constants.h>
#include <hip/hip_bf16.h>
#include <hipcub/hipcub.hpp>
#include <hipblas/hipblas.h>
#include <roctracer/roctx.h>
namespace cub = hipcub;
#define cudaStream_t hipStream_t
#define cudaStreamPerThread ((hipStream_t)2)
#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaMalloc hipMalloc
#define cublasHandle_t hipblasHandle_t
#define cublasCreate hipblasCreate
#define CUDART_INF_F HIP_INF_F
#define nvtxRangePushA roctxRangePushA
#define nvtxRangePop roctxRangePop
// HIP (before the _sync warp functions) has no __syncwarp: the project
// writes its own, which gpulint's shim also declares.
inline __device__ void __syncwarp(unsigned mask = 0xffffffff) { (void)mask; }
// and its own two-float bfloat16 conversion, which gpulint's shim declares
// __host__ __device__
__device__ __forceinline__ __hip_bfloat162 __floats2bfloat162_rn(float a, float b)
{
    return __float22bfloat162_rn(float2{a, b});
}
#else
#include <cuda_runtime.h>
#include <math_constants.h>
#include <cub/block/block_reduce.cuh>
#include <cublas_v2.h>
// (nvtxRangePushA and nvtxRangePop come from the toolkit's nvToolsExt)
#endif
#endif
