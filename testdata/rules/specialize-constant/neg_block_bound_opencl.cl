// specialize-constant, OpenCL negatives: loops bounded by get_local_size
// where the work-group size is no constant to pass: no host code launches
// the first kernel here, and the second declares its size with
// reqd_work_group_size, which the compiler already knows.
__kernel void column_partials(__global const float* in, __global float* partial)
{
    float sum = 0.0f;
    for (int k = 0; k < get_local_size(1); ++k)  // expect-none
        sum += in[k * 32 + get_local_id(0)];
    partial[get_group_id(0) * 32 + get_local_id(0)] = sum;
}

__kernel __attribute__((reqd_work_group_size(32, 4, 1)))
void fixed_partials(__global const float* in, __global float* partial)
{
    float sum = 0.0f;
    for (int k = 0; k < get_local_size(1); ++k)  // expect-none
        sum += in[k * 32 + get_local_id(0)];
    partial[get_group_id(0) * 32 + get_local_id(0)] = sum;
}
