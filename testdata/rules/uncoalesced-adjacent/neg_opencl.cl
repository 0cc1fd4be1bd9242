// uncoalesced-adjacent on OpenCL C, negatives: vector accesses, stride 1,
// local memory, uniform indices.
__kernel void vload_store(__global const float* x, __global float* y)
{
    int i = get_global_id(0);
    float4 v = vload4(i, x);
    vstore4(v, i, y);
}

__kernel void stride_one(__global const float* x, __global float* y)
{
    int i = get_global_id(0);
    y[i] = x[i] + x[i + get_global_size(0)];
}

__kernel void local_pairs(__global float* y, __local float* t)
{
    int l = get_local_id(0);
    t[2 * l] = 0.0f;
    t[2 * l + 1] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = t[l];
}

__kernel void uniform_index(__global const float* x, __global float* y, int row)
{
    y[get_global_id(0)] = x[4 * row] + x[4 * row + 1];
}

__kernel void float4_type(__global const float4* x, __global float4* y)
{
    int i = get_global_id(0);
    y[i] = x[i] * 2.0f;
}

__kernel void rows_2d(__global const float* x, __global float* y, int w)
{
    int gx = get_global_id(0), gy = get_global_id(1);
    y[gy * w + gx] = x[gy * w + gx];
}
