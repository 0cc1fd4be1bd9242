/*
 * gpulint_cuda_shim.h - minimal, self-contained CUDA declarations for gpulint.
 *
 * Lets clang/libclang parse CUDA sources with NO CUDA toolkit installed.
 * Written from scratch for gpulint (see include/shim/README.md); it is not
 * derived from NVIDIA or LLVM header text.
 *
 * Intended use (both host and device side, clang/libclang 14 .. 19):
 *
 *   -x cuda -std=c++17 --cuda-device-only --cuda-gpu-arch=sm_80
 *   -nocudainc -nocudalib --cuda-path=/nonexistent
 *   -I<gpulint>/include/shim -include gpulint_cuda_shim.h
 *
 * Design rules (see docs/libclang-notes.md, section 1.5):
 *  - pre-included, so the device math overloads exist before any <cmath>;
 *  - qualifiers map onto clang's native CUDA attributes;
 *  - built-in variables are plain structs, so threadIdx.x is an ordinary
 *    MemberRefExpr -> FieldDecl;
 *  - no libc / libstdc++ header is included (only clang's <stddef.h> and
 *    glibc's tiny <features.h>), and nothing is wrapped in
 *    "#pragma clang force_cuda_host_device";
 *  - device math: "static __device__ inline" C++-linkage overloads whose
 *    bodies call __builtin_* functions.  They coexist with glibc's extern "C"
 *    host declarations through CUDA target overloading.  Host prototypes
 *    identical to glibc's are declared too, for __host__ __device__ code;
 *  - CUDA-only intrinsics whose names glibc does not use are plain extern
 *    __device__ declarations (no bodies), so a user definition of the same
 *    signature is just a definition of the declaration.  Heavily overloaded
 *    families (shuffles, __ldg & co., atomics) are templates, for speed.
 *
 * Everything here is independent of __CUDA_ARCH__ (clang defines that macro
 * itself on the device side).
 */
#ifndef GPULINT_CUDA_SHIM_H
#define GPULINT_CUDA_SHIM_H

/* Treat the shim like a system header: no warnings from its declarations
 * whatever -W flags the project uses, and libclang reports its cursors with
 * clang_Location_isInSystemHeader() != 0.  (Skipped when the shim itself is
 * the main file, e.g. while building a PCH, where the pragma would warn.) */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif

#ifndef __cplusplus
#error "gpulint_cuda_shim.h expects CUDA (C++) input: use -x cuda"
#endif

#define GPULINT_CUDA_SHIM 1

/* gpulint stands in for nvcc: project code that tests __NVCC__ (to include
 * cuda_fp16.h, to pick declarations only nvcc should see) takes the branch
 * the real build takes.  clang never defines it. */
#ifndef __NVCC__
#define __NVCC__ 1
#endif

/* clang does not define __CUDACC__ itself (its runtime wrapper does). */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif

/* A neutral, modern toolkit version for code that tests it. */
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif
/* nvcc (11.5 and later) lists the architectures it compiles for; the shim
 * parses for sm_80 */
#ifndef __CUDA_ARCH_LIST__
#define __CUDA_ARCH_LIST__ 800
#endif

/* The include guards of the toolkit headers whose contents the shim
 * provides, as the real headers define them: a project header's
 * "#ifndef __DRIVER_TYPES_H__ ... own fallback declarations ... #endif"
 * then takes the same branch as under nvcc.  Only headers the shim really
 * covers are listed (cuda_fp16.h & co. define theirs when included). */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __HOST_CONFIG_H__
#define __HOST_DEFINES_H__
#define __DRIVER_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __DEVICE_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __TEXTURE_TYPES_H__
#define __SURFACE_TYPES_H__
#define __CHANNEL_DESCRIPTOR_H__
#define __LIBRARY_TYPES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#define __COMMON_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__

#include <stddef.h> /* size_t: clang's own builtin header, cheap */

/* The fixed-width integer types.  nvcc's cuda_runtime.h brings them in
 * through the C library headers it includes, so device code often uses
 * int32_t or uint8_t with no include of its own.  The types are those of
 * glibc (and of MSVC where long is 32 bits), so a later <stdint.h> or
 * <cstdint> only repeats the same typedefs. */
typedef signed char int8_t;
typedef short int int16_t;
typedef int int32_t;
typedef unsigned char uint8_t;
typedef unsigned short int uint16_t;
typedef unsigned int uint32_t;
#if __SIZEOF_LONG__ == 8
typedef long int int64_t;
typedef unsigned long int uint64_t;
#else
typedef long long int int64_t;
typedef unsigned long long int uint64_t;
#endif
#if __SIZEOF_LONG__ == __SIZEOF_POINTER__
typedef long int intptr_t;
typedef unsigned long int uintptr_t;
#else
typedef long long int intptr_t;
typedef unsigned long long int uintptr_t;
#endif

/* INFINITY, NAN and HUGE_VAL(F), as device code sees them through the
 * <math.h> that cuda_runtime.h includes.  Spelt as glibc spells them, so a
 * later <math.h>/<cmath> redefines them identically. */
#ifndef INFINITY
#define INFINITY (__builtin_inff ())
#endif
#ifndef NAN
#define NAN (__builtin_nanf (""))
#endif
#ifndef HUGE_VALF
#define HUGE_VALF (__builtin_huge_valf ())
#endif
#ifndef HUGE_VAL
#define HUGE_VAL (__builtin_huge_val ())
#endif

/* ------------------------------------------------------------------------ */
/* Qualifiers                                                                */
/* ------------------------------------------------------------------------ */

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* Newer clang (19 here) treats __noinline__ as a keyword in CUDA mode, and a
 * macro would break libstdc++'s __attribute__((__noinline__)).  Only a clang
 * without the keyword (14 here) gets the macro; there <memory>, <future> and
 * <regex> then report errors in bits/shared_ptr_base.h (see README.md). */
