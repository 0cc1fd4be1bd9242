// fixed-block-16x16, OpenCL positive (C API): work_dim 3 with a 16x16x1
// local size, the kernel named through a macro (src/launch/volume.c).
__kernel void slice_copy(__global const float* in, __global float* out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    out[(z * h + y) * w + x] = in[(z * h + y) * w + x];
}
