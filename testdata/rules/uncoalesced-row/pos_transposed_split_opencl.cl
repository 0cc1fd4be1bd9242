// uncoalesced-row (OpenCL), a flattened mapping turned around: the
// work-item's global id split by the width, the result stored transposed.
__kernel void row_pass(__global const float* in, __global const float* taps, __global float* out_t, int width,
                       int height, int ntaps)
{
    int gid = get_global_id(0);
    int x = gid % width;
    int y = gid / width;
    if (y >= height) return;
    float s = 0.0f;
    for (int i = 0; i < ntaps; ++i) s += in[y * (width + ntaps) + x + i] * taps[i];
    out_t[x * height + y] = s;  // expect: uncoalesced-row mapping=transposed-split accesses=1
}

__kernel void row_pass_plain(__global const float* in, __global float* out, int width, int height)
{
    int gid = get_global_id(0);
    int x = gid % width;
    int y = gid / width;
    if (y >= height) return;
    out[y * width + x] = in[y * width + x] * 0.5f;  // expect-none
}
