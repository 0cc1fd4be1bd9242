// Model golden: vloadN/vstoreN as vector accesses, __local and __constant
// address spaces, barriers and atomics, fp64 from the pragma.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__constant float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};

__kernel void vec(__global const float* x, __global float* y, __local float* t, __global int* count)
{
    int i = get_global_id(0);
    float4 v = vload4(i, x);
    vstore2(v.xy, 2 * i, y);
    t[get_local_id(0)] = v.x * weights[i & 3] * 0.5;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(count, 1);
    y[get_global_size(0) + i] = t[get_local_size(0) - 1 - get_local_id(0)];
}
