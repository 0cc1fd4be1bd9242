// uncoalesced-adjacent on OpenCL C: each work-item touches K adjacent
// scalars (index = gid*K + c) instead of one vloadK.
#define K 4

__kernel void four_loads(__global const float* x, __global float* y)
{
    int i = get_global_id(0);
    float a = x[4 * i], b = x[4 * i + 1], c = x[4 * i + 2], d = x[4 * i + 3];  // expect: uncoalesced-adjacent K=4 vector_type=float4
    y[i] = a + b + c + d;
}

__kernel void macro_loop(__global float* y)
{
    int i = get_global_id(0);
    for (int c = 0; c < K; c++) y[i * K + c] = 0.0f;  // expect: uncoalesced-adjacent K=4 access=store
}

void store2(__global int* p, int i) { p[2 * i] = 1; p[2 * i + 1] = 2; }  // expect: uncoalesced-adjacent K=2

__kernel void via_helper(__global int* p)
{
    store2(p, get_global_id(0));
}

__kernel void pairs_2d(__global const float* x, __global float* y, int w)
{
    int gx = get_global_id(0), gy = get_global_id(1);
    int idx = gy * w + gx;
    y[idx] = x[2 * idx] + x[2 * idx + 1];  // expect: uncoalesced-adjacent K=2
}

__kernel void local_ids(__global const float* x, __global float* y)
{
    int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    y[i] = x[3 * i] + x[3 * i + 1] + x[3 * i + 2];  // expect: uncoalesced-adjacent K=3
}

__kernel void uchar_quads(__global const uchar* x, __global uint* y)
{
    int i = get_global_id(0);
    y[i] = x[4 * i] + x[4 * i + 1] + x[4 * i + 2] + x[4 * i + 3];  // expect: uncoalesced-adjacent K=4
}
