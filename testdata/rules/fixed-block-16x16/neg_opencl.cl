// fixed-block-16x16 on OpenCL C, negatives: a .cl file alone has no launch
// (launches are in host files: testdata/projects/opencl_small has the
// positives), and 16x16 tiles inside kernels are not launches.
#define TS 16

__kernel void tiled(__global const float* a, __global float* c, __local float* t, int w)
{
    int lx = get_local_id(0), ly = get_local_id(1);
    t[ly * TS + lx] = a[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    c[get_global_id(1) * w + get_global_id(0)] = t[lx * TS + ly];
}

__kernel void local_tile(__global float* c)
{
    __local float tile[TS][TS];
    tile[get_local_id(1)][get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    c[get_global_id(0)] = tile[get_local_id(0)][get_local_id(1)];
}

__kernel void one_d(__global float* x) { x[get_global_id(0)] = 0.0f; }

__kernel void sizes(__global float* x) { x[get_global_id(0)] = get_local_size(0) * get_local_size(1); }

__kernel void vec(__global float* x) { vstore4((float4)(1.0f), get_global_id(0), x); }

__kernel void groups(__global float* x) { x[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = 0.0f; }
