// A class template whose member (defined in the class) launches a kernel,
// used from ordinary code, and a plain class whose member launches one.
#include <cuda_runtime.h>

template <typename T>
__global__ void axpy_kernel(T a, const T* x, T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i] * 0.25;
}

__global__ void clamp_kernel(float* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] > 1.0 ? 1.0f : v[i];
}

template <typename T>
struct Axpy {
  void run(T a, const T* x, T* y, int n) { axpy_kernel<T><<<(n + 127) / 128, 128>>>(a, x, y, n); }
};

struct Clamp {
  void run(float* v, int n) { clamp_kernel<<<(n + 63) / 64, 64>>>(v, n); }
};

template struct Axpy<float>;