#if defined(__is_identifier)
#if __is_identifier(__noinline__)
#define __noinline__ __attribute__((noinline))
#endif
#else
#define __noinline__ __attribute__((noinline))
#endif
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
/* clang ignores the (HIP-only) managed attribute in CUDA mode; keep the
 * variable a __device__ one and leave a marker for gpulint. */
#define __managed__ __device__ __attribute__((annotate("gpulint.managed")))
/* libclang exposes launch_bounds only as an UnexposedAttr without arguments;
 * the annotation is visible as CXCursor_AnnotateAttr, e.g.
 * "gpulint.launch_bounds:256, 2".  The arguments are macro-expanded before
 * they are stringized (__launch_bounds__(BLOCK) gives "...:256" when BLOCK is
 * 256); template parameters and constexpr names stay as written ("BS"). */
#define __GPULINT_STRINGIZE(...) #__VA_ARGS__
#define __launch_bounds__(...)                                               \
  __attribute__((annotate(                                                   \
      "gpulint.launch_bounds:" __GPULINT_STRINGIZE(__VA_ARGS__))))
#define __grid_constant__
/* __cluster_dims__(x, y, z): sm_90 thread block clusters, kept as a note */
#define __cluster_dims__(...)                                                \
  __attribute__((annotate(                                                   \
      "gpulint.cluster_dims:" __GPULINT_STRINGIZE(__VA_ARGS__))))
#define __device_builtin__
#define __cudart_builtin__
#define CUDARTAPI
#define CUDART_CB

/* ------------------------------------------------------------------------ */
/* Vector types (CUDA alignments) and make_* helpers                         */
/* ------------------------------------------------------------------------ */

/* make_* are declarations only: bodies would make the shim noticeably slower
 * (each forces the implicit copy/move members of its struct). */
#define __GPULINT_VEC1(N, T, A)                                               \
  struct __attribute__((aligned(A))) N##1 { T x; };                          \
  __host__ __device__ N##1 make_##N##1(T x);
#define __GPULINT_VEC2(N, T, A)                                               \
  struct __attribute__((aligned(A))) N##2 { T x, y; };                       \
  __host__ __device__ N##2 make_##N##2(T x, T y);
/* three-component types have no extra alignment */
#define __GPULINT_VEC3(N, T)                                                  \
  struct N##3 { T x, y, z; };                                                \
  __host__ __device__ N##3 make_##N##3(T x, T y, T z);
#define __GPULINT_VEC4(N, T, A)                                               \
  struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };                 \
  __host__ __device__ N##4 make_##N##4(T x, T y, T z, T w);
#define __GPULINT_VEC(N, T, A1, A2, A4)                                       \
  __GPULINT_VEC1(N, T, A1)                                                    \
  __GPULINT_VEC2(N, T, A2)                                                    \
  __GPULINT_VEC3(N, T)                                                        \
  __GPULINT_VEC4(N, T, A4)

__GPULINT_VEC(char, signed char, 1, 2, 4)
__GPULINT_VEC(uchar, unsigned char, 1, 2, 4)
__GPULINT_VEC(short, short, 2, 4, 8)
__GPULINT_VEC(ushort, unsigned short, 2, 4, 8)
__GPULINT_VEC(int, int, 4, 8, 16)
__GPULINT_VEC(uint, unsigned int, 4, 8, 16)
__GPULINT_VEC(long, long, sizeof(long), 2 * sizeof(long), 16)
__GPULINT_VEC(ulong, unsigned long, sizeof(unsigned long),
              2 * sizeof(unsigned long), 16)
__GPULINT_VEC(longlong, long long, 8, 16, 16)
__GPULINT_VEC(ulonglong, unsigned long long, 8, 16, 16)
__GPULINT_VEC(float, float, 4, 8, 16)
__GPULINT_VEC(double, double, 8, 16, 16)

/* CUDA 13 spellings of the 4 x 64-bit types with explicit alignment */
#define __GPULINT_VEC4A(N, T)                                                 \
  struct __attribute__((aligned(16))) N##4_16a { T x, y, z, w; };            \
  struct __attribute__((aligned(32))) N##4_32a { T x, y, z, w; };
__GPULINT_VEC4A(long, long)
__GPULINT_VEC4A(ulong, unsigned long)
__GPULINT_VEC4A(longlong, long long)
__GPULINT_VEC4A(ulonglong, unsigned long long)
__GPULINT_VEC4A(double, double)

#undef __GPULINT_VEC1
#undef __GPULINT_VEC2
#undef __GPULINT_VEC3
#undef __GPULINT_VEC4
#undef __GPULINT_VEC
#undef __GPULINT_VEC4A

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const {
    return uint3{x, y, z};
  }
};

/* ------------------------------------------------------------------------ */
/* Built-in variables: plain structs, so threadIdx.x is a MemberRefExpr.     */
/* ------------------------------------------------------------------------ */

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

/* ------------------------------------------------------------------------ */
/* Runtime API: types                                                        */
/* ------------------------------------------------------------------------ */

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18,
  cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorStubLibrary = 34,
  cudaErrorInsufficientDriver = 35,
  cudaErrorDevicesUnavailable = 46,
  cudaErrorMissingConfiguration = 52,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215,
  cudaErrorInvalidPtx = 218,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorAssert = 710,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorIllegalInstruction = 715,
  cudaErrorMisalignedAddress = 716,
  cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotPermitted = 800,
  cudaErrorNotSupported = 801,
  cudaErrorTimeout = 909,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
  cudaFuncAttributeMax
};

enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6
};

enum cudaLimit {
  cudaLimitStackSize = 0,
  cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2
};

enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
};

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int concurrentKernels;
  int pciBusID;
  int pciDeviceID;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int unifiedAddressing;
  int managedMemory;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  int cooperativeLaunch;
  int pciDomainID;
  int ECCEnabled;
  int asyncEngineCount;
  int computeMode;
  int kernelExecTimeoutEnabled;
  int deviceOverlap;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  int isMultiGpuBoard;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  int hostNativeAtomicSupported;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  int tccDriver;
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};

/* CUDA 12 extensible launches: cudaLaunchConfig_t with its attributes */
enum cudaAccessProperty {
  cudaAccessPropertyNormal = 0,
  cudaAccessPropertyStreaming = 1,
  cudaAccessPropertyPersisting = 2
};
struct cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp;
};
enum cudaSynchronizationPolicy {
  cudaSyncPolicyAuto = 1,
  cudaSyncPolicySpin = 2,
  cudaSyncPolicyYield = 3,
  cudaSyncPolicyBlockingSync = 4
};
enum cudaClusterSchedulingPolicy {
  cudaClusterSchedulingPolicyDefault = 0,
  cudaClusterSchedulingPolicySpread = 1,
  cudaClusterSchedulingPolicyLoadBalancing = 2
};
typedef enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8,
  cudaLaunchAttributeMemSyncDomainMap = 9,
  cudaLaunchAttributeMemSyncDomain = 10,
  cudaLaunchAttributeLaunchCompletionEvent = 12,
  cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
  cudaLaunchAttributePreferredSharedMemoryCarveout = 14
} cudaLaunchAttributeID;
typedef union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct {
    cudaEvent_t event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  int priority;
  unsigned int sharedMemCarveout;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[8 - sizeof(cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
/* the stream attributes are the launch attributes under other names */
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributePriority cudaLaunchAttributePriority

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceMapHost 0x08
#define cudaCpuDeviceId (-1)
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)

/* ------------------------------------------------------------------------ */
/* Kernel launch hooks: Sema calls cudaConfigureCall when no CUDA SDK version */
/* is known (shim mode) and __cudaPushCallConfiguration with CUDA >= 9.2.    */
/* ------------------------------------------------------------------------ */

extern "C" __host__ int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                          size_t sharedMem = 0,
                                          cudaStream_t stream = 0);
extern "C" __host__ unsigned __cudaPushCallConfiguration(
    dim3 gridSize, dim3 blockSize, size_t sharedMem = 0,
    cudaStream_t stream = 0);

/* ------------------------------------------------------------------------ */
/* Runtime API: functions                                                    */
/* ------------------------------------------------------------------------ */

extern "C" {
__host__ __device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ __device__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                                       unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch,
                                     size_t width, size_t height);
__host__ cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaHostGetDevicePointer(void **devPtr, void *hostPtr,
                                              unsigned int flags);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                                size_t count,
                                                enum cudaMemcpyKind kind,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                    int srcDevice, size_t count);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ __device__ cudaError_t cudaMemsetAsync(void *devPtr, int value,
                                                size_t count,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__host__ cudaError_t cudaPointerGetAttributes(
    struct cudaPointerAttributes *attributes, const void *ptr);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);

__host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                     cudaStream_t stream);
__host__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);

__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaSetDevice(int device);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                       enum cudaDeviceAttr attr,
                                                       int device);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                             int peerDevice);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                unsigned int flags);
__host__ cudaError_t cudaDriverGetVersion(int *driverVersion);
__host__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);

__host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                          unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                  unsigned int flags,
                                                  int priority);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                                    cudaEvent_t event,
                                                    unsigned int flags = 0);

__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                         unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);

__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           const void *func);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                 dim3 gridDim, dim3 blockDim,
                                                 void **args, size_t sharedMem,
                                                 cudaStream_t stream);
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                         const void *func, void **args);
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(
    int *clusterSize, const void *func, const cudaLaunchConfig_t *launchConfig);
__host__ cudaError_t cudaOccupancyMaxActiveClusters(
    int *numClusters, const void *func, const cudaLaunchConfig_t *launchConfig);
__host__ cudaError_t cudaStreamSetAttribute(cudaStream_t hStream,
                                            cudaLaunchAttributeID attr,
                                            const cudaLaunchAttributeValue *value);
__host__ cudaError_t cudaStreamGetAttribute(cudaStream_t hStream,
                                            cudaLaunchAttributeID attr,
                                            cudaLaunchAttributeValue *value_out);
/* programmatic dependent launch, device side */
__device__ void cudaGridDependencySynchronize(void);
__device__ void cudaTriggerProgrammaticLaunchCompletion(void);
} /* extern "C" */

#include "gpulint_cuda_textures.h"

/* C++ conveniences of the runtime API (templates over pointer / symbol) */
template <class T>
static inline __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static inline __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static inline __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                  unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                 unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                   cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static inline __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
                                                   size_t width,
                                                   size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static inline __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static inline __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
static inline __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}
template <class T>
static inline __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}
template <class T>
static inline __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                        const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
static inline __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                   unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}
template <class T>
static inline __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static inline __host__ cudaError_t
cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static inline __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static inline __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
template <class T>
static inline __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0,
                                   int blockSizeLimit = 0) {
  (void)func; (void)dynamicSMemSize; (void)blockSizeLimit;
  *minGridSize = 0;
  *blockSize = 0;
  return cudaSuccess;
}
template <class T, class UnaryFunction>
static inline __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0) {
  (void)func; (void)blockSizeToDynamicSMemSize; (void)blockSizeLimit;
  *minGridSize = 0;
  *blockSize = 0;
  return cudaSuccess;
}
template <class T>
static inline __host__ cudaError_t
cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
static inline __host__ cudaError_t
cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                            void **args, size_t sharedMem = 0,
                            cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
