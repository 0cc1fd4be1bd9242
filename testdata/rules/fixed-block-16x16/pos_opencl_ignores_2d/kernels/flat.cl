// fixed-block-16x16, OpenCL positive: a 16x16 work-group on a kernel that
// flattens it (get_local_id(1) * get_local_size(0) + get_local_id(0)): the
// rule reports it at info with context=ignores-2d (the warps are the same
// whatever the shape; other shapes are suggested) (host/flat.c).
__kernel void flat_copy(__global const float* in, __global float* out)
{
    int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
    int gid = (get_group_id(1) * get_num_groups(0) + get_group_id(0)) * 256 + lid;
    out[gid] = in[gid];
}
