// An OpenCL C matrix-vector product: one work-item per row, a local
// reduction when the build defines USE_LOCAL, and a fixed 16x16 shape.
#ifdef USE_LOCAL
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void matvec(__global const float *a, __global const float *x, __global float *y, int cols, __local float *part)
{
    int row = get_group_id(0), lid = get_local_id(0);
    float s = 0.0f;
    for (int c = lid; c < cols; c += 64) s += a[row * cols + c] * x[c];
    part[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = 32; w > 0; w >>= 1) {
        if (lid < w) part[lid] += part[lid + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) y[row] = part[0];
}
#else
__kernel void matvec(__global const float *a, __global const float *x, __global float *y, int cols)
{
    int row = get_global_id(0);
    float s = 0.0f;
    for (int c = 0; c < cols; c++) s += a[row * cols + c] * x[c];
    y[row] = s * 0.5;
}
#endif

__kernel void blur16(__global float *img, int width)
{
    int x = get_group_id(0) * 16 + get_local_id(0), y = get_group_id(1) * 16 + get_local_id(1);
    img[y * width + x] = 0.25f * (img[y * width + x] + img[y * width + x + 1] + img[(y + 1) * width + x] +
                                  img[(y + 1) * width + x + 1]);
}
