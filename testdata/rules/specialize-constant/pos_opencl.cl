// specialize-constant on OpenCL C: runtime loop bounds that index
// per-work-item arrays or that the kernel switches on (launch values come
// from host files: see testdata/projects/opencl_small).
__kernel void private_array(__global float* x, int k)
{
    float acc[8];
    for (int j = 0; j < k; j++) acc[j] = x[j];  // expect: specialize-constant
    x[get_global_id(0)] = acc[0];
}

__kernel void switched(__global float* x, int taps)
{
    float s = 0.0f;
    switch (taps) { case 3: s = 1.0f; break; case 5: s = 2.0f; break; }
    for (int j = 0; j < taps; j++) s += x[get_global_id(0) + j];  // expect: specialize-constant
    x[get_global_id(0)] = s;
}

__kernel void private_sum(__global const float* x, __global float* y, int n)
{
    float r[4];
    for (int j = 0; j < n; j++) r[j] = x[get_global_id(0) * 4 + j];  // expect: specialize-constant
    y[get_global_id(0)] = r[0] + r[1];
}

void fill(float* r, int n) { for (int j = 0; j < n; j++) r[j] = 0.0f; }  // expect: specialize-constant

__kernel void helper_array(__global float* y, int n)
{
    float r[16];
    fill(r, n);
    y[get_global_id(0)] = r[3];
}

__kernel void local_and_private(__global float* y, __local float* t, int n)
{
    float r[8];
    for (int j = 0; j < n; j++) r[j] = t[get_local_id(0) + j];  // expect: specialize-constant
    y[get_global_id(0)] = r[1];
}

__kernel void switch_2d(__global float* y, int radius, int w)
{
    float s = 0.0f;
    switch (radius) { case 1: s = 0.5f; break; case 2: s = 0.25f; break; }
    for (int d = 0; d < radius; d++) s += y[get_global_id(1) * w + get_global_id(0) + d];  // expect: specialize-constant
    y[get_global_id(1) * w + get_global_id(0)] = s;
}
