/*
 * double-literal: silent double precision in float code, e.g. exp(-(4.0)/t) on a float t.
 *
 * Parameters (defaults in brackets):
 *   GL_EXPR_AS_WRITTEN(x)  the finding's expression on a float variable x, as
 *                          written [exp(-(4.0) / (x))]
 *   GL_EXPR_FIXED(x)       the fixed expression [expf(-(4.0f) / (x))]
 *   GL_HAS_FAST_MATH_VARIANT  1 = also time GL_EXPR_FAST(x) (an intrinsic such
 *                          as __expf) [1 with the default expressions, else 0]
 *   GL_EXPR_FAST(x)        the fast-intrinsic expression [__expf(-(4.0f) / (x))]
 *   GL_CHAIN               dependent evaluations per thread [64]
 *   GL_X_LO, GL_X_HI       range of the random starting values [0.5, 1.5]
 *   GL_MIX                 mixing factor of the chain [0.0625]
 *   GL_RTOL, GL_ATOL       tolerance of the fixes vs the as-written result [1e-3, 1e-6]
 *   GL_STREAM              1 = one evaluation per element of a 64 Mi-element
 *                          array, read and written once (the expression as
 *                          an elementwise kernel runs it, where every
 *                          evaluation comes with a global load and store:
 *                          memory-bound); 0 = the compute-bound chain [0]
 * Shape: each thread starts from x0 (random, in [GL_X_LO, GL_X_HI)) and runs a
 * dependent chain  y = (float)EXPR(x); x = fmaf(y, GL_MIX, x0);  GL_CHAIN times,
 * then writes y.  The mixing keeps x near x0 (finite, never constant-foldable)
 * and damps rounding differences, so the double (as written) and float (fixed)
 * chains stay comparable: fixes are checked with |a-b| <= GL_ATOL +
 * GL_RTOL*max(|a|,|b|) (the result differs from the double one by float
 * rounding; the max error is printed).  Compute-bound: Gop/s counts expression
 * evaluations (threads * GL_CHAIN); the grid is 8 waves of resident threads.
 * With GL_STREAM=1 the chain is one evaluation and the array is 64 Mi
 * elements (512 MiB read and written: DRAM, not L2): what the expression
 * costs next to the memory traffic of an elementwise kernel.
 * Variants: "as written", "float", and "fast intrinsic" when enabled.
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "double-literal"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_EXPR_AS_WRITTEN
#define GL_EXPR_AS_WRITTEN(x) exp(-(4.0) / (x))
#ifndef GL_EXPR_FIXED
#define GL_EXPR_FIXED(x) expf(-(4.0f) / (x))
#endif
#ifndef GL_EXPR_FAST
#define GL_EXPR_FAST(x) __expf(-(4.0f) / (x))
#endif
#ifndef GL_HAS_FAST_MATH_VARIANT
#define GL_HAS_FAST_MATH_VARIANT 1
#endif
#endif
#ifndef GL_EXPR_FIXED
#error "double-literal: GL_EXPR_FIXED(x) must be defined together with GL_EXPR_AS_WRITTEN(x)"
#endif
#ifndef GL_HAS_FAST_MATH_VARIANT
#define GL_HAS_FAST_MATH_VARIANT 0
#endif
#if GL_HAS_FAST_MATH_VARIANT && !defined(GL_EXPR_FAST)
#error "double-literal: GL_HAS_FAST_MATH_VARIANT=1 needs GL_EXPR_FAST(x)"
#endif
#ifndef GL_STREAM
#define GL_STREAM 0
#endif
#if GL_STREAM
#undef GL_CHAIN
#define GL_CHAIN 1
#endif
#ifndef GL_CHAIN
#define GL_CHAIN 64
#endif
#ifndef GL_X_LO
#define GL_X_LO 0.5f
#endif
#ifndef GL_X_HI
#define GL_X_HI 1.5f
#endif
#ifndef GL_MIX
#define GL_MIX 0.0625f
#endif
#ifndef GL_RTOL
#define GL_RTOL 1e-3
#endif
#ifndef GL_ATOL
#define GL_ATOL 1e-6
#endif

namespace dbl {

constexpr int BLOCK = 256;
static_assert(GL_CHAIN >= 1, "GL_CHAIN must be >= 1");

/* V: 0 = as written, 1 = float, 2 = fast intrinsic.  The value is converted to
 * float as the finding's float destination does. */
