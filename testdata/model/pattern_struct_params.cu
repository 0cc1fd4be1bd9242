// Model golden: a kernel pattern (never instantiated) whose parameters are
// class templates of its type parameter, as kernels compiled at run time
// take them: `in.ptr` has a dependent type, but the class template declares
// it `T *`, so it is the parameter's global pointer; `in.strides[1]` and
// `in.dims[0]` are integer array fields, so they are kernel arguments
// (uniform), not loads; the branch on them is uniform.  The element size
// stays unknown (-1 B): the pattern does not know T.
template <typename T> struct Param {
    T *ptr;
    int dims[4];
    long strides[4];
};

template <typename T>
__global__ void copy_rows(Param<T> out, Param<T> in, int width)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    const T *iptr = in.ptr + r * in.strides[1];
    T *optr = out.ptr + r * out.strides[1];
    for (int c = 0; c < width; c++) optr[c] = iptr[c];
    if (in.dims[0] > 4) optr[0] = 0;
}
