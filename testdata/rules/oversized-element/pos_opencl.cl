// oversized-element on OpenCL C: whole large structs or narrow elements
// per work-item.
typedef struct { float pos[3]; float vel[3]; float mass; float charge; } Particle;
typedef struct { float4 a, b; float w; } Big;

__kernel void read_mass(__global const Particle* p, __global float* out)
{
    int i = get_global_id(0);
    out[i] = p[i].mass;  // expect: oversized-element
}

__kernel void copy_struct(__global const Particle* p, __global Particle* q)
{
    int i = get_global_id(0);
    q[i] = p[i];  // expect: oversized-element expect: oversized-element
}

float weight(__global const Big* b, int i) { return b[i].w; }  // expect: oversized-element

__kernel void helper_field(__global const Big* b, __global float* out)
{
    out[get_global_id(0)] = weight(b, get_global_id(0));
}

__kernel void bytes(__global const uchar* x, __global uchar* y)
{
    int i = get_global_id(0);
    y[i] = x[i] + 1;  // expect: oversized-element kind=subword expect: oversized-element kind=subword
}

__kernel void shorts_2d(__global const short* x, __global float* y, int w)
{
    int i = get_global_id(1) * w + get_global_id(0);
    y[i] = x[i];  // expect: oversized-element kind=subword
}

__kernel void charge(__global const Particle* p, __global float* out)
{
    int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    out[i] = p[i].charge * 2.0f;  // expect: oversized-element
}
