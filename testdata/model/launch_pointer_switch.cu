// Model golden: a launch through a kernel pointer that the host function
// assigns on several paths (a switch on the tile size): one launch of each
// instance assigned, all at the launch's line, with its shape and
// arguments.  A pointer initialised once names its one kernel.
#include <cuda_runtime.h>

template <typename T, int TILE>
__global__ void tiled_copy(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int t = 0; t < TILE; ++t)
        if (i * TILE + t < n) out[i * TILE + t] = in[i * TILE + t];
}

void copy(const float* in, float* out, int n, int tile, cudaStream_t stream)
{
    void (*kernel)(const float*, float*, int);
    switch (tile) {
    case 2: kernel = &tiled_copy<float, 2>; break;
    case 4: kernel = tiled_copy<float, 4>; break;
    default: kernel = &tiled_copy<float, 1>; break;
    }
    kernel<<<(n + 127) / 128, 128, 0, stream>>>(in, out, n);
    auto wide = &tiled_copy<float, 8>;
    wide<<<(n + 255) / 256, 256, 0, stream>>>(in, out, n);
}
