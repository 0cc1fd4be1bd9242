// A kernel of the level: WGS and LoadValue come from level2.opencl, real
// from common.opencl.  Each work-item walks its own row.
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1)))
void RowSum(const int n, const __global real* x, __global real* sums)
{
    const int gid = get_global_id(0);
    real s = 0;
    for (int i = 0; i < n; ++i) s += x[gid * n + i];
    sums[gid] = s + LoadValue(x, gid);
}
