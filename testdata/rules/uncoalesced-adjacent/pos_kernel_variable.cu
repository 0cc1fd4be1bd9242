// uncoalesced-adjacent through a kernel held in a variable: the host picks
// the instance (`auto kernel = &k<T, Flag>;`) inside a switch macro's
// lambda, as normalization backward passes do, and launches the variable.
// The launch's 32x4 block and the instance's types reach the kernel (K=4
// float loads: measured at no cost on an H100, hence severity info).
#include <cuda_runtime.h>

#define BOOL_SWITCH(COND, NAME, ...)        \
    [&] {                                   \
        if (COND) {                         \
            constexpr bool NAME = true;     \
            return __VA_ARGS__();           \
        } else {                            \
            constexpr bool NAME = false;    \
            return __VA_ARGS__();           \
        }                                   \
    }()

template <typename T, bool Scaled>
__global__ void grad_input(const T *__restrict__ dout, const T *__restrict__ x, const T *__restrict__ gamma,
                           T *grad, int rows, int cols)
{
    for (int row = blockIdx.y; row < rows; row += gridDim.y) {
        const T *x_row = x + row * cols;
        const T *d_row = dout + row * cols;
        const int nthreads = blockDim.x * blockDim.y;
        const int tid = threadIdx.x + threadIdx.y * blockDim.x;
        T acc = 0;
        int l = 4 * tid;
        for (; l + 3 < cols; l += 4 * nthreads) {
            for (int k = 0; k < 4; ++k) {
                T g = Scaled ? gamma[l + k] : T(1);  // expect: uncoalesced-adjacent K=4 block_shape=32x4x1 severity=info
                acc += d_row[l + k] * g * x_row[l + k];  // expect: uncoalesced-adjacent base=dout K=4 block_shape=32x4x1 expect: uncoalesced-adjacent base=x K=4 block_shape=32x4x1
            }
        }
        if (tid == 0) grad[row] = acc;
    }
}

template <typename T>
void backward(const T *dout, const T *x, const T *gamma, T *grad, int rows, int cols, bool scaled,
              cudaStream_t stream)
{
    const dim3 threads(32, 4, 1);
    const dim3 blocks(1, rows < 65535 ? rows : 65535, 1);
    BOOL_SWITCH(scaled, Scaled, [&] {
        auto kernel = &grad_input<T, Scaled>;
        kernel<<<blocks, threads, 0, stream>>>(dout, x, gamma, grad, rows, cols);
    });
}

void backward_float(const float *dout, const float *x, const float *gamma, float *grad, int rows, int cols,
                    bool scaled, cudaStream_t stream)
{
    backward(dout, x, gamma, grad, rows, cols, scaled, stream);
}