/* cudaLaunchKernelEx(&config, kernel, args...): the arguments convert to
 * the kernel's parameter types, as in the toolkit's variadic template */
template <typename... ExpTypes, typename... ActTypes>
static inline __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                   void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return ::cudaLaunchKernelExC(config, (const void *)kernel, (void **)0);
}
static inline __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config, const void *func,
                   void **args) {
  return ::cudaLaunchKernelExC(config, func, args);
}
template <class T>
static inline __host__ cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                     const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxPotentialClusterSize(clusterSize,
                                                (const void *)func, config);
}
template <class T>
static inline __host__ cudaError_t
cudaOccupancyMaxActiveClusters(int *numClusters, T *func,
                               const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxActiveClusters(numClusters, (const void *)func,
                                          config);
}

/* ------------------------------------------------------------------------ */
/* Device intrinsics and device libc: plain declarations (no bodies).       */
/* ------------------------------------------------------------------------ */

extern "C" {
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ unsigned int __activemask(void);
__device__ void __nanosleep(unsigned int ns);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ long long clock64(void);

/* address-space conversions and queries */
__device__ size_t __cvta_generic_to_shared(const void *p);
__device__ size_t __cvta_generic_to_global(const void *p);
__device__ size_t __cvta_generic_to_constant(const void *p);
__device__ size_t __cvta_generic_to_local(const void *p);
__device__ void *__cvta_shared_to_generic(size_t a);
__device__ void *__cvta_global_to_generic(size_t a);
__device__ void *__cvta_constant_to_generic(size_t a);
__device__ void *__cvta_local_to_generic(size_t a);
__device__ unsigned int __isShared(const void *p);
__device__ unsigned int __isGlobal(const void *p);
__device__ unsigned int __isConstant(const void *p);
__device__ unsigned int __isLocal(const void *p);

/* bit manipulation and integer helpers */
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y,
                                    unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x,
                                         unsigned long long y);
__device__ int __hadd(int x, int y);
__device__ int __rhadd(int x, int y);
__device__ unsigned int __uhadd(unsigned int x, unsigned int y);
__device__ unsigned int __urhadd(unsigned int x, unsigned int y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);

