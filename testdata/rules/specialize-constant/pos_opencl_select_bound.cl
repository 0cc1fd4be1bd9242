// specialize-constant on OpenCL C: a loop bound chosen between two constants
// by a kernel argument, indexing a private array.
__kernel void warp_image(__global float* out, __global const float* in, __constant float* tm, int w, int perspective)
{
    const int len = perspective ? 9 : 6;
    float m[9];
    for (int i = 0; i < len; i++) // expect: specialize-constant symbol=perspective values=6,9 local_array=m
        m[i] = tm[i];
    int x = get_global_id(0);
    out[x] = in[x] * m[0] + m[len - 1];
}
