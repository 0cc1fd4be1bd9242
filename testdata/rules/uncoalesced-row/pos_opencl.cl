// uncoalesced-row on OpenCL C: each work-item walks its own row.
#define N 256

__kernel void row_sum(__global const float* a, __global float* out, int n)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[i * n + j];  // expect: uncoalesced-row
    out[i] = s;
}

__kernel void macro_width(__global const float* a, __global float* out)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < N; j++) s += a[i * N + j];  // expect: uncoalesced-row
    out[i] = s;
}

float dot_row(__global const float* a, __global const float* v, int i, int n)
{
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[i * n + j] * v[j];  // expect: uncoalesced-row
    return s;
}

__kernel void matvec(__global const float* a, __global const float* v, __global float* out, int n)
{
    out[get_global_id(0)] = dot_row(a, v, get_global_id(0), n);
}

__kernel void row_write(__global float* a, int n)
{
    int i = get_global_id(0);
    for (int j = 0; j < n; j++) a[i * n + j] = 0.0f;  // expect: uncoalesced-row
}

__kernel void local_id_rows(__global const int* a, __global int* out, int n)
{
    int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    int m = 0;
    for (int j = 0; j < n; j++) m = max(m, a[i * n + j]);  // expect: uncoalesced-row
    out[i] = m;
}

__kernel void rows_uint(__global const uint* a, __global uint* out, int n)
{
    int i = get_global_id(0);
    uint s = 0;
    for (int j = 0; j < n; j += 2) s += a[i * n + j];  // expect: uncoalesced-row
    out[i] = s;
}

/* a row it looked up: each work-item sums the row of its token */
__kernel void embedding_rows(__global const float* table, __global const int* tokens, __global float* out, int dim)
{
    int t = get_global_id(0);
    int row = tokens[t];
    float s = 0.0f;
    for (int d = 0; d < dim; d++) s += table[row * dim + d];  // expect: uncoalesced-row row_width=dim
    out[t] = s;
}
