// uniform-branch on OpenCL C, negatives: thread- and data-dependent
// conditions, compile-time constants.
#define USE_FAST 1

__kernel void bounds(__global float* x, int n)
{
    int i = get_global_id(0);
    if (i < n) x[i] = 0.0f;
}

__kernel void data_dep(__global float* x)
{
    int i = get_global_id(0);
    if (x[i] > 0.0f) x[i] = 1.0f;
}

__kernel void macro_const(__global float* x)
{
    if (USE_FAST) x[get_global_id(0)] = 1.0f;
}

__kernel void local_id_branch(__global float* x, __local float* t)
{
    int l = get_local_id(0);
    t[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) x[get_group_id(0)] = t[0];
}

__kernel void second_dim(__global float* x, int w)
{
    if (get_global_id(1) < 4) x[get_global_id(1) * w + get_global_id(0)] = 0.0f;
}

__kernel void vload_data(__global float* x)
{
    float4 v = vload4(get_global_id(0), x);
    if (v.x > v.y) vstore4(v, get_global_id(0), x);
}

// A select of a register, and an error path that only prints: no finding.
__kernel void clamp_or_wrap(__global const int* idx, __global const float* table, __global float* out,
                            int n, int size, int wrap)
{
    int i = get_global_id(0);
    if (n > size) {  // expect-none
        printf("clamp_or_wrap: n=%d > size=%d\n", n, size);
        return;
    }
    if (i >= n) return;
    int j = idx[i];
    if (wrap)  // expect-none
        j = (j % size + size) % size;
    else
        j = clamp(j, 0, size - 1);
    out[i] = table[j];
}