/* conversions and reinterpretation: every family of the CUDA Math API
 * "Type Casting Intrinsics" (int/uint -> double exist only as _rn: exact) */
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_ru(float x);
__device__ int __float2int_rd(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ unsigned int __float2uint_rz(float x);
__device__ unsigned int __float2uint_ru(float x);
__device__ unsigned int __float2uint_rd(float x);
__device__ long long int __float2ll_rn(float x);
__device__ long long int __float2ll_rz(float x);
__device__ long long int __float2ll_ru(float x);
__device__ long long int __float2ll_rd(float x);
__device__ unsigned long long int __float2ull_rn(float x);
__device__ unsigned long long int __float2ull_rz(float x);
__device__ unsigned long long int __float2ull_ru(float x);
__device__ unsigned long long int __float2ull_rd(float x);
__device__ int __double2int_rn(double x);
__device__ int __double2int_rz(double x);
__device__ int __double2int_ru(double x);
__device__ int __double2int_rd(double x);
__device__ unsigned int __double2uint_rn(double x);
__device__ unsigned int __double2uint_rz(double x);
__device__ unsigned int __double2uint_ru(double x);
__device__ unsigned int __double2uint_rd(double x);
__device__ long long int __double2ll_rn(double x);
__device__ long long int __double2ll_rz(double x);
__device__ long long int __double2ll_ru(double x);
__device__ long long int __double2ll_rd(double x);
__device__ unsigned long long int __double2ull_rn(double x);
__device__ unsigned long long int __double2ull_rz(double x);
__device__ unsigned long long int __double2ull_ru(double x);
__device__ unsigned long long int __double2ull_rd(double x);
__device__ float __double2float_rn(double x);
__device__ float __double2float_rz(double x);
__device__ float __double2float_ru(double x);
__device__ float __double2float_rd(double x);
__device__ float __int2float_rn(int x);
__device__ float __int2float_rz(int x);
__device__ float __int2float_ru(int x);
__device__ float __int2float_rd(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ float __uint2float_rz(unsigned int x);
__device__ float __uint2float_ru(unsigned int x);
__device__ float __uint2float_rd(unsigned int x);
__device__ float __ll2float_rn(long long int x);
__device__ float __ll2float_rz(long long int x);
__device__ float __ll2float_ru(long long int x);
__device__ float __ll2float_rd(long long int x);
__device__ float __ull2float_rn(unsigned long long int x);
__device__ float __ull2float_rz(unsigned long long int x);
__device__ float __ull2float_ru(unsigned long long int x);
__device__ float __ull2float_rd(unsigned long long int x);
__device__ double __int2double_rn(int x);
__device__ double __uint2double_rn(unsigned int x);
__device__ double __ll2double_rn(long long int x);
__device__ double __ll2double_rz(long long int x);
__device__ double __ll2double_ru(long long int x);
__device__ double __ll2double_rd(long long int x);
__device__ double __ull2double_rn(unsigned long long int x);
__device__ double __ull2double_rz(unsigned long long int x);
__device__ double __ull2double_ru(unsigned long long int x);
__device__ double __ull2double_rd(unsigned long long int x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long int __double_as_longlong(double x);
__device__ double __longlong_as_double(long long int x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);

/* single precision intrinsics (those glibc also declares are further down) */
__device__ float __fdividef(float x, float y);
__device__ float fdividef(float x, float y);
__device__ float __fdiv_rn(float x, float y);
__device__ float __fdiv_rz(float x, float y);
__device__ float __frcp_rn(float x);
__device__ float __frcp_rz(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __fsqrt_rz(float x);
__device__ float __frsqrt_rn(float x);
__device__ float __saturatef(float x);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __fmaf_rz(float x, float y, float z);
__device__ float __fmaf_ru(float x, float y, float z);
__device__ float __fmaf_rd(float x, float y, float z);
__device__ float __fadd_rn(float x, float y);
__device__ float __fadd_rz(float x, float y);
__device__ float __fsub_rn(float x, float y);
__device__ float __fsub_rz(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fmul_rz(float x, float y);

/* double precision intrinsics */
__device__ double __fma_rn(double x, double y, double z);
__device__ double __fma_rz(double x, double y, double z);
__device__ double __dadd_rn(double x, double y);
__device__ double __dsub_rn(double x, double y);
__device__ double __dmul_rn(double x, double y);
__device__ double __ddiv_rn(double x, double y);
__device__ double __drcp_rn(double x);
__device__ double __dsqrt_rn(double x);

/* CUDA-only math functions */
__device__ float rsqrtf(float x);
__device__ double rsqrt(double x);
__device__ float rcbrtf(float x);
__device__ double rcbrt(double x);
__device__ float sinpif(float x);
__device__ double sinpi(double x);
__device__ float cospif(float x);
__device__ double cospi(double x);
__device__ void sincospif(float x, float *s, float *c);
__device__ void sincospi(double x, double *s, double *c);
__device__ float erfinvf(float x);
__device__ double erfinv(double x);
__device__ float erfcinvf(float x);
__device__ double erfcinv(double x);
__device__ float normcdff(float x);
__device__ double normcdf(double x);
__device__ float normcdfinvf(float x);
__device__ double normcdfinv(double x);
__device__ float norm3df(float a, float b, float c);
__device__ double norm3d(double a, double b, double c);
__device__ float rnorm3df(float a, float b, float c);
__device__ double rnorm3d(double a, double b, double c);
__device__ float norm4df(float a, float b, float c, float d);
__device__ float rhypotf(float x, float y);
__device__ double rhypot(double x, double y);

/* device-side printf, assert and heap (host versions come from libc) */
__device__ int printf(const char *format, ...);
__device__ int vprintf(const char *format, const char *args);
__device__ void __assert_fail(const char *assertion, const char *file,
                              unsigned int line, const char *function);
__device__ void __assertfail(const char *message, const char *file,
                             unsigned int line, const char *function,
                             size_t charSize);
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
__device__ void *memcpy(void *dst, const void *src, size_t n);
__device__ void *memset(void *dst, int value, size_t n);
} /* extern "C" */

__device__ float rsqrt(float x);

/* warp-level primitives */
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_add_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_min_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_max_sync(unsigned int mask, int v);

/* Shuffles, cache-hinted loads/stores and atomics are function templates
 * rather than one overload per CUDA type: a few hundred overloads cost ~20 %
 * of the shim's parse time.  Calls still resolve to a declaration whose
 * parameter types are the concrete ones (e.g. atomicAdd<float>(float *,
 * float)).  The shim therefore accepts a few type combinations that the real
 * headers reject; gpulint is a linter, not a compiler. */
template <class T> struct __gpulint_identity { typedef T type; };

template <class T>
__device__ T __shfl_sync(unsigned int mask, T var, int srcLane,
                         int width = 32);
template <class T>
__device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,
                            int width = 32);
template <class T>
__device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,
                              int width = 32);
template <class T>
__device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,
                             int width = 32);
template <class T>
__device__ unsigned int __match_any_sync(unsigned int mask, T value);
template <class T>
__device__ unsigned int __match_all_sync(unsigned int mask, T value,
                                         int *pred);

/* read-only / cache-hinted loads and stores */
template <class T> __device__ T __ldg(const T *ptr);
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T>
__device__ void __stwb(T *ptr, typename __gpulint_identity<T>::type value);
template <class T>
__device__ void __stcg(T *ptr, typename __gpulint_identity<T>::type value);
template <class T>
__device__ void __stcs(T *ptr, typename __gpulint_identity<T>::type value);
template <class T>
__device__ void __stwt(T *ptr, typename __gpulint_identity<T>::type value);

/* atomics: T is deduced from the address only, the value converts to it */
#define __GPULINT_ATOMIC(op)                                                  \
  template <class T>                                                         \
  __device__ T op(T *address, typename __gpulint_identity<T>::type val);     \
  template <class T>                                                         \
  __device__ T op##_block(T *address,                                        \
                          typename __gpulint_identity<T>::type val);         \
  template <class T>                                                         \
  __device__ T op##_system(T *address,                                       \
                           typename __gpulint_identity<T>::type val);
__GPULINT_ATOMIC(atomicAdd)
__GPULINT_ATOMIC(atomicSub)
__GPULINT_ATOMIC(atomicExch)
__GPULINT_ATOMIC(atomicMin)
__GPULINT_ATOMIC(atomicMax)
__GPULINT_ATOMIC(atomicInc)
__GPULINT_ATOMIC(atomicDec)
__GPULINT_ATOMIC(atomicAnd)
__GPULINT_ATOMIC(atomicOr)
__GPULINT_ATOMIC(atomicXor)
#undef __GPULINT_ATOMIC
#define __GPULINT_CAS(op)                                                     \
  template <class T>                                                         \
  __device__ T op(T *address, typename __gpulint_identity<T>::type compare,  \
                  typename __gpulint_identity<T>::type val);
