/*
 * gpulint_cuda_textures.h - textures, surfaces, CUDA arrays and the library
 * data types for the gpulint shim.  Part of the pre-included shim (the real
 * cuda_runtime.h brings all of this), so it is kept to declarations: no
 * bodies, no overload per element type.  Written for gpulint from the
 * documented API (see README.md); included by gpulint_cuda_shim.h only.
 */
#ifndef GPULINT_CUDA_TEXTURES_H
#define GPULINT_CUDA_TEXTURES_H

#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif

/* ---------------------------------------------------------------- types */

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc {
  int x, y, z, w;
  enum cudaChannelFormatKind f;
};

typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
enum cudaResourceType {
  cudaResourceTypeArray = 0,
  cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02

struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
struct cudaResourceViewDesc {
  int format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
};
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };

/* Legacy texture references (removed in CUDA 12, still common in older
 * code).  The attribute makes clang treat a namespace-scope texture<> as a
 * device variable, as nvcc does. */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
template <class T, int dim = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {};

/* what a fetch returns: the element type, or floats for normalized reads
 * (char4 -> float4, ...) */
template <class T, int mode> struct __gpulint_texel { typedef T type; };
template <class T> struct __gpulint_texel<T, cudaReadModeNormalizedFloat> {
  typedef float type;
};
#define __GPULINT_TEXEL_VEC(N)                                                \
  template <> struct __gpulint_texel<N##1, cudaReadModeNormalizedFloat> {    \
    typedef float1 type; };                                                  \
  template <> struct __gpulint_texel<N##2, cudaReadModeNormalizedFloat> {    \
    typedef float2 type; };                                                  \
  template <> struct __gpulint_texel<N##4, cudaReadModeNormalizedFloat> {    \
    typedef float4 type; };
__GPULINT_TEXEL_VEC(char)
__GPULINT_TEXEL_VEC(uchar)
__GPULINT_TEXEL_VEC(short)
__GPULINT_TEXEL_VEC(ushort)
#undef __GPULINT_TEXEL_VEC

#define __GPULINT_TEXREF(R) typename __gpulint_texel<T, mode>::type
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex1Dfetch(texture<T, dim, mode> t, int x);
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex1D(texture<T, dim, mode> t, float x);
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex2D(texture<T, dim, mode> t, float x, float y);
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex3D(texture<T, dim, mode> t, float x, float y,
                                    float z);
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex1DLayered(texture<T, dim, mode> t, float x,
                                           int layer);
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ __GPULINT_TEXREF() tex2DLayered(texture<T, dim, mode> t, float x,
                                           float y, int layer);
#undef __GPULINT_TEXREF

/* Texture and surface objects: the element type is the explicit template
 * argument (tex1Dfetch<float>(obj, i)). */
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t obj, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t obj, float x);
template <class T>
__device__ T tex2D(cudaTextureObject_t obj, float x, float y);
template <class T>
__device__ T tex3D(cudaTextureObject_t obj, float x, float y, float z);
template <class T>
__device__ T tex1DLayered(cudaTextureObject_t obj, float x, int layer);
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t obj, float x, float y,
                          int layer);
template <class T>
__device__ T tex1DLod(cudaTextureObject_t obj, float x, float level);
template <class T>
__device__ T tex2DLod(cudaTextureObject_t obj, float x, float y, float level);
template <class T>
__device__ T tex2Dgather(cudaTextureObject_t obj, float x, float y,
                         int comp = 0);
template <class T>
__device__ T texCubemap(cudaTextureObject_t obj, float x, float y, float z);
/* the older out-parameter forms */
template <class T>
__device__ void tex1Dfetch(T *ret, cudaTextureObject_t obj, int x);
template <class T>
__device__ void tex2D(T *ret, cudaTextureObject_t obj, float x, float y);

template <class T>
__device__ T surf1Dread(cudaSurfaceObject_t s, int x,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T>
__device__ T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T>
__device__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z,
                        enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T>
__device__ void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T>
__device__ void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T>
__device__ void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z,
                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);

/* ------------------------------------------------------------ host side */

extern "C" {
__host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
__host__ cudaError_t cudaMallocArray(cudaArray_t *array,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t width, size_t height = 0,
                                     unsigned int flags = 0);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                       const struct cudaChannelFormatDesc *desc,
                                       struct cudaExtent extent,
                                       unsigned int flags = 0);
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset,
                                       size_t hOffset, const void *src,
                                       size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                         size_t hOffset, const void *src,
                                         size_t spitch, size_t width,
                                         size_t height,
                                         enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                           cudaArray_const_t src,
                                           size_t wOffset, size_t hOffset,
                                           size_t width, size_t height,
                                           enum cudaMemcpyKind kind);
__host__ cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
    const struct cudaTextureDesc *pTexDesc,
    const struct cudaResourceViewDesc *pResViewDesc);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
__host__ cudaError_t cudaCreateSurfaceObject(
    cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct textureReference *texref,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t size = ~(size_t)0);
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct textureReference *texref,
                                       const void *devPtr,
                                       const struct cudaChannelFormatDesc *desc,
                                       size_t width, size_t height,
                                       size_t pitch);
__host__ cudaError_t cudaBindTextureToArray(
    const struct textureReference *texref, cudaArray_const_t array,
    const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaUnbindTexture(const struct textureReference *texref);
} /* extern "C" */

/* the C++ forms over a texture<> and over the element type */
template <class T> __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct texture<T, dim, mode> &tex,
                                     const void *devPtr,
                                     size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct texture<T, dim, mode> &tex,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc &desc,
                                     size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct texture<T, dim, mode> &tex,
                                       const void *devPtr, size_t width,
                                       size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct texture<T, dim, mode> &tex,
                                       const void *devPtr,
                                       const struct cudaChannelFormatDesc &desc,
                                       size_t width, size_t height,
                                       size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTextureToArray(
    const struct texture<T, dim, mode> &tex, cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex);

/* ------------------------------------------- library_types.h data types */

typedef enum cudaDataType_t {
  CUDA_R_32F = 0,
  CUDA_R_64F = 1,
  CUDA_R_16F = 2,
  CUDA_R_8I = 3,
  CUDA_C_32F = 4,
  CUDA_C_64F = 5,
  CUDA_C_16F = 6,
  CUDA_C_8I = 7,
  CUDA_R_8U = 8,
  CUDA_C_8U = 9,
  CUDA_R_32I = 10,
  CUDA_C_32I = 11,
  CUDA_R_32U = 12,
  CUDA_C_32U = 13,
  CUDA_R_16BF = 14,
  CUDA_C_16BF = 15,
  CUDA_R_64I = 24,
  CUDA_R_64U = 26
} cudaDataType;
typedef enum libraryPropertyType_t {
  MAJOR_VERSION,
  MINOR_VERSION,
  PATCH_LEVEL
} libraryPropertyType;

#endif /* GPULINT_CUDA_TEXTURES_H */
