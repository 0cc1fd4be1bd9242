/*
 * uncoalesced-row: each thread walks its own row, for (i < W) s += in[gid*W + i].
 *
 * Parameters (defaults in brackets):
 *   GL_W        row width in elements, 4..1024 [64]
 *   GL_ELEM     element type: float | double | int [float]
 *   GL_W_CONST  1 = the finding's W is a compile-time constant (the loop can be
 *               unrolled), 0 = a runtime value such as a `width` argument [0]
 *   GL_2D       1 = a 2-D mapping turned around (uncoalesced-row's
 *               transposed-2d finding): thread (x, y) touches in[x*W + y],
 *               threadIdx.x picks the row [0]
 *   GL_BX, GL_BY  the block shape of the 2-D variants [16, 16]
 *   GL_ONE_BLOCK  1 = the finding's kernel runs as one block (its addresses
 *               leave out the block index): one block of rows, GL_2D=0 only [0]
 *   GL_BLOCK_THREADS  threads per block of the thread-per-row variants, a
 *               multiple of 32 (the kernel's own block when it runs as one
 *               block: one warp walks 32 rows) [256]
 * Variants (GL_2D=1):
 *   "as written"    out[x*W + y] = 3*in[x*W + y] + 1, x from threadIdx.x
 *                   (lanes W*elem bytes apart);
 *   "swapped"       the same elements with x along the row, out[y*W + x]
 *                   (coalesced; bit-identical output).
 * Variants (GL_2D=0):
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
#ifndef GL_2D
#define GL_2D 0
#endif
#ifndef GL_BX
#define GL_BX 16
#endif
#ifndef GL_BY
#define GL_BY 16
#endif
#ifndef GL_BLOCK_THREADS
#define GL_BLOCK_THREADS 256
#endif

namespace row {

typedef GL_ELEM T;
[[maybe_unused]] constexpr int BLOCK = GL_BLOCK_THREADS;
static_assert(GL_BLOCK_THREADS % 32 == 0 && GL_BLOCK_THREADS >= 32 && GL_BLOCK_THREADS <= 1024,
              "GL_BLOCK_THREADS must be a multiple of 32, 32..1024");
[[maybe_unused]] constexpr int WC = GL_W_CONST ? GL_W : 0; /* 0: width is a kernel argument */
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

/* the 2-D mapping as written: threadIdx.x picks the row */
__global__ void as_written_2d(const T *in, T *out, int rows, int W)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < rows && y < W)
        out[x * W + y] = in[x * W + y] * (T)3 + (T)1;
}

/* the fix: threadIdx.x runs along the row */
__global__ void swapped_2d(const T *in, T *out, int rows, int W)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y < rows && x < W)
        out[y * W + x] = in[y * W + x] * (T)3 + (T)1;
}

/* The parameters both shapes report: the row and its element. */
static void report_rows(gl::Bench &b, int W, size_t rows)
{
    b.param("W", W);
    b.param("elem", GL_XSTR(GL_ELEM));
    b.param("elem_bytes", (int)sizeof(T));
    b.param("lane_stride_bytes", (long long)((size_t)W * sizeof(T)));
    b.param("rows", (long long)rows);
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

#if GL_2D
int main(int argc, char **argv)
{
    using namespace row;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    const int W = GL_W, BX = GL_BX, BY = GL_BY;
    const size_t row_bytes = (size_t)W * sizeof(T);
    /* rows: the bandwidth working set; gridDim.y of the fix counts rows */
    size_t rows = b.bandwidth_bytes() / row_bytes;
    rows = std::min(rows, b.mem_budget() / (2 * row_bytes));
    rows = std::min(rows, (size_t)65535 * BY);
    rows = std::min(rows, (size_t)0x7fffffff / (size_t)W);
    rows = gl::round_down(rows, std::max(BX, BY));
    if (rows == 0) {
        std::fprintf(stderr, "uncoalesced-row: not enough device memory for one block of rows\n");
        return 3;
    }
    const size_t elems = rows * W;
    report_rows(b, W, rows);
    b.param("mapping", "transposed-2d");
    b.param("block_x", BX);
    b.param("block_y", BY);
    T *in = b.alloc<T>(elems);
    T *out = b.alloc<T>(elems);
    b.fill(in, elems, 1);
    b.set_output(out, elems);
    const double bytes = 2.0 * (double)elems * sizeof(T);
    const int nr = (int)rows;
    dim3 blk(BX, BY), g_as(gl::blocks_for(rows, BX), gl::blocks_for(W, BY)), g_fix(gl::blocks_for(W, BX), gl::blocks_for(rows, BY));
    b.add_variant("as written", (const void *)as_written_2d, [=] {
         as_written_2d<<<g_as, blk>>>(in, out, nr, W);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape((long long)g_as.x * g_as.y, BX * BY);
    b.add_variant("swapped", (const void *)swapped_2d, [=] {
         swapped_2d<<<g_fix, blk>>>(in, out, nr, W);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape((long long)g_fix.x * g_fix.y, BX * BY);
    b.note("swapped: threadIdx.x along the row and the grid's x and y extents swapped; same elements, same output");
    return b.run();
}
#else
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
    n = gl::one_block(gl::round_down(n, BLOCK), BLOCK);
    if (n == 0) {
        std::fprintf(stderr, "uncoalesced-row: not enough device memory for one block of rows\n");
        return 3;
    }
    const size_t elems = n * W;

    report_rows(b, W, n);
    b.param("w_const", GL_W_CONST);
    b.param("one_block", GL_ONE_BLOCK);
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
    if (GL_ONE_BLOCK) { /* a warp per row would spread the block's rows over 32 blocks: another kernel */
        b.note("one block: the block's rows read transposed; no warp-per-row variant (it needs 32 blocks)");
        return b.run();
    }
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
#endif
