// uncoalesced-adjacent, OpenCL C struct accesses that are fine.

typedef struct __attribute__((aligned(16))) { float x, y, z, w; } aligned4;
typedef struct { float x, y, z; } point3;

// 16-byte aligned: one 16-byte access per work-item.
__kernel void aligned_sum(__global const aligned4* p, __global float* out)
{
    int i = get_global_id(0);
    out[i] = p[i].x + p[i].y + p[i].z + p[i].w;  // expect-none
}

// Built-in vectors.
__kernel void vec_sum(__global const float4* v, __global float* out)
{
    int i = get_global_id(0);
    out[i] = v[i].x + v[i].y + v[i].z + v[i].w;  // expect-none
}

// One struct per work-group, in __local memory.
__kernel void group_center(__global const point3* c, __local point3* tmp, __global float* out)
{
    int l = get_local_id(0);
    if (l == 0) { tmp[0].x = c[get_group_id(0)].x; tmp[0].y = c[get_group_id(0)].y; }  // expect-none
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[0].x + tmp[0].y;  // expect-none
}
