// A small OpenCL project: kernels here, launches in host.c next to it.
#define TS 16

__kernel void transpose(__global const float* in, __global float* out, int w)
{
    __local float tile[TS][TS + 1];
    int x = get_global_id(0), y = get_global_id(1);
    tile[get_local_id(1)][get_local_id(0)] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[x * w + y] = tile[get_local_id(1)][get_local_id(0)];
}

__kernel void brighten(__global const float* in, __global float* out, int w, float gain)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = in[y * w + x] * gain;
}

__kernel void blur(__global const float* in, __global float* out, int radius)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int d = 0; d < radius; d++) s += in[i + d];
    out[i] = s;
}

__kernel void scale(__global float* x, float a)
{
    x[get_global_id(0)] *= a;
}

__kernel void tuned(__global float* x, int w)
{
    x[get_global_id(1) * w + get_global_id(0)] = 0.0f;
}
