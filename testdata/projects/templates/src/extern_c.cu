// A kernel whose extern "C" __global__ comes from a macro.
#include <cuda_runtime.h>

#define KERNEL extern "C" __global__

KERNEL void brighten(float* pixels, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pixels[i] = pixels[i] * 1.25;
}
