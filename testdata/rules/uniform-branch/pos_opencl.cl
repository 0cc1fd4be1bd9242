// uniform-branch on OpenCL C: branches on launch-time values.
__kernel void flag_in_loop(__global float* x, int relu, int n)
{
    for (int k = 0; k < n; k++) {
        if (relu) x[k * get_global_size(0) + get_global_id(0)] = 0.0f;  // expect: uniform-branch in_loop=true
    }
}

__kernel void flag_top(__global float* x, int mode)
{
    int i = get_global_id(0);
    if (mode == 2) x[i] = 1.0f;  // expect: uniform-branch in_loop=false
}

__kernel void constant_param(__global float* x, __constant int* cfg, int n)
{
    for (int k = 0; k < n; k++)
        if (n > 4) x[get_global_id(0)] += 1.0f;  // expect: uniform-branch
}

void apply(__global float* x, int i, int neg) { if (neg) x[i] = -x[i]; }  // expect: uniform-branch

__kernel void via_helper(__global float* x, int neg)
{
    apply(x, get_global_id(0), neg);
}

__kernel void ternary(__global float* x, int scale)
{
    int i = get_global_id(0);
    x[i] = scale ? x[i] * 2.0f : x[i];  // a value select: no finding
}

__kernel void local_2d(__global float* x, __local float* t, int transpose, int w)
{
    int lx = get_local_id(0), ly = get_local_id(1);
    t[ly * 16 + lx] = x[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (transpose) x[get_global_id(1) * w + get_global_id(0)] = t[lx * 16 + ly];  // expect: uniform-branch
}
