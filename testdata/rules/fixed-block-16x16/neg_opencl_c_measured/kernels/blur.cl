// fixed-block-16x16, OpenCL negative at the default threshold: the host
// file's comment by the 16x16 local size says it was measured, so the
// finding is info, with the comment as evidence.
__kernel void blur3(__global const float* in, __global float* out, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
}
