/* Kernel code wrapped in a stringizing macro (the STRINGIFY idiom). */
#define STRINGIFY(src) #src
#define CL_SOURCE(...) #__VA_ARGS__

const char *scale_source = STRINGIFY(
__kernel void scale(__global const float *x, __global float *y, int n)
{
    int i = get_global_id(0);
    double d = 1.0;
    if (i < n) y[i] = x[i] * 2.5 + (float)d;
}
);

const char *more_source = CL_SOURCE(
__kernel void row_sum(__global const float *a, __global float *out, int n)
{
    int i = get_global_id(0), j;
    float s = 0.0f;
    for (j = 0; j < n; j++) s += a[i * n + j];
    out[i] = s;
}
__kernel void flag_top(__global float *x, int mode)
{
    if (mode == 2) x[get_global_id(0)] = 1.0f;
}
);
