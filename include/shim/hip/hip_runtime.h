/* hip/hip_runtime.h - gpulint's HIP shim: what a HIP source needs from
 * hip_runtime.h, for parsing with libclang on a machine without ROCm.
 * gpulint reads HIP as CUDA (the language table, checker/model/language.c):
 * the CUDA shim (gpulint_cuda_shim.h, pre-included) declares the runtime,
 * and this header spells HIP's names as CUDA's, adds the device functions
 * HIP has and CUDA lacks (non-_sync shuffles, 64-bit ballots, __lane_id)
 * and writes hipLaunchKernelGGL as a <<<>>> launch.  Written for gpulint
 * from HIP's documented API; no text is copied from ROCm's headers. */
#ifndef GPULINT_HIP_RUNTIME_H
#define GPULINT_HIP_RUNTIME_H
#pragma clang system_header

#include <cuda_runtime.h>
#include <cooperative_groups.h>

/* the wavefront's width: gpulint defines __AMDGCN_WAVEFRONT_SIZE for an
 * AMD target, as hipcc does; HIP on NVIDIA has 32-lane warps */
#ifdef __AMDGCN_WAVEFRONT_SIZE
#define __GPULINT_HIP_WARP __AMDGCN_WAVEFRONT_SIZE
#else
#define __GPULINT_HIP_WARP 32
#endif
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

/* The index built-ins by HIP's older names. */
#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

/* Launches: hipLaunchKernelGGL is a function, as in ROCm's headers, so
 * that a template argument list's commas stay in the kernel's name; the
 * host model reads its grid, block and arguments as a <<<>>> launch's. */
#define HIP_KERNEL_NAME(...) __VA_ARGS__
template <class... Args, class F = void (*)(Args...)>
void hipLaunchKernelGGL(F kernel, const dim3 &numBlocks, const dim3 &dimBlocks, unsigned int sharedMemBytes,
                        cudaStream_t stream, Args... args) {}
#define hipLaunchKernelNoBarrier hipLaunchKernelGGL
#define HIP_DYNAMIC_SHARED(type, name) extern __shared__ type name[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define __HIP_DYNAMIC_SHARED(type, name) HIP_DYNAMIC_SHARED(type, name)

/* Runtime names: HIP's spelling of the CUDA shim's declarations.  The
 * types are typedefs, not macros: a CUDA source built for AMD renames the
 * other way (#define cudaStream_t hipStream_t), and two macros naming each
 * other leave one name undeclared where a third expands to it
 * (cudaStreamPerThread -> ((hipStream_t)2)). */
