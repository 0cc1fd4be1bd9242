// double-literal on OpenCL C, fp64 on (the file enables cl_khr_fp64):
// unsuffixed literals make float code compute in double.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define SCALE 0.5

__kernel void scale(__global const float* x, __global float* y, int n)
{
    int i = get_global_id(0);
    if (i < n) y[i] = x[i] * 1.5;  // expect: double-literal literal=1.5 severity=info fp64=true
}

__kernel void from_macro(__global float* x)
{
    int i = get_global_id(0);
    x[i] = x[i] * SCALE;  // expect: double-literal literal=0.5 macro=SCALE
}

float helper(float v) { return v + 0.25; }  // expect: double-literal literal=0.25

__kernel void through_helper(__global float* x)
{
    x[get_global_id(0)] = helper(x[get_global_id(0)]);
}

__kernel void in_loop(__global float* x, int n)
{
    float acc = 0.0f;
    for (int k = 0; k < n; k++) acc = acc * 0.9 + x[k];  // expect: double-literal literal=0.9 severity=info
    x[get_global_id(0)] = acc;
}

__kernel void math_call(__global float* x)
{
    int i = get_global_id(0);
    x[i] = exp(x[i] * 2.0);  // expect: double-literal literal=2.0 double_math_call=exp severity=low
}

__kernel void vec_local_2d(__global float* out, __local float* tile)
{
    int lx = get_local_id(0), ly = get_local_id(1);
    float4 v = vload4(get_global_id(0), out);
    float s = v.x;
    tile[ly * 16 + lx] = s / 3.0;  // expect: double-literal literal=3.0
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = tile[lx * 16 + ly];
}

// A double result feeding a further operation: a chain the compiler cannot
// narrow back to float; and a literal-only constant meeting a float.
#define INV_SQRT2 (1.0 / 1.4142135623730951)
__kernel void lerp_scale(__global const float* a, __global const float* b, __global float* out)
{
    int i = get_global_id(0);
    out[i] = a[i] + (b[i] - a[i]) * 0.5;  // expect: double-literal literal=0.5 result_in_double=true fp64=true
    out[i] *= INV_SQRT2;  // expect: double-literal literal=INV_SQRT2 fp64=true
}