__GPULINT_CAS(atomicCAS)
__GPULINT_CAS(atomicCAS_block)
__GPULINT_CAS(atomicCAS_system)
#undef __GPULINT_CAS

/* ------------------------------------------------------------------------ */
/* Device math.  Names that glibc also declares (sqrtf, sqrt(double), __expf,*/
/* ...) are "static __device__ inline" C++ overloads with builtin bodies, as */
/* clang's own CUDA headers do.  In device code a float argument resolves to */
/* the float overload (exp(x) -> exp(float)), a double one to the double     */
/* overload (exp(-(4.0)/t) -> exp(double)).                                  */
/* ------------------------------------------------------------------------ */

/* Arithmetic-type traits used to restrict the generic overloads below. */
template <class T> struct __gpulint_fp {};
#define __GPULINT_FP(T, R)                                                    \
  template <> struct __gpulint_fp<T> { typedef R type; };
__GPULINT_FP(bool, double)
__GPULINT_FP(char, double)
__GPULINT_FP(signed char, double)
__GPULINT_FP(unsigned char, double)
__GPULINT_FP(short, double)
__GPULINT_FP(unsigned short, double)
__GPULINT_FP(int, double)
__GPULINT_FP(unsigned int, double)
__GPULINT_FP(long, double)
__GPULINT_FP(unsigned long, double)
__GPULINT_FP(long long, double)
__GPULINT_FP(unsigned long long, double)
__GPULINT_FP(float, float)
__GPULINT_FP(double, double)
#undef __GPULINT_FP
template <class T> struct __gpulint_int {};
#define __GPULINT_INT(T)                                                      \
  template <> struct __gpulint_int<T> { typedef double type; };
__GPULINT_INT(bool)
__GPULINT_INT(char)
__GPULINT_INT(signed char)
__GPULINT_INT(unsigned char)
__GPULINT_INT(short)
__GPULINT_INT(unsigned short)
__GPULINT_INT(int)
__GPULINT_INT(unsigned int)
__GPULINT_INT(long)
__GPULINT_INT(unsigned long)
__GPULINT_INT(long long)
__GPULINT_INT(unsigned long long)
#undef __GPULINT_INT
/* result type of a mixed call: float only if every argument is float */
template <class A, class B, class C = float> struct __gpulint_promote {
  typedef double type;
};
template <> struct __gpulint_promote<float, float, float> {
  typedef float type;
};

/* Host prototypes of the C functions, identical to glibc's (noexcept in C++),
 * so that __host__ __device__ helpers also resolve fmaxf, sqrt, ... on the
 * host side when the file relies on cuda_runtime.h for <math.h>. */
#if defined(__has_include)
#if __has_include(<features.h>)
#include <features.h>
#endif
#endif
#if defined(__GLIBC__)
#define __GPULINT_HOSTDECL(R, F, ...) extern "C" __host__ R F(__VA_ARGS__) noexcept;
#else
#define __GPULINT_HOSTDECL(R, F, ...)
#endif

