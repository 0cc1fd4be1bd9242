// Sums each row of a column-major matrix: work-item r walks row r, so
// neighbouring work-items read addresses a whole column apart.
__kernel void row_sum(__global T *out, ArrayParam oInfo, __global const T *in, ArrayParam iInfo)
{
    int r = get_global_id(0);
    if (r >= iInfo.dims[0]) return;
    T acc = 0;
    for (int c = 0; c < iInfo.dims[1]; c++) acc += in[r * iInfo.strides[1] + c + iInfo.offset];
    out[r + oInfo.offset] = acc;
}
