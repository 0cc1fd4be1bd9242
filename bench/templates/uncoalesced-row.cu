/*
 * uncoalesced-row: each thread walks its own row, for (i < W) s += in[gid*W + i].
 *
 * Parameters (defaults in brackets):
 *   GL_W        row width in elements, 4..1024 [64]
 *   GL_ELEM     element type: float | double | int [float]
 *   GL_W_CONST  1 = the finding's W is a compile-time constant (the loop can be
 *               unrolled), 0 = a runtime value such as a `width` argument [0]
 * Variants:
 *   "as written"    thread per row, s += in[gid*W + i] (lanes W*elem bytes apart);
 *   "transposed"    the same sum over a column-major copy, s += inT[i*N + gid]
 *                   (coalesced; identical summation order, so bit-identical);
 *   "warp-per-row"  a warp per row, lanes stride over i, shuffle reduction
 *                   (different summation order: compared with rtol 1e-4 for
 *                   float, 1e-11 for double; int bit-exact).
 * Working set: >= 256 MiB of rows and at least 4 waves of thread-per-row
 * threads (for wide rows the second condition dominates: W=1024 floats needs
 * ~4.4 GB per copy on an H100), capped at 60% of free memory and at 2^31
 * elements (the kernels index with int, as user code does).
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "uncoalesced-row"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_W
#define GL_W 64
#endif
#ifndef GL_ELEM
#define GL_ELEM float
#endif
#ifndef GL_W_CONST
#define GL_W_CONST 0
#endif

namespace row {

typedef GL_ELEM T;
constexpr int BLOCK = 256;
constexpr int WC = GL_W_CONST ? GL_W : 0; /* 0: width is a kernel argument */
static_assert(GL_W >= 1 && GL_W <= 65536, "GL_W out of range");

template <int WCONST> __global__ void as_written(const T *in, T *out, int n, int width)
{
    const int W = WCONST > 0 ? WCONST : width;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T s = (T)0;
        for (int i = 0; i < W; i++)
            s += in[gid * W + i];
        out[gid] = s;
    }
}

template <int WCONST> __global__ void transposed(const T *inT, T *out, int n, int width)
{
    const int W = WCONST > 0 ? WCONST : width;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T s = (T)0;
        for (int i = 0; i < W; i++)
            s += inT[i * n + gid];
        out[gid] = s;
    }
}

template <int WCONST> __global__ void warp_per_row(const T *in, T *out, int n, int width)
{
    const int W = WCONST > 0 ? WCONST : width;
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; /* warp-uniform */
    int lane = threadIdx.x & 31;
    if (r < n) {
        T s = (T)0;
        for (int i = lane; i < W; i += 32)
            s += in[r * W + i];
#pragma unroll
        for (int o = 16; o > 0; o /= 2)
            s += __shfl_down_sync(0xffffffffu, s, o);
        if (lane == 0)
            out[r] = s;
    }
}

/* setup only: inT[i*n + r] = in[r*W + i] */
__global__ void make_transposed(const T *in, T *inT, int n, int W)
{
    size_t total = (size_t)n * W;
    for (size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += (size_t)gridDim.x * blockDim.x) {
        size_t r = e / W, i = e % W;
        inT[i * n + r] = in[e];
    }
}

} /* namespace row */

int main(int argc, char **argv)
{
    using namespace row;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    const int W = GL_W;
    const size_t row_bytes = (size_t)W * sizeof(T);

    /* rows: >= the bandwidth working set, >= 4 waves of thread-per-row threads */
    size_t n = std::max(b.bandwidth_bytes() / row_bytes, b.wave_threads(4));
    n = std::min(n, b.mem_budget() / (2 * row_bytes + sizeof(T)));        /* in + inT + out */
    n = std::min(n, (size_t)0x7fffffff / (size_t)W);                     /* int indexing */
    n = gl::round_down(n, BLOCK);
    if (n == 0) {
        std::fprintf(stderr, "uncoalesced-row: not enough device memory for one block of rows\n");
        return 3;
    }
    const size_t elems = n * W;

    b.param("W", W);
    b.param("elem", GL_XSTR(GL_ELEM));
    b.param("elem_bytes", (int)sizeof(T));
    b.param("w_const", GL_W_CONST);
    b.param("lane_stride_bytes", (long long)row_bytes);
    b.param("rows", (long long)n);
    b.param("block", BLOCK);

    T *in = b.alloc<T>(elems);
    T *inT = b.alloc<T>(elems);
    T *out = b.alloc<T>(n);
    b.fill(in, elems, 1);
    make_transposed<<<b.device().sm_count * 16, 256>>>(in, inT, (int)n, W);
    GL_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    b.set_output(out, n);

    const double bytes = (double)elems * sizeof(T) + (double)n * sizeof(T);
    const int ni = (int)n;
    const unsigned g1 = gl::blocks_for(n, BLOCK), gw = gl::blocks_for(n * 32, BLOCK);
    b.add_variant("as written", (const void *)as_written<WC>, [=] {
         as_written<WC><<<g1, BLOCK>>>(in, out, ni, W);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK);
    b.add_variant("transposed", (const void *)transposed<WC>, [=] {
         transposed<WC><<<g1, BLOCK>>>(inT, out, ni, W);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK);
    gl::Variant &wv = b.add_variant("warp-per-row", (const void *)warp_per_row<WC>, [=] {
        warp_per_row<WC><<<gw, BLOCK>>>(in, out, ni, W);
        GL_CHECK_LAUNCH();
    });
    wv.set_bytes(bytes).set_shape(gw, BLOCK);
    if (std::is_floating_point<T>::value) /* a different summation order */
        wv.set_tolerance(sizeof(T) == 4 ? 1e-4 : 1e-11);
    if (W < 32)
        b.note("W < 32: warp-per-row leaves 32-W lanes of each warp idle (expected to lose)");
    b.note("transposed and warp-per-row need the caller's data layout or kernel changed; the transposed copy is "
           "made once, outside the timing");
    return b.run();
}