#define hipAccessPolicyWindow cudaAccessPolicyWindow
#define hipAccessProperty cudaAccessProperty
#define hipAccessPropertyNormal cudaAccessPropertyNormal
#define hipAccessPropertyPersisting cudaAccessPropertyPersisting
#define hipAccessPropertyStreaming cudaAccessPropertyStreaming
#define hipClusterSchedulingPolicy cudaClusterSchedulingPolicy
#define hipClusterSchedulingPolicyDefault cudaClusterSchedulingPolicyDefault
#define hipClusterSchedulingPolicyLoadBalancing cudaClusterSchedulingPolicyLoadBalancing
#define hipClusterSchedulingPolicySpread cudaClusterSchedulingPolicySpread
#define hipDeviceAttr cudaDeviceAttr
#define hipDeviceAttributeComputeCapabilityMajor cudaDevAttrComputeCapabilityMajor
#define hipDeviceAttributeComputeCapabilityMinor cudaDevAttrComputeCapabilityMinor
#define hipDeviceAttributeL2CacheSize cudaDevAttrL2CacheSize
#define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
#define hipDeviceAttributeMaxSharedMemoryPerBlockOptin cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipDeviceAttributeMaxSharedMemoryPerMultiprocessor cudaDevAttrMaxSharedMemoryPerMultiprocessor
#define hipDeviceAttributeMaxThreadsPerBlock cudaDevAttrMaxThreadsPerBlock
#define hipDeviceAttributeMaxThreadsPerMultiProcessor cudaDevAttrMaxThreadsPerMultiProcessor
#define hipDeviceAttributeMultiProcessorCount cudaDevAttrMultiProcessorCount
#define hipDeviceAttributeWarpSize cudaDevAttrWarpSize
typedef cudaDeviceAttr hipDeviceAttribute_t;
#define hipDeviceCanAccessPeer cudaDeviceCanAccessPeer
#define hipDeviceEnablePeerAccess cudaDeviceEnablePeerAccess
#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceGetLimit cudaDeviceGetLimit
#define hipDeviceMapHost cudaDeviceMapHost
#define hipDeviceProp cudaDeviceProp
#define hipDeviceReset cudaDeviceReset
#define hipDeviceScheduleAuto cudaDeviceScheduleAuto
#define hipDeviceSetCacheConfig cudaDeviceSetCacheConfig
#define hipDeviceSetLimit cudaDeviceSetLimit
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipDriverGetVersion cudaDriverGetVersion
#define hipError cudaError
#define hipErrorAssert cudaErrorAssert
#define hipErrorCooperativeLaunchTooLarge cudaErrorCooperativeLaunchTooLarge
#define hipErrorCudartUnloading cudaErrorCudartUnloading
#define hipErrorDevicesUnavailable cudaErrorDevicesUnavailable
#define hipErrorECCUncorrectable cudaErrorECCUncorrectable
#define hipErrorHostMemoryAlreadyRegistered cudaErrorHostMemoryAlreadyRegistered
#define hipErrorHostMemoryNotRegistered cudaErrorHostMemoryNotRegistered
#define hipErrorIllegalAddress cudaErrorIllegalAddress
#define hipErrorIllegalInstruction cudaErrorIllegalInstruction
#define hipErrorIllegalState cudaErrorIllegalState
#define hipErrorInitializationError cudaErrorInitializationError
#define hipErrorInsufficientDriver cudaErrorInsufficientDriver
#define hipErrorInvalidChannelDescriptor cudaErrorInvalidChannelDescriptor
#define hipErrorInvalidConfiguration cudaErrorInvalidConfiguration
#define hipErrorInvalidDevice cudaErrorInvalidDevice
#define hipErrorInvalidDeviceFunction cudaErrorInvalidDeviceFunction
#define hipErrorInvalidDevicePointer cudaErrorInvalidDevicePointer
#define hipErrorInvalidHostPointer cudaErrorInvalidHostPointer
#define hipErrorInvalidKernelImage cudaErrorInvalidKernelImage
#define hipErrorInvalidMemcpyDirection cudaErrorInvalidMemcpyDirection
#define hipErrorInvalidPitchValue cudaErrorInvalidPitchValue
#define hipErrorInvalidPtx cudaErrorInvalidPtx
#define hipErrorInvalidResourceHandle cudaErrorInvalidResourceHandle
#define hipErrorInvalidSymbol cudaErrorInvalidSymbol
#define hipErrorInvalidTexture cudaErrorInvalidTexture
#define hipErrorInvalidValue cudaErrorInvalidValue
#define hipErrorLaunchFailure cudaErrorLaunchFailure
#define hipErrorLaunchOutOfResources cudaErrorLaunchOutOfResources
#define hipErrorLaunchTimeout cudaErrorLaunchTimeout
#define hipErrorMemoryAllocation cudaErrorMemoryAllocation
#define hipErrorMisalignedAddress cudaErrorMisalignedAddress
#define hipErrorMissingConfiguration cudaErrorMissingConfiguration
#define hipErrorNoDevice cudaErrorNoDevice
#define hipErrorNoKernelImageForDevice cudaErrorNoKernelImageForDevice
#define hipErrorNotPermitted cudaErrorNotPermitted
#define hipErrorNotReady cudaErrorNotReady
#define hipErrorNotSupported cudaErrorNotSupported
#define hipErrorPeerAccessAlreadyEnabled cudaErrorPeerAccessAlreadyEnabled
#define hipErrorPeerAccessNotEnabled cudaErrorPeerAccessNotEnabled
#define hipErrorProfilerDisabled cudaErrorProfilerDisabled
#define hipErrorStubLibrary cudaErrorStubLibrary
#define hipErrorTimeout cudaErrorTimeout
#define hipErrorUnknown cudaErrorUnknown
#define hipErrorUnsupportedLimit cudaErrorUnsupportedLimit
typedef cudaError_t hipError_t;
#define hipEventBlockingSync cudaEventBlockingSync
#define hipEventCreate cudaEventCreate
#define hipEventCreateWithFlags cudaEventCreateWithFlags
#define hipEventDefault cudaEventDefault
#define hipEventDestroy cudaEventDestroy
#define hipEventDisableTiming cudaEventDisableTiming
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventQuery cudaEventQuery
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
typedef cudaEvent_t hipEvent_t;
#define hipFree cudaFree
#define hipFreeAsync cudaFreeAsync
#define hipFreeHost cudaFreeHost
#define hipFuncAttribute cudaFuncAttribute
#define hipFuncAttributeClusterDimMustBeSet cudaFuncAttributeClusterDimMustBeSet
#define hipFuncAttributeClusterSchedulingPolicyPreference cudaFuncAttributeClusterSchedulingPolicyPreference
#define hipFuncAttributeMax cudaFuncAttributeMax
#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipFuncAttributeNonPortableClusterSizeAllowed cudaFuncAttributeNonPortableClusterSizeAllowed
#define hipFuncAttributePreferredSharedMemoryCarveout cudaFuncAttributePreferredSharedMemoryCarveout
#define hipFuncAttributeRequiredClusterDepth cudaFuncAttributeRequiredClusterDepth
#define hipFuncAttributeRequiredClusterHeight cudaFuncAttributeRequiredClusterHeight
#define hipFuncAttributeRequiredClusterWidth cudaFuncAttributeRequiredClusterWidth
#define hipFuncAttributes cudaFuncAttributes
#define hipFuncCache cudaFuncCache
#define hipFuncCachePreferEqual cudaFuncCachePreferEqual
#define hipFuncCachePreferL1 cudaFuncCachePreferL1
#define hipFuncCachePreferNone cudaFuncCachePreferNone
#define hipFuncCachePreferShared cudaFuncCachePreferShared
#define hipFuncGetAttributes cudaFuncGetAttributes
#define hipFuncSetAttribute cudaFuncSetAttribute
#define hipFuncSetCacheConfig cudaFuncSetCacheConfig
#define hipGetDevice cudaGetDevice
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetErrorName cudaGetErrorName
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipGetSymbolAddress cudaGetSymbolAddress
#define hipGridDependencySynchronize cudaGridDependencySynchronize
#define hipHostAlloc cudaHostAlloc
#define hipHostAllocDefault cudaHostAllocDefault
#define hipHostAllocMapped cudaHostAllocMapped
#define hipHostAllocPortable cudaHostAllocPortable
#define hipHostAllocWriteCombined cudaHostAllocWriteCombined
#define hipHostFree cudaFreeHost
#define hipHostGetDevicePointer cudaHostGetDevicePointer
#define hipHostMalloc cudaHostAlloc
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#define hipHostRegister cudaHostRegister
#define hipHostRegisterDefault cudaHostRegisterDefault
#define hipHostRegisterMapped cudaHostRegisterMapped
#define hipHostUnregister cudaHostUnregister
#define hipLaunchAttribute cudaLaunchAttribute
#define hipLaunchAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define hipLaunchAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define hipLaunchAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeClusterSchedulingPolicyPreference
#define hipLaunchAttributeCooperative cudaLaunchAttributeCooperative
#define hipLaunchAttributeDeviceUpdatableKernelNode cudaLaunchAttributeDeviceUpdatableKernelNode
#define hipLaunchAttributeID cudaLaunchAttributeID
#define hipLaunchAttributeIgnore cudaLaunchAttributeIgnore
#define hipLaunchAttributeLaunchCompletionEvent cudaLaunchAttributeLaunchCompletionEvent
#define hipLaunchAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define hipLaunchAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define hipLaunchAttributePreferredSharedMemoryCarveout cudaLaunchAttributePreferredSharedMemoryCarveout
#define hipLaunchAttributePriority cudaLaunchAttributePriority
#define hipLaunchAttributeProgrammaticEvent cudaLaunchAttributeProgrammaticEvent
#define hipLaunchAttributeProgrammaticStreamSerialization cudaLaunchAttributeProgrammaticStreamSerialization
#define hipLaunchAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define hipLaunchAttributeValue cudaLaunchAttributeValue
#define hipLaunchAttribute_st cudaLaunchAttribute_st
#define hipLaunchConfig_st cudaLaunchConfig_st
typedef cudaLaunchConfig_t hipLaunchConfig_t;
#define hipLaunchCooperativeKernel cudaLaunchCooperativeKernel
#define hipLaunchKernel cudaLaunchKernel
#define hipLaunchKernelEx cudaLaunchKernelEx
#define hipLaunchKernelExC cudaLaunchKernelExC
#define hipLimit cudaLimit
#define hipLimitMallocHeapSize cudaLimitMallocHeapSize
#define hipLimitPrintfFifoSize cudaLimitPrintfFifoSize
#define hipLimitStackSize cudaLimitStackSize
#define hipMalloc cudaMalloc
#define hipMallocAsync cudaMallocAsync
#define hipMallocHost cudaMallocHost
#define hipMallocManaged cudaMallocManaged
#define hipMallocPitch cudaMallocPitch
#define hipMemAdvise cudaMemAdvise
#define hipMemAdviseSetAccessedBy cudaMemAdviseSetAccessedBy
#define hipMemAdviseSetPreferredLocation cudaMemAdviseSetPreferredLocation
#define hipMemAdviseSetReadMostly cudaMemAdviseSetReadMostly
#define hipMemAdviseUnsetAccessedBy cudaMemAdviseUnsetAccessedBy
#define hipMemAdviseUnsetPreferredLocation cudaMemAdviseUnsetPreferredLocation
#define hipMemAdviseUnsetReadMostly cudaMemAdviseUnsetReadMostly
#define hipMemAttachGlobal cudaMemAttachGlobal
#define hipMemAttachHost cudaMemAttachHost
#define hipMemGetInfo cudaMemGetInfo
#define hipMemPrefetchAsync cudaMemPrefetchAsync
#define hipMemcpy cudaMemcpy
#define hipMemcpy2D cudaMemcpy2D
#define hipMemcpy2DAsync cudaMemcpy2DAsync
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyDefault cudaMemcpyDefault
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyFromSymbol cudaMemcpyFromSymbol
#define hipMemcpyFromSymbolAsync cudaMemcpyFromSymbolAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipMemcpyKind cudaMemcpyKind
#define hipMemcpyPeer cudaMemcpyPeer
#define hipMemcpyToSymbol cudaMemcpyToSymbol
#define hipMemcpyToSymbolAsync cudaMemcpyToSymbolAsync
#define hipMemoryAdvise cudaMemoryAdvise
#define hipMemoryType cudaMemoryType
#define hipMemoryTypeDevice cudaMemoryTypeDevice
#define hipMemoryTypeHost cudaMemoryTypeHost
#define hipMemoryTypeManaged cudaMemoryTypeManaged
#define hipMemoryTypeUnregistered cudaMemoryTypeUnregistered
#define hipMemset cudaMemset
#define hipMemsetAsync cudaMemsetAsync
#define hipOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor
#define hipOccupancyMaxActiveClusters cudaOccupancyMaxActiveClusters
#define hipOccupancyMaxPotentialBlockSize cudaOccupancyMaxPotentialBlockSize
#define hipOccupancyMaxPotentialBlockSizeVariableSMem cudaOccupancyMaxPotentialBlockSizeVariableSMem
#define hipOccupancyMaxPotentialClusterSize cudaOccupancyMaxPotentialClusterSize
#define hipPeekAtLastError cudaPeekAtLastError
#define hipPointerAttributes cudaPointerAttributes
#define hipPointerGetAttributes cudaPointerGetAttributes
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipSetDevice cudaSetDevice
#define hipSetDeviceFlags cudaSetDeviceFlags
#define hipStreamAttrID cudaStreamAttrID
#define hipStreamAttrValue cudaStreamAttrValue
#define hipStreamAttributeAccessPolicyWindow cudaStreamAttributeAccessPolicyWindow
#define hipStreamAttributePriority cudaStreamAttributePriority
#define hipStreamAttributeSynchronizationPolicy cudaStreamAttributeSynchronizationPolicy
#define hipStreamCreate cudaStreamCreate
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamCreateWithPriority cudaStreamCreateWithPriority
#define hipStreamDefault cudaStreamDefault
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamGetAttribute cudaStreamGetAttribute
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamQuery cudaStreamQuery
#define hipStreamSetAttribute cudaStreamSetAttribute
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamWaitEvent cudaStreamWaitEvent
typedef cudaStream_t hipStream_t;
#define hipSuccess cudaSuccess
#define hipSyncPolicyAuto cudaSyncPolicyAuto
#define hipSyncPolicyBlockingSync cudaSyncPolicyBlockingSync
#define hipSyncPolicySpin cudaSyncPolicySpin
#define hipSyncPolicyYield cudaSyncPolicyYield
#define hipSynchronizationPolicy cudaSynchronizationPolicy
#define hipTriggerProgrammaticLaunchCompletion cudaTriggerProgrammaticLaunchCompletion
#define hipLaunchParm int
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipErrorNotInitialized cudaErrorInitializationError
#define hipDeviceScheduleAuto cudaDeviceScheduleAuto
#define hipChooseDevice(device, prop) cudaSuccess
#define hipInit(flags) cudaSuccess

