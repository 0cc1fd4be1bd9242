// uncoalesced-row in OpenCL kernels that run as one work-group, whose size
// reqd_work_group_size fixes (a number, or a macro the file defines): with
// one warp of 32 work-items the walk costs nothing measurable (H100:
// row-W32-const-1block-32t 0.99x, info); with 256 it still does (1.27x).

#ifndef SOLVE_GROUP
  #define SOLVE_GROUP 32
#endif
#define WIDE_GROUP 256

__kernel __attribute__((reqd_work_group_size(SOLVE_GROUP, 1, 1)))
void stage_block(__global const float* A, const int lda, __global float* out, const int n)
{
    __local float tile[SOLVE_GROUP][SOLVE_GROUP];
    __local float diag[SOLVE_GROUP];
    const int t = get_local_id(0);
    if (t < n) {
        for (int i = 0; i < n; ++i) tile[i][t] = A[i + t * lda];  // expect: uncoalesced-row one_block=true block_shape=32x1x1 walk_length=32 severity=info
        diag[t] = tile[t][t];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t == 0)
        for (int i = 1; i < n; ++i) diag[i] += diag[i - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < n) out[t] = diag[t];
}

__kernel __attribute__((reqd_work_group_size(WIDE_GROUP, 1, 1)))
void stage_wide(__global const float* A, const int lda, __global float* out, const int n)
{
    __local float sums[WIDE_GROUP];
    const int t = get_local_id(0);
    float s = 0.0f;
    for (int i = 0; i < n; ++i) s += A[i + t * lda];  // expect: uncoalesced-row one_block=true block_shape=256x1x1 severity=high
    sums[t] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t == 0)
        for (int i = 1; i < WIDE_GROUP; ++i) sums[i] += sums[i - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t] = sums[t];
}

//