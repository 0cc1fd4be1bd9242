// oversized-element on OpenCL C, negatives: vectors, small structs, local
// memory, uniform indices.
typedef struct { float x, y; } Pair;
typedef struct { float pos[3]; float vel[3]; float mass; float charge; } Particle;

__kernel void float4s(__global const float4* x, __global float4* y)
{
    int i = get_global_id(0);
    y[i] = x[i];
}

__kernel void pairs(__global const Pair* p, __global Pair* q)
{
    int i = get_global_id(0);
    q[i] = p[i];
}

__kernel void vload_bytes(__global const uchar* x, __global uchar* y)
{
    int i = get_global_id(0);
    vstore16(vload16(i, x), i, y);
}

__kernel void uniform_particle(__global const Particle* p, __global float* out, int k)
{
    out[get_global_id(0)] = p[k].mass;
}

__kernel void local_structs(__local Particle* t, __global float* out)
{
    int l = get_local_id(0);
    out[get_global_id(0)] = t[l].mass;
}

__kernel void ints_2d(__global const int* x, __global int* y, int w)
{
    int i = get_global_id(1) * w + get_global_id(0);
    y[i] = x[i];
}
