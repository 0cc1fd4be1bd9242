// uniform-branch, negatives: branches that are already resolved at compile
// time (template parameters, if constexpr), loop conditions, and branches in
// host code. The template kernel plus a host switch is the fix the rule
// suggests.
#include <cuda_runtime.h>
#include <cstdlib>
#include <type_traits>

template <int MODE>
__global__ void reduce_rows_t(const float* m, float* out, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;  // expect-none
    float acc = MODE == 1 ? -3.0e38f : 0.0f;  // expect-none
    for (int c = 0; c < cols; ++c) {  // expect-none
        float v = m[c * rows + r];
        if (MODE == 1)  // expect-none
            acc = fmaxf(acc, v);
        else
            acc += v;
    }
    out[r] = acc;
}

template <typename T, bool HasBias>
__global__ void bias_act(T* y, const T* bias, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;  // expect-none
    T v = y[i];
    if constexpr (HasBias)  // expect-none
        v += bias[i % cols];
    if constexpr (std::is_same<T, float>::value)  // expect-none
        v = fmaxf(v, 0.0f);
    y[i] = v;
}

__global__ void iterate(float* x, int n, int max_iter, float tol)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;  // expect-none
    float v = x[i];
    int it = 0;
    while (it < max_iter && fabsf(v) > tol) {  // expect-none
        v *= 0.5f;
        ++it;
    }
    x[i] = v;
}

static void run_reduce(const float* m, float* out, int rows, int cols, int mode)
{
    if (mode == 1)  // expect-none
        reduce_rows_t<1><<<(rows + 255) / 256, 256>>>(m, out, rows, cols);
    else
        reduce_rows_t<0><<<(rows + 255) / 256, 256>>>(m, out, rows, cols);
}

int main(int argc, char** argv)
{
    int rows = 1024, cols = argc > 1 ? atoi(argv[1]) : 1024;
    int mode = argc > 2 ? atoi(argv[2]) : 0;
    float *m, *out, *bias;
    cudaMalloc(&m, rows * cols * sizeof(float));
    cudaMalloc(&out, rows * sizeof(float));
    cudaMalloc(&bias, cols * sizeof(float));
    run_reduce(m, out, rows, cols, mode);
    int blocks = (rows * cols + 255) / 256;
    if (bias != nullptr)  // expect-none
        bias_act<float, true><<<blocks, 256>>>(m, bias, rows, cols);
    else
        bias_act<float, false><<<blocks, 256>>>(m, nullptr, rows, cols);
    iterate<<<blocks, 256>>>(m, rows * cols, 50, 1e-6f);
    cudaDeviceSynchronize();
    return 0;
}
