// fixed-block-16x16, OpenCL positive (C API): literal 16x16 local sizes, one
// written inline in the array, one through const locals; the launches are in
// src/app.c, two directories away.  Both kernels are row-major.
__kernel void blur3(__global const float* in, __global float* out, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
}
