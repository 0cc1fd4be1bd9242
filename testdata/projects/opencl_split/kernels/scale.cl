// scale2d of opencl_split, launched through the C API from src/host/main.c.
__kernel void scale2d(__global const float* in, __global float* out, int width, int taps)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < taps; t++)
        acc += in[y * width + x] * (float)t;
    out[y * width + x] = acc;
}