template <int V> __device__ __forceinline__ float expr(float x)
{
    if constexpr (V == 0) {
        return static_cast<float>(GL_EXPR_AS_WRITTEN(x));
    } else if constexpr (V == 1) {
        return static_cast<float>(GL_EXPR_FIXED(x));
    } else {
#if GL_HAS_FAST_MATH_VARIANT
        return static_cast<float>(GL_EXPR_FAST(x));
#else
        return x;
#endif
    }
}

template <int V> __global__ void chain(const float *in, float *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        const float x0 = in[gid];
        float x = x0, y = x0;
        for (int i = 0; i < GL_CHAIN; i++) {
            y = expr<V>(x);
            x = fmaf(y, GL_MIX, x0);
        }
        out[gid] = y;
    }
}

} /* namespace dbl */

int main(int argc, char **argv)
{
    using namespace dbl;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    size_t n = GL_STREAM ? (size_t)1 << 26 : gl::round_down(b.wave_threads(8), BLOCK);
    const int ni = (int)n;
    const unsigned grid = gl::blocks_for(n, BLOCK);

    b.param("expr_as_written", GL_XSTR(GL_EXPR_AS_WRITTEN(x)));
    b.param("expr_fixed", GL_XSTR(GL_EXPR_FIXED(x)));
#if GL_HAS_FAST_MATH_VARIANT
    b.param("expr_fast", GL_XSTR(GL_EXPR_FAST(x)));
#endif
    b.param("has_fast_math_variant", GL_HAS_FAST_MATH_VARIANT);
    b.param("chain", GL_CHAIN);
    b.param("stream", GL_STREAM);
    b.param("x_lo", (double)(GL_X_LO));
    b.param("x_hi", (double)(GL_X_HI));
    b.param("mix", (double)(GL_MIX));
    b.param("rtol", (double)(GL_RTOL));
    b.param("atol", (double)(GL_ATOL));
    b.param("threads", (long long)n);
    b.param("block", BLOCK);

    float *in = b.alloc<float>(n);
    float *out = b.alloc<float>(n);
    b.fill_range(in, n, 1, (float)(GL_X_LO), (float)(GL_X_HI));
    b.set_output(out, n);
    const double ops = (double)n * GL_CHAIN;
    const double bytes = GL_STREAM ? 2.0 * sizeof(float) * (double)n : 0.0;

    b.add_variant("as written", (const void *)chain<0>, [=] {
         chain<0><<<grid, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_ops(ops).set_bytes(bytes).set_shape(grid, BLOCK);
    b.add_variant("float", (const void *)chain<1>, [=] {
         chain<1><<<grid, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_ops(ops).set_bytes(bytes).set_shape(grid, BLOCK).set_tolerance(GL_RTOL, GL_ATOL);
#if GL_HAS_FAST_MATH_VARIANT
    b.add_variant("fast intrinsic", (const void *)chain<2>, [=] {
         chain<2><<<grid, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_ops(ops).set_bytes(bytes).set_shape(grid, BLOCK).set_tolerance(GL_RTOL, GL_ATOL);
#endif
    b.note(GL_STREAM ? "one evaluation per element of a 64 Mi-element array read and written once (memory-bound, as in an "
                       "elementwise kernel); Gop/s = evaluations per second"
                     : "Gop/s = expression evaluations per second (threads x chain length)");
    b.note("fixes differ from the as-written result by float vs double rounding: checked with a relative "
           "tolerance, not bit-exactly");
    return b.run();
}
