// double-literal on OpenCL C, negatives (fp64 on: the pragma is there).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define HALF 0.5f

__kernel void suffixed(__global float* x)
{
    int i = get_global_id(0);
    x[i] = x[i] * 1.5f + HALF;
}

__kernel void all_double(__global double* x)
{
    int i = get_global_id(0);
    x[i] = x[i] * 1.5;
}

__kernel void integer_math(__global int* x)
{
    int i = get_global_id(0);
    x[i] = x[i] * 3 + 1;
}

float helper(float v) { return v * 2.0f; }

__kernel void helper_float(__global float* x)
{
    x[get_global_id(0)] = helper(x[get_global_id(0)]);
}

__kernel void vectors(__global float* x)
{
    float4 v = vload4(get_global_id(0), x);
    vstore4(v * 2.0f, get_global_id(0), x);
}

__kernel void compare_only(__global float* x, __local float* t)
{
    int l = get_local_id(0);
    t[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t[l] > 0.0f) x[get_global_id(0)] = t[(l + 1) % 64];
}
