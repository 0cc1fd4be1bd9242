// uncoalesced-row, negative: device lambdas run by a generic launcher whose
// accesses are coalesced (the element, or a column-major walk where lanes
// take adjacent rows) must not be reported.
#include <cstddef>

template <typename Fn>
__global__ void for_each_kernel(std::size_t n, Fn fn)
{
    std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) fn(i);
}

template <typename Fn>
void launch_n(std::size_t n, Fn fn)
{
    for_each_kernel<<<(unsigned)((n + 255) / 256), 256>>>(n, fn);
}

void scale(const float* in, float* out, float f, std::size_t n)
{
    launch_n(n, [=] __device__(std::size_t i) { out[i] = f * in[i]; });
}

// Column-major (classes x rows): lanes read adjacent rows of each column.
void column_sums(const float* logits, float* sums, int classes, std::size_t rows)
{
    launch_n(rows, [=] __device__(std::size_t row) {
        float s = 0.0f;
        for (int k = 0; k < classes; ++k) s += logits[k * rows + row];
        sums[row] = s;
    });
}
