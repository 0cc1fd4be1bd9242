// uncoalesced-row, positive: a tensor class passed by value whose operator[]
// returns a row view (made by a constructor from the data pointer and the
// row's offset) with its own operator[] and a conversion to the element, as
// tensor libraries write them.  t[row][j] in a loop over j is a per-thread
// row walk (the transposed store beside it is not); the finding is at the
// kernel's line, not inside the accessor.
#include <cuda_runtime.h>

template <typename T> struct RowRef {
    T *data_;
    __device__ RowRef(T *d) : data_(d) {}
    __device__ operator T &() const { return *data_; }
};

template <typename T> struct Row {
    T *data_;
    __device__ Row(T *d) : data_(d) {}
    __device__ RowRef<T> operator[](long j) const { return RowRef<T>(data_ + j); }
};

template <typename T> struct Matrix {
    T *data_;
    long size_[2];
    long stride_[2];
    __device__ long getSize(int d) const { return size_[d]; }
    __device__ long getStride(int d) const { return stride_[d]; }
    __device__ Row<T> operator[](long i) const { return Row<T>(data_ + i * getStride(0)); }
};

__global__ void copy_codes(Matrix<unsigned char> codes, unsigned char *out)
{
    long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (t >= codes.getSize(0)) return;
    auto code = codes[t];
    for (long i = 0; i < codes.getSize(1); ++i)
        out[i * codes.getSize(0) + t] = code[i];  // expect: uncoalesced-row
}

__global__ void row_sums(Matrix<float> m, float *sums)
{
    long r = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (r >= m.getSize(0)) return;
    float s = 0.0f;
    for (long j = 0; j < m.getSize(1); ++j) s += m[r][j];  // expect: uncoalesced-row
    sums[r] = s;
}
