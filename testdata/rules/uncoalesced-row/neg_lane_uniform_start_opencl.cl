// uncoalesced-row on OpenCL C, negative: a row start read at an address
// that does not vary along dimension 0 (rowptr[get_global_id(1)]) is the
// same for every lane of a sub-group row: they walk one row together.
__kernel void rows_per_lane_row(__global const int* rowptr, __global const float* val, __global float* out)
{
    int row = get_global_id(1);
    int begin = rowptr[row];
    int end = rowptr[row + 1];
    float s = 0.0f;
    for (int e = begin; e < end; e++)
        s += val[e]; // expect-none
    out[row * get_global_size(0) + get_global_id(0)] = s;
}
