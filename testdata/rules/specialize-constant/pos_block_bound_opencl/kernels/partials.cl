// specialize-constant, OpenCL positive: a loop bounded by
// get_local_size(1) that reads global memory, in a kernel whose every launch
// (src/host.c) uses a 32x4 work-group: a -D option for the work-group size
// would let it unroll.
__kernel void column_partials(__global const float* in, __global float* partial, int n)
{
    int lx = get_local_id(0);
    int col = get_group_id(0) * 32 + lx;
    float sum = 0.0f;
    for (int k = 0; k < get_local_size(1); ++k)  // expect: specialize-constant value_source=launch-block values=4 severity=low
        sum += in[(get_local_id(1) * 4 + k) * n + col];
    partial[get_local_id(1) * n + col] = sum;
}
