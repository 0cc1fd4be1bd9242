// uncoalesced-row, positive: the row width comes from a stride array in a
// parameter struct passed by value (a library's array descriptor).  p.strides[1]
// is a kernel argument, uniform like p.ld: each thread still walks its own row.
#include <cuda_runtime.h>

struct Array2D {
    float *ptr;
    int dims[2];
    int strides[2];
};

__global__ void row_means(Array2D out, Array2D in)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= in.dims[1]) return;
    float s = 0.0f;
    for (int c = 0; c < in.dims[0]; ++c) s += in.ptr[row * in.strides[1] + c];  // expect: uncoalesced-row
    out.ptr[row] = s / in.dims[0];
}
