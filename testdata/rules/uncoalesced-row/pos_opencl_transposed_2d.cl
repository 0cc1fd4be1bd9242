// uncoalesced-row on OpenCL C: get_global_id(0) picks the row and
// get_global_id(1) steps along it.
__kernel void non_max(__global const float* resp, __global float* out, unsigned height, unsigned width)
{
    unsigned x = get_global_id(0) + 1;
    unsigned y = get_global_id(1) + 1;
    if (x >= width - 1 || y >= height - 1) return;
    float v = resp[x * height + y]; // expect: uncoalesced-row mapping=transposed-2d accesses=4 row_width=height
    float m = fmax(resp[(x - 1) * height + y], resp[(x + 1) * height + y]);
    out[x * height + y] = v >= m ? v : 0.0f;
}
