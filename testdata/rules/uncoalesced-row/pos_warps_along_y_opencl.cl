// uncoalesced-row in OpenCL with work-groups one item wide in dimension 0:
// reqd_work_group_size(1, 64, 1) forms each sub-group along dimension 1, so
// a row per get_local_id(1) is a row per lane. The same walk in a group
// wide in dimension 0 reads each row as a broadcast: no finding.

__kernel __attribute__((reqd_work_group_size(1, 64, 1)))
void row_sums_y(__global const float* in, __global float* out, const int cols)
{
    const int r = get_group_id(0) * 64 + get_local_id(1);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += in[r * cols + c];  // expect: uncoalesced-row block_shape="1x64x1 (warps along y)" severity=high
    out[r] = s;
}

__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void row_sums_wide(__global const float* in, __global float* out, const int cols)
{
    const int r = get_group_id(0) * 8 + get_local_id(1);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += in[r * cols + c];
    if (get_local_id(0) == 0) out[r] = s;
}
