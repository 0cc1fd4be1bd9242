// A function-template kernel instantiated explicitly, for float only.
#include <cuda_runtime.h>

template <typename T>
__global__ void scale_by_third(T* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] / 3.0;
}

template __global__ void scale_by_third<float>(float*, int);

// Never instantiated: analysed as a pattern.
template <typename T>
__global__ void halve(T* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 0.5;
}
