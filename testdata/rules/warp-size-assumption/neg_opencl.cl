// warp-size-assumption: OpenCL C kernels are read for NVIDIA's 32-lane
// warps, so a subgroup lane written as get_local_id(0) & 31 is not
// reported.
__kernel void block_sum(__global const float* in, __global float* out, int n)
{
    __local float partial[32];
    int tid = get_local_id(0);
    int lane = tid & 31;  // expect-none
    int warp = tid / 32;  // expect-none
    int i = get_global_id(0);
    float v = i < n ? in[i] : 0.0f;
    partial[warp] = lane == 0 ? v : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) out[get_group_id(0)] = partial[0];
}
