// Kernels a build flag selects: the host builds this file once per kernel,
// with -D ROW_SUMS or -D RANK=2.  Parsed as it is, the preprocessor skips
// every kernel; gpulint parses it once more per flag.

#ifdef ROW_SUMS
__kernel void row_sums(__global const float* a, __global float* out, int n)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[i * n + j];  // expect: uncoalesced-row row_width=n
    out[i] = s;
}
#endif

#if RANK == 1
__kernel void scale(__global float* a, float f)
{
    a[get_global_id(0)] *= f;
}
#elif RANK == 2
__kernel void scale(__global float* a, float f, int width)
{
    int y = get_global_id(0);
    for (int x = 0; x < width; x++) a[y * width + x] *= f;  // expect: uncoalesced-row row_width=width
}
#endif

#if 0
/* dead code: no flag selects it, and nothing is reported in it */
__kernel void unused(__global float* a, int n)
{
    for (int j = 0; j < n; j++) a[get_global_id(0) * n + j] = 0.0f;
}
#endif

//