/* f(float) as fnf and f, f(double), f(integer) -> double */
#define __GPULINT_MATH1(F)                                                    \
  __GPULINT_HOSTDECL(float, F##f, float)                                     \
  __GPULINT_HOSTDECL(double, F, double)                                      \
  static __device__ inline float F##f(float __x) {                           \
    return __builtin_##F##f(__x); }                                          \
  static __device__ inline float F(float __x) {                              \
    return __builtin_##F##f(__x); }                                          \
  static __device__ inline double F(double __x) { return __builtin_##F(__x); } \
  template <class __T>                                                       \
  static __device__ inline typename __gpulint_int<__T>::type F(__T __x) {    \
    return __builtin_##F((double)__x); }
/* same for functions of two arguments, plus a mixed-type overload */
#define __GPULINT_MATH2(F)                                                    \
  __GPULINT_HOSTDECL(float, F##f, float, float)                              \
  __GPULINT_HOSTDECL(double, F, double, double)                              \
  static __device__ inline float F##f(float __x, float __y) {                \
    return __builtin_##F##f(__x, __y); }                                     \
  static __device__ inline float F(float __x, float __y) {                   \
    return __builtin_##F##f(__x, __y); }                                     \
  static __device__ inline double F(double __x, double __y) {                \
    return __builtin_##F(__x, __y); }                                        \
  template <class __T, class __U>                                            \
  static __device__ inline typename __gpulint_promote<                       \
      typename __gpulint_fp<__T>::type,                                      \
      typename __gpulint_fp<__U>::type>::type                                \
  F(__T __x, __U __y) {                                                      \
    return __builtin_##F((double)__x, (double)__y); }

__GPULINT_MATH1(sqrt)
__GPULINT_MATH1(cbrt)
__GPULINT_MATH1(exp)
__GPULINT_MATH1(exp2)
__GPULINT_MATH1(expm1)
__GPULINT_MATH1(log)
__GPULINT_MATH1(log2)
__GPULINT_MATH1(log10)
__GPULINT_MATH1(log1p)
__GPULINT_MATH1(logb)
__GPULINT_MATH1(sin)
__GPULINT_MATH1(cos)
__GPULINT_MATH1(tan)
__GPULINT_MATH1(asin)
__GPULINT_MATH1(acos)
__GPULINT_MATH1(atan)
__GPULINT_MATH1(sinh)
__GPULINT_MATH1(cosh)
__GPULINT_MATH1(tanh)
__GPULINT_MATH1(asinh)
__GPULINT_MATH1(acosh)
__GPULINT_MATH1(atanh)
__GPULINT_MATH1(fabs)
__GPULINT_MATH1(floor)
__GPULINT_MATH1(ceil)
__GPULINT_MATH1(trunc)
__GPULINT_MATH1(round)
__GPULINT_MATH1(rint)
__GPULINT_MATH1(nearbyint)
__GPULINT_MATH1(erf)
__GPULINT_MATH1(erfc)
__GPULINT_MATH1(lgamma)
__GPULINT_MATH1(tgamma)

__GPULINT_MATH2(pow)
__GPULINT_MATH2(fmin)
__GPULINT_MATH2(fmax)
__GPULINT_MATH2(fmod)
__GPULINT_MATH2(atan2)
__GPULINT_MATH2(hypot)
__GPULINT_MATH2(copysign)
__GPULINT_MATH2(fdim)
__GPULINT_MATH2(remainder)
__GPULINT_MATH2(nextafter)

#undef __GPULINT_MATH1
#undef __GPULINT_MATH2

__GPULINT_HOSTDECL(float, exp10f, float)
__GPULINT_HOSTDECL(double, exp10, double)
__GPULINT_HOSTDECL(float, fmaf, float, float, float)
__GPULINT_HOSTDECL(double, fma, double, double, double)
__GPULINT_HOSTDECL(float, ldexpf, float, int)
__GPULINT_HOSTDECL(double, ldexp, double, int)
__GPULINT_HOSTDECL(float, scalbnf, float, int)
__GPULINT_HOSTDECL(double, scalbn, double, int)
__GPULINT_HOSTDECL(float, frexpf, float, int *)
__GPULINT_HOSTDECL(double, frexp, double, int *)
__GPULINT_HOSTDECL(float, modff, float, float *)
__GPULINT_HOSTDECL(double, modf, double, double *)
__GPULINT_HOSTDECL(int, ilogbf, float)
__GPULINT_HOSTDECL(int, ilogb, double)
__GPULINT_HOSTDECL(long, lrintf, float)
__GPULINT_HOSTDECL(long, lrint, double)
__GPULINT_HOSTDECL(long, lroundf, float)
__GPULINT_HOSTDECL(long, lround, double)
__GPULINT_HOSTDECL(long long, llrintf, float)
__GPULINT_HOSTDECL(long long, llrint, double)
__GPULINT_HOSTDECL(long long, llroundf, float)
__GPULINT_HOSTDECL(long long, llround, double)
__GPULINT_HOSTDECL(void, sincosf, float, float *, float *)
__GPULINT_HOSTDECL(void, sincos, double, double *, double *)
__GPULINT_HOSTDECL(int, abs, int)
__GPULINT_HOSTDECL(long, labs, long)
__GPULINT_HOSTDECL(long long, llabs, long long)
__GPULINT_HOSTDECL(void *, malloc, size_t)
__GPULINT_HOSTDECL(void, free, void *)
__GPULINT_HOSTDECL(void *, memcpy, void *, const void *, size_t)
__GPULINT_HOSTDECL(void *, memset, void *, int, size_t)
#if defined(__GLIBC__)
extern "C" __host__ int printf(const char *format, ...);
#endif
#undef __GPULINT_HOSTDECL

static __device__ inline float pow(float __x, int __n) {
  return __builtin_powf(__x, (float)__n);
}
static __device__ inline float exp10f(float __x) {
  return __builtin_powf(10.0f, __x);
}
static __device__ inline double exp10(double __x) {
  return __builtin_pow(10.0, __x);
}
static __device__ inline float fmaf(float __x, float __y, float __z) {
  return __builtin_fmaf(__x, __y, __z);
}
static __device__ inline float fma(float __x, float __y, float __z) {
  return __builtin_fmaf(__x, __y, __z);
}
static __device__ inline double fma(double __x, double __y, double __z) {
  return __builtin_fma(__x, __y, __z);
}
template <class __T, class __U, class __V>
static __device__ inline typename __gpulint_promote<
    typename __gpulint_fp<__T>::type, typename __gpulint_fp<__U>::type,
    typename __gpulint_fp<__V>::type>::type
fma(__T __x, __U __y, __V __z) {
  return __builtin_fma((double)__x, (double)__y, (double)__z);
}
static __device__ inline float ldexpf(float __x, int __e) {
  return __builtin_ldexpf(__x, __e);
}
static __device__ inline float ldexp(float __x, int __e) {
  return __builtin_ldexpf(__x, __e);
}
static __device__ inline double ldexp(double __x, int __e) {
  return __builtin_ldexp(__x, __e);
}
static __device__ inline float scalbnf(float __x, int __e) {
  return __builtin_scalbnf(__x, __e);
}
static __device__ inline double scalbn(double __x, int __e) {
  return __builtin_scalbn(__x, __e);
}
static __device__ inline float frexpf(float __x, int *__e) {
  return __builtin_frexpf(__x, __e);
}
static __device__ inline double frexp(double __x, int *__e) {
  return __builtin_frexp(__x, __e);
}
static __device__ inline float modff(float __x, float *__i) {
  return __builtin_modff(__x, __i);
}
static __device__ inline double modf(double __x, double *__i) {
  return __builtin_modf(__x, __i);
}
static __device__ inline int ilogbf(float __x) { return __builtin_ilogbf(__x); }
static __device__ inline int ilogb(double __x) { return __builtin_ilogb(__x); }
static __device__ inline long lrintf(float __x) { return __builtin_lrintf(__x); }
static __device__ inline long lrint(double __x) { return __builtin_lrint(__x); }
static __device__ inline long lroundf(float __x) {
  return __builtin_lroundf(__x);
}
static __device__ inline long lround(double __x) {
  return __builtin_lround(__x);
}
static __device__ inline long long llrintf(float __x) {
  return __builtin_llrintf(__x);
}
static __device__ inline long long llrint(double __x) {
  return __builtin_llrint(__x);
}
static __device__ inline long long llroundf(float __x) {
  return __builtin_llroundf(__x);
}
static __device__ inline long long llround(double __x) {
  return __builtin_llround(__x);
}
static __device__ inline void sincosf(float __x, float *__s, float *__c) {
  *__s = __builtin_sinf(__x);
  *__c = __builtin_cosf(__x);
}
static __device__ inline void sincos(double __x, double *__s, double *__c) {
  *__s = __builtin_sin(__x);
  *__c = __builtin_cos(__x);
}
static __device__ inline bool isnan(float __x) { return __builtin_isnan(__x); }
static __device__ inline bool isnan(double __x) { return __builtin_isnan(__x); }
static __device__ inline bool isinf(float __x) { return __builtin_isinf(__x); }
static __device__ inline bool isinf(double __x) { return __builtin_isinf(__x); }
static __device__ inline bool isfinite(float __x) {
  return __builtin_isfinite(__x);
}
static __device__ inline bool isfinite(double __x) {
  return __builtin_isfinite(__x);
}
static __device__ inline bool signbit(float __x) {
  return __builtin_signbit(__x);
}
static __device__ inline bool signbit(double __x) {
  return __builtin_signbit(__x);
}

/* abs: glibc has abs(int) (host); C++ adds the other overloads */
static __device__ inline int abs(int __x) { return __builtin_abs(__x); }
static __device__ inline long abs(long __x) { return __builtin_labs(__x); }
static __device__ inline long long abs(long long __x) {
  return __builtin_llabs(__x);
}
static __device__ inline float abs(float __x) { return __builtin_fabsf(__x); }
static __device__ inline double abs(double __x) { return __builtin_fabs(__x); }
static __device__ inline long labs(long __x) { return __builtin_labs(__x); }
static __device__ inline long long llabs(long long __x) {
  return __builtin_llabs(__x);
}

/* fast-math intrinsics that glibc also declares (as internal aliases) */
static __device__ inline float __expf(float __x) { return __builtin_expf(__x); }
static __device__ inline float __exp10f(float __x) {
  return __builtin_powf(10.0f, __x);
}
static __device__ inline float __logf(float __x) { return __builtin_logf(__x); }
static __device__ inline float __log2f(float __x) {
  return __builtin_log2f(__x);
}
static __device__ inline float __log10f(float __x) {
  return __builtin_log10f(__x);
}
static __device__ inline float __sinf(float __x) { return __builtin_sinf(__x); }
static __device__ inline float __cosf(float __x) { return __builtin_cosf(__x); }
static __device__ inline float __tanf(float __x) { return __builtin_tanf(__x); }
static __device__ inline void __sincosf(float __x, float *__s, float *__c) {
  *__s = __builtin_sinf(__x);
  *__c = __builtin_cosf(__x);
}
static __device__ inline float __powf(float __x, float __y) {
  return __builtin_powf(__x, __y);
}

/* clock(): glibc declares a host clock(); this is the device one */
static __device__ inline long clock(void) {
  return (long)__nvvm_read_ptx_sreg_clock();
}

/* ------------------------------------------------------------------------ */
/* min / max: usable on host and device, like CUDA's.                        */
/* ------------------------------------------------------------------------ */

#define __GPULINT_MINMAX(T)                                                   \
  static __host__ __device__ inline T min(T __a, T __b) {                    \
    return __a < __b ? __a : __b; }                                          \
  static __host__ __device__ inline T max(T __a, T __b) {                    \
    return __a < __b ? __b : __a; }
__GPULINT_MINMAX(int)
__GPULINT_MINMAX(unsigned int)
__GPULINT_MINMAX(long)
__GPULINT_MINMAX(unsigned long)
__GPULINT_MINMAX(long long)
__GPULINT_MINMAX(unsigned long long)
__GPULINT_MINMAX(float)
__GPULINT_MINMAX(double)
#undef __GPULINT_MINMAX
/* mixed argument types: usual arithmetic conversions (min(n, 256u), ...) */
template <class __T, class __U>
static __host__ __device__ inline decltype(
    (typename __gpulint_fp<__T>::type)0, (typename __gpulint_fp<__U>::type)0,
    true ? __T() : __U())
min(__T __a, __U __b) {
  return __a < __b ? __a : __b;
}
template <class __T, class __U>
static __host__ __device__ inline decltype(
    (typename __gpulint_fp<__T>::type)0, (typename __gpulint_fp<__U>::type)0,
    true ? __T() : __U())
max(__T __a, __U __b) {
  return __a < __b ? __b : __a;
}

/* ------------------------------------------------------------------------ */
/* math_constants.h subset                                                   */
/* ------------------------------------------------------------------------ */

#ifndef CUDART_PI_F
#define CUDART_PI_F 3.141592654f
#define CUDART_2PI_F 6.283185307f
#define CUDART_PIO2_F 1.570796327f
#define CUDART_PIO4_F 0.785398163f
#define CUDART_SQRT_2_F 1.414213562f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_L2E_F 1.442695041f
#define CUDART_LN2_F 0.693147181f
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_MAX_NORMAL_F 3.402823466e+38f
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_2PI 6.2831853071795862e+0
#define CUDART_PIO2 1.5707963267948966e+0
#define CUDART_SQRT_2 1.4142135623730951e+0
#define CUDART_LN2 6.9314718055994529e-1
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN __builtin_nan("")
#endif

#endif /* GPULINT_CUDA_SHIM_H */
