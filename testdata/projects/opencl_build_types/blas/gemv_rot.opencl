// y = A^T x for a row-major A: work-item i walks row i of A, so lanes are
// lda elements apart on every read of A.
R"(
__kernel void gemv_rot(const int n, const int lda, __global const real *a, __global const real *x,
                       __global real *y)
{
    const int i = get_global_id(0);
    real acc = 0;
    for (int k = 0; k < n; k++) acc += a[i * lda + k] * x[k];
    y[i] = acc;
}
)"
