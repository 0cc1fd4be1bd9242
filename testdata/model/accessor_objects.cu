// Model golden: values read through tensor-like accessor classes passed by
// value.  A member operator's object is its call's first argument, and in
// the inlined body `this` is that object: for a kernel argument, a member
// (data_, cols_) is the argument's field, so Column's ids[i] is a global
// load of ids.data_ at 8*i bytes and m.cols() the uniform m.cols_.  A row
// view that a constructor makes (Matrix's operator[]) is an object whose
// fields are the constructor's initializers: m[r][j] reads m.data_ at
// 4*(r*m.cols_ + j).  Accesses inside accessors are reported at the line
// that used the accessor.  An accessor returns a reference: assigned to, its
// element is stored (m[r][j] = ...), compound-assigned, loaded and stored.
#include <cuda_runtime.h>

template <typename T> struct RowView {
    T *data_;
    __device__ RowView(T *d) : data_(d) {}
    __device__ T &operator[](int i) const { return data_[i]; }
};

template <typename T> struct Matrix {
    T *data_;
    int cols_;
    __device__ RowView<T> operator[](int r) const { return RowView<T>(data_ + r * cols_); }
    __device__ int cols() const { return cols_; }
};

template <typename T> struct Column {
    T *data_;
    __device__ T &operator[](int i) const { return data_[i]; }
};

__global__ void positive_row_sums(Matrix<float> m, float *out, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int j = 0; j < m.cols(); ++j) {
        if (m[r][j] > 0.0f)
            s += m[r][j];
    }
    out[r] = s;
}

__global__ void skip_invalid(Column<long> ids, const float *in, float *out, int n, int reps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (int k = 0; k < reps; ++k) {
        if (ids[i] == -1)
            continue;
        out[i] += in[ids[i]];
    }
}

__global__ void scale_rows(Matrix<float> m, Column<int> counts, float f, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    for (int j = 0; j < m.cols(); ++j)
        m[r][j] = m[r][j] * f;
    counts[r] += 1;
}
