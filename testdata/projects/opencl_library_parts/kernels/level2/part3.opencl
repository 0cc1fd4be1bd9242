// The last part: AddVector from part2.opencl, whose realV is part1's.
__kernel void Accumulate(const int n, const __global realV* x, __global realV* acc)
{
    const int gid = get_global_id(0);
    if (gid < n) acc[gid] = AddVector(acc[gid], x[gid]);
}
