// specialize-constant on OpenCL C, negatives: problem sizes, compile-time
// bounds, grid-stride loops.
#define TAPS 4

__kernel void problem_size(__global float* x, int n)
{
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += x[j];
    x[get_global_id(0)] = s;
}

__kernel void macro_bound(__global float* x)
{
    float r[TAPS];
    for (int j = 0; j < TAPS; j++) r[j] = x[j];
    x[get_global_id(0)] = r[0];
}

__kernel void grid_stride(__global float* x, int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) x[i] = 0.0f;
}

__kernel void data_bound(__global const int* len, __global float* x)
{
    for (int j = 0; j < len[get_global_id(0)]; j++) x[j] = 1.0f;
}

__kernel void local_loop(__global float* x, __local float* t, int n)
{
    for (int j = get_local_id(0); j < n; j += get_local_size(0)) t[j] = x[j];
}

__kernel void vload_loop(__global float* x, int n)
{
    float4 s = (float4)(0.0f);
    for (int j = 0; j < n; j++) s += vload4(j, x);
    vstore4(s, get_global_id(0), x);
}
