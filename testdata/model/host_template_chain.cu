// A kernel template launched from a host function template that the
// project instantiates only through another one: api::resize<float> is
// explicitly instantiated and calls detail::launch_resize<T, float>, which
// launches resize_rows<T> through a launch macro; api::resize_double calls
// detail::launch_resize<double, double> from a plain function.  The kernel is analysed
// as resize_rows<float> (4-byte elements), not as a pattern.  The block
// shape at the launch is the one assigned last; one assigned in a branch
// leaves it unknown; a loop around
// the declaration starts each iteration afresh.
#include <cuda_runtime.h>

#define LAUNCH(fn, grid, block, ...) fn<<<grid, block>>>(__VA_ARGS__)

template <typename T>
__global__ void resize_rows(T* out, const T* in, int w, int h, float scale)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = in[(int)(y * scale) * w + x];
}

namespace detail {
template <typename T, typename AccT>
void launch_resize(T* out, const T* in, int w, int h, AccT scale)
{
    dim3 threads(256);
    threads = dim3(32, 8);
    dim3 blocks((w + 31) / 32, (h + 7) / 8);
    LAUNCH((resize_rows<T>), blocks, threads, out, in, w, h, (float)scale);
}

// threads is 16x16 or 32x8 at the launch: not known
template <typename T>
void launch_maybe_wide(T* out, const T* in, int w, int h, bool wide)
{
    dim3 threads(16, 16);
    if (wide) threads = dim3(32, 8);
    LAUNCH((resize_rows<T>), dim3(w / 16, h / 8), threads, out, in, w, h, 1.0f);
}

// declared in the loop body: each level starts from 16x16, and the
// reassignment after the launch belongs to the next launch only
template <typename T>
void launch_levels(T* out, const T* in, int w, int h, int levels)
{
    for (int l = 0; l < levels; l++) {
        dim3 threads(16, 16);
        LAUNCH((resize_rows<T>), dim3(w >> l, h >> l), threads, out, in, w >> l, h >> l, 0.5f);
        threads = dim3(256, 1);
        LAUNCH((resize_rows<T>), dim3(w >> l), threads, out, in, w >> l, 1, 1.0f);
    }
}
} // namespace detail

namespace api {
template <typename T>
void resize(T* out, const T* in, int w, int h)
{
    detail::launch_resize<T, float>(out, in, w, h, 0.5f);
    detail::launch_maybe_wide<T>(out, in, w, h, w > 4096);
    detail::launch_levels<T>(out, in, w, h, 4);
}

template void resize<float>(float*, const float*, int, int);

// a plain function calling a specialization: resize_rows<double>
void resize_double(double* out, const double* in, int w, int h)
{
    detail::launch_resize<double, double>(out, in, w, h, 0.25);
}
} // namespace api
