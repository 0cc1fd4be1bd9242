/* Built by another program: none of the suite's options. */
#ifdef FAST_PATH
#define SCALE 2.0f
#else
#define SCALE 1.0f
#endif

__kernel void scale(__global float *x)
{
    const size_t i = get_global_id(0);
    x[i] = x[i] * SCALE;
}
