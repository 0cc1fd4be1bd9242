// Built at run time after a prefix the host assembles: `real`, TILE_SIZE
// and NUM_ATOMS come from it (src/context.cpp).
__kernel void compute_forces(__global const real *pos, __global real *force)
{
    __local real tile[TILE_SIZE];
    int atom = get_global_id(0);
    if (atom >= NUM_ATOMS) return;
    real f = 0;
    for (int j = 0; j < NUM_ATOMS; j++) f += pos[atom * NUM_ATOMS + j];
    tile[get_local_id(0) % TILE_SIZE] = f;
    force[atom] = f;
}
