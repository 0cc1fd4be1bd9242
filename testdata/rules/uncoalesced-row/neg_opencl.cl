// uncoalesced-row on OpenCL C, negatives: columns, local memory, vectors,
// uniform rows.
__kernel void column_sum(__global const float* a, __global float* out, int n)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[j * n + i];
    out[i] = s;
}

__kernel void local_rows(__global float* out, __local float* t, int n)
{
    int l = get_local_id(0);
    float s = 0.0f;
    for (int j = 0; j < 8; j++) s += t[l * 8 + j];
    out[get_global_id(0)] = s;
}

__kernel void uniform_row(__global const float* a, __global float* out, int row, int n)
{
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[row * n + j];
    out[get_global_id(0)] = s;
}

__kernel void strided_loop(__global const float* a, __global float* out, int n)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = i; j < n; j += get_global_size(0)) s += a[j];
    out[i] = s;
}

__kernel void constant_table(__constant float* c, __global float* out)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < 4; j++) s += c[j];
    out[i] = s;
}

__kernel void tiles_2d(__global const float* a, __global float* out, int n)
{
    int x = get_global_id(0), y = get_global_id(1);
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[(y + j) * n + x];
    out[y * n + x] = s;
}
