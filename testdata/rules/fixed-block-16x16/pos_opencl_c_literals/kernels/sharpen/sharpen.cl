// The second kernel of pos_opencl_c_literals (launched from src/app.c).
__kernel void sharpen(__global const float* in, __global float* out, int w, float amount)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = in[y * w + x] * (1.0f + amount);
}
