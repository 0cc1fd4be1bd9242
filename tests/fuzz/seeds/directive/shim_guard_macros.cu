// Shim coverage: the include guards of the toolkit headers. A project
// helper header that declares its own fallbacks when the CUDA runtime is
// absent must take the same branch as under nvcc; otherwise these typedefs
// would clash with the shim's (redefinition errors).
#include <cuda_runtime.h>

#ifndef __DRIVER_TYPES_H__
typedef int cudaError_t;
typedef void* cudaStream_t;
#endif
#if !defined(__VECTOR_TYPES_H__)
struct float2 { float x, y; };
#endif
#ifndef __CUDA_RUNTIME_H__
#define __global__
#endif
#if !defined(__CUDA_RUNTIME_API_H__) || !defined(__HOST_DEFINES_H__) || !defined(__TEXTURE_TYPES_H__)
#error "a CUDA runtime guard is missing"
#endif
#if CUDART_VERSION < 11000 || __CUDACC_VER_MAJOR__ < 11 || !defined(__CUDACC__)
#error "version macros"
#endif
// Not included here, so not defined (as with nvcc).
#if defined(__CUDA_FP16_H__) || defined(_COOPERATIVE_GROUPS_H_) || defined(CURAND_KERNEL_H_)
#error "library guards must come from the library headers"
#endif
#include <driver_types.h>
#include <vector_types.h>
#include <library_types.h>
#include <cuComplex.h>
#include <cuda_profiler_api.h>

__global__ void complex_scale(cuFloatComplex* z, cuFloatComplex a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = cuCmulf(z[i], a);
}

// Shared-memory address of the thread's slot, as ldmatrix/cp.async code takes it.
__global__ void shared_addresses(unsigned* out)
{
    __shared__ float tile[256];
    out[threadIdx.x] = (unsigned)__cvta_generic_to_shared(&tile[threadIdx.x]);
}

cudaError_t run(cuFloatComplex* z, int n, cudaStream_t stream)
{
    cudaDataType_t type = CUDA_C_32F;
    (void)type;
    cudaProfilerStart();
    complex_scale<<<(n + 255) / 256, 256, 0, stream>>>(z, make_cuFloatComplex(2.0f, 0.0f), n);
    cudaProfilerStop();
    return cudaGetLastError();
}
