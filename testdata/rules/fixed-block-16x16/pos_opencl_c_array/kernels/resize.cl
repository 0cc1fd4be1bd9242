// fixed-block-16x16, OpenCL positive (C API): the host file is in another
// directory (host/), the local size a size_t array of macros.  The kernel
// indexes row-major with get_global_id(0) fastest: context=row-major.
// (compile_commands.json marks this directory as the project's root.)
__kernel void resize_nearest(__global const float* in, __global float* out, int in_w, int out_w)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * out_w + x] = in[(y / 2) * in_w + x / 2];
}