/* HIP's device properties: CUDA's and the AMD ones. */
struct hipDeviceProp_t : cudaDeviceProp {
    char gcnArchName[256];
    int gcnArch;
    int maxSharedMemoryPerMultiProcessor;
    int isLargeBar;
    int cooperativeMultiDeviceUnmatchedFunc;
};
__host__ hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
#define hipGetDevicePropertiesR0600 hipGetDeviceProperties
#define hipHostMallocNonCoherent 0x80000000u
#define hipHostMallocCoherent 0x40000000u
#define hipHostMallocNumaUser 0x20000000u
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
__host__ hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);

/* HIP functions with no CUDA shim counterpart. */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

typedef int hipDevice_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef unsigned long long hipTextureObject_t;
typedef struct hipArray *hipArray_t;
typedef void *hipDeviceptr_t;
__host__ hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
__host__ hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
__host__ hipError_t hipModuleUnload(hipModule_t module);
__host__ hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name);
__host__ hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                          unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                          unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                          void **kernelParams, void **extra);
__host__ hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
__host__ hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
__host__ hipError_t hipDestroyTextureObject(hipTextureObject_t texObject);
__host__ hipError_t hipFreeArray(hipArray_t array);
__host__ hipError_t hipDeviceGetUuid(void *uuid, hipDevice_t device);
__host__ hipError_t hipDeviceDisablePeerAccess(int peerDevice);
__host__ hipError_t hipExtLaunchKernel(const void *function, dim3 numBlocks, dim3 dimBlocks, void **args,
                                       size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                                       hipEvent_t stopEvent, int flags);

