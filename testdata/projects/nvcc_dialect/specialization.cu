// nvcc accepts an explicit specialization whose __host__/__device__ differ
// from its template's; clang finds no template for it and leaves it out.
// The kernels are not affected: the file is ok, the finding is reported.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <math.h>

template <typename T>
static inline __host__ __device__ bool is_nan(const T& v) { return false; }

template <>
inline __host__ __device__ bool is_nan<float>(const float& v) { return isnan(v); }

template <>
inline __device__ bool is_nan<__half>(const __half& v) { return __hisnan(v); }

struct cfloat { float x, y; };
template <>
inline bool is_nan<cfloat>(const cfloat& c) { return isnan(c.x) || isnan(c.y); }

__global__ void scale(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && !is_nan(v[i])) v[i] = v[i] * 0.1;
}
