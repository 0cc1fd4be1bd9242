// Placement new in device code (cub's BlockLoad does it for each item):
// with the CUDA toolkit's headers, clang's CUDA wrapper of <new> declares the
// device operator new. libclang's driver loses that wrapper unless gpulint
// names clang's resource directory; the file then had a parse error in GPU
// code. Parsed with --headers=cuda by tests/toolkit_pch_test.sh.
#include <cuda_runtime.h>
#include <new>

template <typename T>
__device__ void construct_items(T (&items)[4], const T* src)
{
    for (int i = 0; i < 4; i++) new (&items[i]) T(src[threadIdx.x * 4 + i]);
}

__global__ void gather(const float* src, float* out)
{
    float items[4];
    construct_items(items, src);
    out[threadIdx.x] = items[0] * 0.1;
}
