// Compiled as C++ (the CMakeLists.txt says so) with the project's C++20: a
// constrained template.
#include <hip/hip_runtime.h>

template <typename T>
concept Real = sizeof(T) == 4 || sizeof(T) == 8;

template <Real T>
__global__ void clamp_values(T *x, T hi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] > hi) x[i] = hi;
}

template __global__ void clamp_values<float>(float *, float, int);
