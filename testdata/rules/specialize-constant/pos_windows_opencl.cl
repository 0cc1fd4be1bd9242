// specialize-constant on OpenCL C: window sizes, caps and __local arrays.
#define MAX_TAPS 16

__kernel void box_filter(__global const float* in, __global float* out, const int n, const int radius)
{
    int i = get_global_id(0);
    if (i >= n) return;
    float acc = 0.0f;
    for (int d = -radius; d <= radius; ++d)  // expect: specialize-constant symbol=radius value_source=symmetric-window severity=info
        acc += in[clamp(i + d, 0, n - 1)];
    out[i] = acc;
}

__kernel void fir_local(__global const float* in, __global const float* taps, __global float* out, const int n, const int ntaps)
{
    __local float w[MAX_TAPS];
    int l = get_local_id(0);
    if (l < ntaps) w[l] = taps[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < ntaps; ++t)  // expect: specialize-constant value_source=shared-array-size max_value=16
        acc += w[t] * in[min(i + t, n - 1)];
    out[i] = acc;
}

__kernel void capped(__global const float* in, __global float* out, const int n, const int k)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < min(k, 4); ++t)  // expect: specialize-constant value_source=clamp max_value=4
        acc += in[min(i + t, n - 1)];
    out[i] = acc;
}

__kernel void moving_average(__global const float* in, __global float* out, const int n, const int window)
{
    if (window > 8) return;
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < window; ++t)  // expect: specialize-constant value_source=guard max_value=8
        acc += in[min(i + t, n - 1)];
    out[i] = acc;
}
