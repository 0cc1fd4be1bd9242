// A tiled transpose through shared memory with a padded tile, and a
// templated element type with a struct of four floats.
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

struct float4x { float x, y, z, w; };

template <typename T>
__global__ void transpose(T *__restrict__ out, const T *__restrict__ in, int width, int height)
{
    __shared__ T tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS)
        if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

template __global__ void transpose<float>(float *, const float *, int, int);
template __global__ void transpose<float4x>(float4x *, const float4x *, int, int);