/* Device side: HIP's shuffles take no mask and default to the whole
 * wavefront; its ballot and active mask are 64 bits wide. */
template <class T> __device__ T __shfl(T var, int src_lane, int width = __GPULINT_HIP_WARP);
template <class T> __device__ T __shfl_up(T var, unsigned int delta, int width = __GPULINT_HIP_WARP);
template <class T> __device__ T __shfl_down(T var, unsigned int delta, int width = __GPULINT_HIP_WARP);
template <class T> __device__ T __shfl_xor(T var, int lane_mask, int width = __GPULINT_HIP_WARP);
__device__ unsigned long long __ballot(int predicate);
__device__ unsigned long long __ballot64(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned int __lane_id(void);
__device__ unsigned long long __lanemask_lt(void);
__device__ unsigned long long __lanemask_gt(void);
__device__ unsigned long long __lanemask_eq(void);
__device__ unsigned int __mbcnt_lo(unsigned int x, unsigned int y);
__device__ unsigned int __mbcnt_hi(unsigned int x, unsigned int y);
__device__ unsigned long long __activemask64(void);
__device__ unsigned int __bitextract_u32(unsigned int src0, unsigned int src1, unsigned int src2);
__device__ unsigned long long __bitextract_u64(unsigned long long src0, unsigned int src1, unsigned int src2);
__device__ unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1, unsigned int src2, unsigned int src3);
__device__ unsigned long long __bitinsert_u64(unsigned long long src0, unsigned long long src1, unsigned int src2,
                                              unsigned int src3);
__device__ long long wall_clock64(void);
__device__ void __syncwarp_hip(void);
__device__ void __builtin_amdgcn_s_barrier(void);
__device__ void __builtin_amdgcn_wave_barrier(void);
__device__ void __builtin_amdgcn_s_sleep(int);
__device__ int __builtin_amdgcn_readfirstlane(int);
__device__ int __builtin_amdgcn_ds_bpermute(int, int);
__device__ int __builtin_amdgcn_ds_permute(int, int);
__device__ int __builtin_amdgcn_readlane(int, int);
__device__ int __builtin_amdgcn_mov_dpp(int src, int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl);
__device__ int __builtin_amdgcn_update_dpp(int old, int src, int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl);
__device__ int __builtin_amdgcn_ds_swizzle(int, int);
__device__ unsigned int __builtin_amdgcn_mbcnt_lo(unsigned int, unsigned int);
__device__ unsigned int __builtin_amdgcn_mbcnt_hi(unsigned int, unsigned int);
__device__ unsigned long long __builtin_amdgcn_read_exec(void);

#endif
