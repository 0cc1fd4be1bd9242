// uncoalesced-row on OpenCL C, a work-group per column: get_group_id(0)
// picks the feature and the work-items step down the frames.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void feature_max(__global const float *feats, int stride, int num_frames, __global float *out)
{
    __local float partial[256];
    int feat = get_group_id(0);
    int lid = get_local_id(0);
    float m = -INFINITY;
    for (int r = 0; r < num_frames; r += 256) {
        int frame = r + lid;
        if (frame < num_frames) m = fmax(m, feats[frame * stride + feat]);  // expect: uncoalesced-row mapping=block-column row_width=stride sectors_per_request=32
    }
    partial[lid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 128; s > 0; s >>= 1) {
        if (lid < s) partial[lid] = fmax(partial[lid], partial[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[feat] = partial[0];
}
