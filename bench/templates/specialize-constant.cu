/*
 * specialize-constant: a runtime value with a small set of values (a kernel
 * argument K) bounds a loop, and possibly a per-thread array.
 *
 * Parameters (defaults in brackets):
 *   GL_K               the value seen (e.g. at a launch site), 1..GL_MAX [7]
 *   GL_HAS_LOCAL_ARRAY 1 = a per-thread array float w[GL_MAX] is filled and
 *                      read up to the runtime K (a window: load w[0..K), then
 *                      the window sum and the sum of squared deviations from
 *                      its mean); 0 = only the loop bound: s += in[gid + i]
 *                      for i < K [1]
 *   GL_MAX             the array's declared size [32]
 * Variants:
 *   "runtime K"    K is a kernel argument (read on the host from a volatile,
 *                  so nothing but the launch can know it); the loops cannot be
 *                  unrolled and w[] lives in local memory (stack frame);
 *   "template<K>"  template<int K> kernel, #pragma unroll, w[K] in registers.
 * Both variants compute the same operations in the same order (compared with
 * rtol 1e-6; the error printed is 0).  Window inputs overlap between
 * neighbouring threads (in[gid + i]), so they come mostly from L1: the local
 * array's traffic, not DRAM, is what the fix removes.  64 Mi outputs (256 MiB
 * out + 256 MiB in).  GB/s counts unique bytes (input once, output once);
 * Gop/s counts window elements (threads * K).
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "specialize-constant"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_K
#define GL_K 7
#endif
#ifndef GL_HAS_LOCAL_ARRAY
#define GL_HAS_LOCAL_ARRAY 1
#endif
#ifndef GL_MAX
#define GL_MAX 32
#endif

namespace spc {

constexpr int BLOCK = 256;
static_assert(GL_MAX >= 1, "GL_MAX must be >= 1");
static_assert(GL_K >= 1 && GL_K <= GL_MAX, "GL_K must be in 1..GL_MAX");

__global__ void runtime_k(const float *in, float *out, int n, int K)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
#if GL_HAS_LOCAL_ARRAY
        float w[GL_MAX];
        float s = 0.f;
        for (int i = 0; i < K; i++) {
            w[i] = in[gid + i];
            s += w[i];
        }
        const float mean = s / (float)K;
        float v = 0.f;
        for (int i = 0; i < K; i++) {
            const float d = w[i] - mean;
            v = fmaf(d, d, v);
        }
        out[gid] = mean + v;
#else
        float s = 0.f;
        for (int i = 0; i < K; i++)
            s += in[gid + i];
        out[gid] = s;
#endif
    }
}

template <int K> __global__ void template_k(const float *in, float *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
#if GL_HAS_LOCAL_ARRAY
        float w[K];
        float s = 0.f;
#pragma unroll
        for (int i = 0; i < K; i++) {
            w[i] = in[gid + i];
            s += w[i];
        }
        const float mean = s / (float)K;
        float v = 0.f;
#pragma unroll
        for (int i = 0; i < K; i++) {
            const float d = w[i] - mean;
            v = fmaf(d, d, v);
        }
        out[gid] = mean + v;
#else
        float s = 0.f;
#pragma unroll
        for (int i = 0; i < K; i++)
            s += in[gid + i];
        out[gid] = s;
#endif
    }
}

/* The fix as a user writes it: a host-side switch over the supported values.
 * Only the finding's value is instantiated here. */
inline void launch_template(int k, unsigned grid, const float *in, float *out, int n)
{
    switch (k) {
    case GL_K:
        template_k<GL_K><<<grid, BLOCK>>>(in, out, n);
        break;
    default:
        std::fprintf(stderr, "specialize-constant: no instantiation for K=%d\n", k);
        std::exit(3);
    }
}

} /* namespace spc */

int main(int argc, char **argv)
{
    using namespace spc;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    const size_t n = gl::round_down(b.bandwidth_bytes() / sizeof(float), BLOCK);
    const int ni = (int)n;
    const unsigned grid = gl::blocks_for(n, BLOCK);
    static volatile int k_opaque = GL_K; /* the runtime variant's K: opaque to the compiler */
    const int k = k_opaque;

    b.param("K", GL_K);
    b.param("has_local_array", GL_HAS_LOCAL_ARRAY);
    b.param("max", GL_MAX);
    b.param("threads", (long long)n);
    b.param("block", BLOCK);

    float *in = b.alloc<float>(n + GL_MAX);
    float *out = b.alloc<float>(n);
    b.fill(in, n + GL_MAX, 1);
    b.set_output(out, n);
    const double bytes = 2.0 * n * sizeof(float), ops = (double)n * GL_K;

    b.add_variant("runtime K", (const void *)runtime_k, [=] {
         runtime_k<<<grid, BLOCK>>>(in, out, ni, k);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_ops(ops).set_shape(grid, BLOCK);
    b.add_variant("template<K>", (const void *)template_k<GL_K>, [=] {
         launch_template(k, grid, in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_ops(ops).set_shape(grid, BLOCK).set_tolerance(1e-6);
    b.note("local_bytes is the per-thread stack frame: non-zero for \"runtime K\" means w[] lives in local memory");
    return b.run();
}
