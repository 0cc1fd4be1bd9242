// uncoalesced-row on OpenCL C, a walk along a run-time stride: each
// work-item walks its own row of a matrix view whose column stride is a
// kernel argument; when it is 1 (the view is not transposed) lanes are
// row_stride elements apart.
__kernel void row_dot(__global const float* A, __global const float* x, __global float* y, int cols, int row_stride,
                      int col_stride)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int l = 0; l < cols; l++)
        s += A[i * row_stride + l * col_stride] * x[l]; // expect: uncoalesced-row base=A loop_var=l row_width=row_stride
    y[i] = s;
}

// Lanes one element apart walk down columns together: no row walk.
__kernel void column_sums(__global const float* A, __global float* out, int rows, int lda)
{
    int c = get_global_id(0);
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        s += A[c + r * lda]; // expect-none
    out[c] = s;
}
