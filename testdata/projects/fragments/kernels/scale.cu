#define TILE 256
typedef float elem_t;
#include "tile_kernel.cuh"

void scale(float *v, int n)
{
    scale_tile<<<(n + TILE - 1) / TILE, TILE>>>(v, n);
}
