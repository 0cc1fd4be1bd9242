/* Kernels written the classic way: adjacent "..." literals with \n escapes. */
#include <stddef.h>

static const char *source =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "__kernel void scale(__global const float *x, __global float *y, int n)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) y[i] = x[i] * 0.5;\n"
    "}\n"
    "\n"
    "__kernel void row_sum(__global const float *a, __global float *out, int n)\n"
    "{\n"
    "    int i = get_global_id(0); float s = 0.0f;\n"
    "    for (int j = 0; j < n; j++) s += a[i * n + j];\n"
    "    out[i] = s;\n"
    "}\n"
    "__kernel void flag_top(__global float *x, int mode) {\n"
    "\tint i = get_global_id(0); if (mode == 2) x[i] = \"\"[0] + 1.0f;\n"
    "}\n"
    "__kernel void escaped_literal(__global float *y) { y[0] *= 0\0562; }\n";

size_t source_length(void) { return sizeof "kernel"; }
