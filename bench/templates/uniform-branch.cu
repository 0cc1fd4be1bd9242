/*
 * uniform-branch: an in-kernel branch whose outcome is known at launch (mode
 * flags passed as kernel arguments), usually inside a loop.
 *
 * Parameters (defaults in brackets):
 *   GL_CONDITIONS  uniform conditions in the kernel, 1..4 [1]
 *   GL_IN_LOOP     1 = the conditions sit in the loop body; 0 = they are
 *                  evaluated once, before the loop [1]
 *   GL_BARRIER     what else the loop body holds: 0 = nothing; 1 = a
 *                  __syncthreads(); 2 = a side effect (a volatile store of the
 *                  accumulator to global memory) [0]
 *   GL_HEAVY_BODY  0 = light body (the branch arms only, one multiply-add or a
 *                  max each); 1 = heavy body (16 more dependent multiply-adds
 *                  per iteration) [0]
 *   GL_FLAGS       the flag values of the run, bit c = condition c [0x5]
 *   GL_ITERS       loop iterations per thread [1024]
 * Each condition c chooses between two different arms:
 *   if (flag_c) acc = fmaf(acc, a_c, x); else acc = fmaxf(acc * (1 - a_c), x) - 0.125f;
 * (bounded for any iteration count).
 * Variants:
 *   "runtime condition"  flags are kernel arguments (int), tested in the body;
 *   "template<bool...>"  flags are template parameters; the host selects the
 *                        instantiation with a switch over the flag values.
 * Same operations in the same order: compared with rtol 1e-6 (error printed
 * is 0).  Compute-bound: 16 waves of resident threads; Gop/s counts loop
 * iterations (threads * GL_ITERS).  When nvcc unswitches the runtime branch
 * itself the honest result is ~1.00x ("no measurable impact").
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "uniform-branch"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_CONDITIONS
#define GL_CONDITIONS 1
#endif
#ifndef GL_IN_LOOP
#define GL_IN_LOOP 1
#endif
#ifndef GL_BARRIER
#define GL_BARRIER 0
#endif
#ifndef GL_HEAVY_BODY
#define GL_HEAVY_BODY 0
#endif
#ifndef GL_FLAGS
#define GL_FLAGS 0x5
#endif
#ifndef GL_ITERS
#define GL_ITERS 1024
#endif

namespace ub {

constexpr int BLOCK = 256;
static_assert(GL_CONDITIONS >= 1 && GL_CONDITIONS <= 4, "GL_CONDITIONS must be 1..4");
static_assert(GL_BARRIER >= 0 && GL_BARRIER <= 2, "GL_BARRIER must be 0, 1 or 2");
static_assert(GL_ITERS >= 1, "GL_ITERS must be >= 1");

/* One uniform condition: two arms of different shape (not a select of constants). */
#define UB_ARM(f, a)                                   \
    do {                                               \
        if (f)                                         \
            acc = fmaf(acc, (a), x);                   \
        else                                           \
            acc = fmaxf(acc * (1.0f - (a)), x) - 0.125f; \
    } while (0)

__device__ __forceinline__ float conditions(float acc, float x, bool f0, bool f1, bool f2, bool f3)
{
    UB_ARM(f0, 0.5f);
#if GL_CONDITIONS >= 2
    UB_ARM(f1, 0.375f);
#endif
#if GL_CONDITIONS >= 3
    UB_ARM(f2, 0.625f);
#endif
#if GL_CONDITIONS >= 4
    UB_ARM(f3, 0.25f);
#endif
    (void)f1;
    (void)f2;
    (void)f3;
    return acc;
}

__device__ __forceinline__ float body(float acc, float x)
{
#if GL_HEAVY_BODY
#pragma unroll
    for (int h = 0; h < 16; h++)
        acc = fmaf(acc, 0.9375f, 0.0625f * x);
#else
    (void)x;
#endif
    return acc;
}

/* The kernel body, shared by both variants: flags arrive as runtime values or
 * as compile-time constants. */
__device__ __forceinline__ void run(const float *in, float *out, int n, int iters, bool f0, bool f1, bool f2,
                                    bool f3)
{
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const bool active = gid < n; /* no early exit: the loop may hold a barrier */
    const float x = active ? in[gid] : 1.0f;
    float acc = x;
#if !GL_IN_LOOP
    acc = conditions(acc, x, f0, f1, f2, f3);
#endif
    for (int it = 0; it < iters; it++) {
        acc = body(acc, x);
#if GL_IN_LOOP
        acc = conditions(acc, x, f0, f1, f2, f3);
#else
        acc = fmaf(acc, 0.5f, x);
#endif
#if GL_BARRIER == 1
        __syncthreads();
#elif GL_BARRIER == 2
        if (active)
            *(volatile float *)&out[gid] = acc;
#endif
    }
    if (active)
        out[gid] = acc;
}

