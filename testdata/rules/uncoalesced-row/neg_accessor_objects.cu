// uncoalesced-row, negatives: the same tensor accessor read the coalesced
// way (consecutive threads take consecutive columns; a warp shares a row),
// and a row walk over a row every thread of the block shares.
#include <cuda_runtime.h>

template <typename T> struct Row {
    T *data_;
    __device__ Row(T *d) : data_(d) {}
    __device__ T &operator[](long j) const { return data_[j]; }
};

template <typename T> struct Matrix {
    T *data_;
    long size_[2];
    long stride_[2];
    __device__ long getSize(int d) const { return size_[d]; }
    __device__ Row<T> operator[](long i) const { return Row<T>(data_ + i * stride_[0]); }
};

__global__ void column_sums(Matrix<float> m, float *sums)
{
    long c = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (c >= m.getSize(1)) return;
    float s = 0.0f;
    for (long i = 0; i < m.getSize(0); ++i) s += m[i][c];  // expect-none
    sums[c] = s;
}

__global__ void scale_rows(Matrix<float> m, const float *scale)
{
    long r = blockIdx.x;
    for (long j = threadIdx.x; j < m.getSize(1); j += blockDim.x)
        m[r][j] = m[r][j] * scale[r];  // expect-none
}
