// specialize-constant, OpenCL C negatives for the new evidence.

__kernel void pairwise(__global const float* pts, __global float* out, const int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int a = 0; a < n; ++a)  // expect-none
        for (int b = 0; b < n; ++b)  // expect-none
            acc += pts[i * n + a] * pts[b];
    out[i] = acc;
}

__kernel void capped_rows(__global const float* in, __global float* out, const int rows, const int cols)
{
    int c = get_global_id(0);
    float acc = 0.0f;
    for (int r = 0; r < min(rows, 100000); ++r)  // expect-none
        acc += in[r * cols + c];
    out[c] = acc;
}

__kernel void tiled(__global const float* a, __local float* tile, __global float* out, const int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)  // expect-none
        acc += a[i] * tile[k];
    out[i] = acc;
}