__global__ void runtime_cond(const float *in, float *out, int n, int iters, int f0, int f1, int f2, int f3)
{
    run(in, out, n, iters, f0 != 0, f1 != 0, f2 != 0, f3 != 0);
}

template <bool F0, bool F1, bool F2, bool F3> __global__ void template_cond(const float *in, float *out, int n, int iters)
{
    run(in, out, n, iters, F0, F1, F2, F3);
}

/* The fix as a user writes it: the host turns the flags into template
 * arguments.  Only the first GL_CONDITIONS flags are dispatched (2^C
 * instantiations); the others are false. */
template <int I, bool... Fs> struct Dispatch {
    static const void *kernel(unsigned mask)
    {
        if constexpr (I == 4) {
            (void)mask;
            return (const void *)template_cond<Fs...>;
        } else if constexpr (I >= GL_CONDITIONS) {
            return Dispatch<I + 1, Fs..., false>::kernel(mask);
        } else {
            return (mask >> I) & 1u ? Dispatch<I + 1, Fs..., true>::kernel(mask)
                                    : Dispatch<I + 1, Fs..., false>::kernel(mask);
        }
    }
    static void launch(unsigned mask, unsigned grid, const float *in, float *out, int n, int iters)
    {
        if constexpr (I == 4) {
            (void)mask;
            template_cond<Fs...><<<grid, BLOCK>>>(in, out, n, iters);
        } else if constexpr (I >= GL_CONDITIONS) {
            Dispatch<I + 1, Fs..., false>::launch(mask, grid, in, out, n, iters);
        } else {
            if ((mask >> I) & 1u)
                Dispatch<I + 1, Fs..., true>::launch(mask, grid, in, out, n, iters);
            else
                Dispatch<I + 1, Fs..., false>::launch(mask, grid, in, out, n, iters);
        }
    }
};

} /* namespace ub */

int main(int argc, char **argv)
{
    using namespace ub;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    const size_t n = gl::round_down(b.wave_threads(16), BLOCK);
    const int ni = (int)n;
    const unsigned grid = gl::blocks_for(n, BLOCK);
    static volatile unsigned flags_opaque = (unsigned)(GL_FLAGS) & ((1u << GL_CONDITIONS) - 1u);
    static volatile int iters_opaque = GL_ITERS;
    const unsigned mask = flags_opaque;
    const int iters = iters_opaque;
    const int f0 = mask & 1u, f1 = (mask >> 1) & 1u, f2 = (mask >> 2) & 1u, f3 = (mask >> 3) & 1u;

    b.param("conditions", GL_CONDITIONS);
    b.param("in_loop", GL_IN_LOOP);
    b.param("barrier", GL_BARRIER);
    b.param("body_effect", GL_BARRIER == 1 ? "__syncthreads" : GL_BARRIER == 2 ? "volatile store" : "none");
    b.param("heavy_body", GL_HEAVY_BODY);
    b.param("flags", (int)mask);
    b.param("iters", iters);
    b.param("threads", (long long)n);
    b.param("block", BLOCK);

    float *in = b.alloc<float>(n);
    float *out = b.alloc<float>(n);
    b.fill(in, n, 1);
    b.set_output(out, n);
    const double ops = (double)n * iters;

    b.add_variant("runtime condition", (const void *)runtime_cond, [=] {
         runtime_cond<<<grid, BLOCK>>>(in, out, ni, iters, f0, f1, f2, f3);
         GL_CHECK_LAUNCH();
     }).set_ops(ops).set_shape(grid, BLOCK);
    b.add_variant("template<bool...>", Dispatch<0>::kernel(mask), [=] {
         Dispatch<0>::launch(mask, grid, in, out, ni, iters);
         GL_CHECK_LAUNCH();
     }).set_ops(ops).set_shape(grid, BLOCK).set_tolerance(1e-6);
    b.note("Gop/s = loop iterations per second (threads x iters); ~1.00x means nvcc already unswitched the "
           "runtime branch");
    return b.run();
}
