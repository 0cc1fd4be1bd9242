// The same headers compile as CUDA and as host C++: the kernel and device
// qualifiers are macros that are empty outside nvcc.
#pragma once
#ifdef __CUDACC__
#define GLOBAL __global__
#define DEVICE __device__
#else
#define GLOBAL
#define DEVICE
#endif
