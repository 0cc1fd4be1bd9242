// Built at run time by host/pack.cpp: TILE is a constant there, N_PER_THREAD
// a run-time value (here a compile-time constant of unknown value).
__kernel void pack_rows(__global const float *in, __global float *out, int rows)
{
    int r = get_global_id(0);
    if (r >= rows) return;
    float acc = 0.0f;
    for (int k = 0; k < N_PER_THREAD; k++) acc += in[r * N_PER_THREAD + k];
    out[r] = acc * TILE;
}
