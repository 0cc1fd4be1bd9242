// Host code only: the kernel of the header it includes is analysed through
// kernels/scale.cu, its first includer, so this file's parse would model
// nothing and it is not parsed.
#define TILE 128
typedef float elem_t;
#include "../kernels/tile_kernel.cuh"

int tiles_for(int n)
{
    return (n + TILE - 1) / TILE;
}
