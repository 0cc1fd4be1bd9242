// Layer code templated on the element type, instantiated for float and
// double by a macro at the end of each .cu file.
#pragma once
#include <cuda_runtime.h>

#define LAYER_EXPORT  // empty: a marker (a comment right after a macro's name)
#define THREADS_PER_BLOCK 256
#define BLOCKS_FOR(n) (((n) + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK)

// Every member of the class, for both element types.
#define INSTANTIATE_LAYER(classname) \
  template class classname<float>;   \
  template class classname<double>

// Only the GPU forward pass, member by member.
#define INSTANTIATE_FORWARD_GPU(classname)                            \
  template void classname<float>::Forward_gpu(const float*, float*, int); \
  template void classname<double>::Forward_gpu(const double*, double*, int)
