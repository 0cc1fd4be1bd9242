// A function-template kernel instantiated explicitly, for float only.
#include <cuda_runtime.h>

template <typename T>
__global__ void scale_by_third(T* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] / 3.0;
}

template __global__ void scale_by_third<float>(float*, int);

// Never instantiated: analysed as a pattern, and its findings say so.
template <typename T>
__global__ void halve(T* data, int n, int mode) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (mode == 1) data[i] = data[i] * 0.5;
    else data[i] = data[i] + T(1);
  }
}
