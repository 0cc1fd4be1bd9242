// fixed-block-16x16, OpenCL negatives: the host file launches a kernel of
// another program with 16x16 (its name is not a kernel of this file), and a
// kernel object whose name is not known where it is launched
// (host/unmatched.c).  A 16x16 tile inside a kernel is not a launch.
__kernel void lonely(__global float* x, int w)
{
    __local float tile[16][16];
    tile[get_local_id(1)][get_local_id(0)] = x[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[get_global_id(1) * w + get_global_id(0)] = tile[get_local_id(0)][get_local_id(1)];
}
