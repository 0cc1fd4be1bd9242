// uncoalesced-row, positive: the kernel body is a device lambda that a
// generic launcher runs once per element (a grid-stride kernel templated on
// the functor). The lambda's index is the thread index and its captures are
// the kernel's argument, so its per-row walks are found where they are
// written, in the lambda.
#include <cstddef>

template <typename Fn>
__global__ void for_each_kernel(std::size_t begin, std::size_t end, Fn fn)
{
    for (std::size_t i = begin + blockIdx.x * blockDim.x + threadIdx.x; i < end; i += blockDim.x * gridDim.x) fn(i);
}

template <typename Fn>
void launch_n(std::size_t n, Fn fn)
{
    if (n == 0) return;
    const int threads = 256;
    for_each_kernel<<<(unsigned)((n + threads - 1) / threads), threads>>>(0, n, fn);
}

// Row-wise softmax over (rows x classes): one thread per row walks its row.
void softmax_rows(const float* logits, float* probs, int classes, std::size_t rows)
{
    launch_n(rows, [=] __device__(std::size_t row) {
        float m = -1e30f;
        for (int k = 0; k < classes; ++k) m = fmaxf(m, logits[row * classes + k]); // expect: uncoalesced-row loop_var=k row_width=classes
        float s = 0.0f;
        for (int k = 0; k < classes; ++k) s += expf(logits[row * classes + k] - m); // expect: uncoalesced-row loop_var=k
        for (int k = 0; k < classes; ++k) probs[row * classes + k] = expf(logits[row * classes + k] - m) / s; // expect: uncoalesced-row loop_var=k expect: uncoalesced-row loop_var=k
    });
}
