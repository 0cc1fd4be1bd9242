// Compiled at run time (NVRTC) after a prefix the host assembles: `real`,
// TILE_SIZE and NUM_ATOMS come from it (src/context.cpp).
extern "C" __global__ void compute_forces(const real *pos, real *force)
{
    __shared__ real tile[TILE_SIZE];
    int atom = blockIdx.x * blockDim.x + threadIdx.x;
    if (atom >= NUM_ATOMS) return;
    real f = 0;
    for (int j = 0; j < NUM_ATOMS; j++) f += pos[atom * NUM_ATOMS + j];
    tile[threadIdx.x % TILE_SIZE] = f;
    force[atom] = f;
}
