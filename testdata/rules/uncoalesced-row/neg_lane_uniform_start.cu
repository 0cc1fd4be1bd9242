// uncoalesced-row, negative: a row start read at an address that does not
// vary along threadIdx.x (rowptr[threadIdx.y]) is the same for every lane of
// a warp row: the lanes walk one row together and read the same element at
// each step (a broadcast), never a row apart.
#include <cuda_runtime.h>

__global__ void rows_per_warp_row(const int* rowptr, const float* val, float* out)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int begin = rowptr[row];
    int end = rowptr[row + 1];
    float s = 0.0f;
    for (int e = begin; e < end; e++)
        s += val[e]; // expect-none
    out[row * blockDim.x + threadIdx.x] = s;
}
