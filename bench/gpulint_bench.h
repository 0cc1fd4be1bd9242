/*
 * gpulint_bench.h: the shared harness of gpulint's microbenchmarks.
 *
 * An emitted benchmark is one file, DIR/<finding-id>/bench.cu:
 *     #define GL_... parameter lines (GL_FINDING_ID, GL_RULE, GL_LOCATION, rule parameters)
 *     #include "../gpulint_bench.h"
 *     <verbatim text of bench/templates/<rule-id>.cu>
 * with this header and gpulint_bench_stats.h copied into DIR/.  Built with
 * `nvcc -O3 -std=c++17 -arch=<arch> -o bench bench.cu`, run with no arguments
 * (`--samples N`, `--quick`, `--seed N`, `--help`).
 *
 * What the harness does (the method of docs/bench-method.md):
 *   - CUDA_CHECK on every CUDA call (file:line + error string, exit 2) and a
 *     cudaGetLastError check after every launch;
 *   - device facts (name, CC, SMs, L2, driver/runtime) for the result;
 *   - cudaMalloc-only buffers (freed at exit), inputs filled on the device with
 *     a random non-zero hash of the index;
 *   - correctness first: the output is poisoned with 0xFF bytes before each
 *     variant's check run; variant 0 (the finding's shape as written) is the
 *     reference; each fix is compared bit-exactly or with a relative tolerance
 *     (printed with the max error); a baseline that leaves poison or NaN behind
 *     is itself reported incorrect;
 *   - timing: each correct variant is warmed up and its repeat count chosen once
 *     so that a sample lasts >= 0.25 ms; then samples are taken interleaved
 *     (A B C A B C ...), each with cudaEvents around `reps` launches;
 *   - per variant: median/min/max ms, GB/s or Gop/s, registers and local memory
 *     (cudaFuncGetAttributes), waves, speedup vs variant 0 with the 10th/90th
 *     percentiles of the paired ratios; the best correct fix and the verdict
 *     (gpulint_bench_stats.h);
 *   - output: a short human table, then one line `GPULINT_RESULT {json}`.
 * Exit status: 0 when the run completed (whatever the verdict, "variant
 * incorrect" included), 2 on any CUDA error, 3 on bad usage / host failure.
 *
 * A template uses it like this:
 *     gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
 *     b.param("K", GL_K);
 *     float *in = b.alloc<float>(n), *out = b.alloc<float>(m);
 *     b.fill(in, n, 1);
 *     b.set_output(out, m);
 *     b.add_variant("as written", (const void *)kern, [=] { kern<<<g, 256>>>(in, out); GL_CHECK_LAUNCH(); })
 *         .set_bytes(bytes).set_shape(g, 256);
 *     return b.run();
 */
#ifndef GPULINT_BENCH_H
#define GPULINT_BENCH_H
#define GL_BENCH_H 1

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "gpulint_bench_stats.h"

/* ---- error checking ----------------------------------------------------- */

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        cudaError_t gl_err_ = (call);                                                         \
        if (gl_err_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s:%d: CUDA error %s: %s (in %s)\n", __FILE__, __LINE__,    \
                         cudaGetErrorName(gl_err_), cudaGetErrorString(gl_err_), #call);      \
            std::exit(2);                                                                     \
        }                                                                                     \
    } while (0)

/* After every kernel launch (launch-configuration errors surface here). */
#define GL_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())

/* Stringify after macro expansion: GL_XSTR(GL_ELEM) -> "float". */
#define GL_STR_(...) #__VA_ARGS__
#define GL_XSTR(...) GL_STR_(__VA_ARGS__)

#ifndef GL_DEFAULT_SAMPLES
#define GL_DEFAULT_SAMPLES 30
#endif
#define GL_MIN_SAMPLES 20       /* fewer is reported, and is not evidence */
#define GL_MIN_SAMPLE_MS 0.25   /* each sample lasts at least this long */
#define GL_TARGET_SAMPLE_MS 0.3 /* what the repeat count aims at */

namespace gl {

/* ---- random non-zero inputs ------------------------------------------- */

__host__ __device__ inline uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

__host__ __device__ inline uint32_t hash_index(size_t i, uint32_t seed)
{
    return hash32((uint32_t)i ^ hash32((uint32_t)(i >> 32) ^ (seed * 0x9E3779B9U + 0x7F4A7C15U)));
}

/* Float/double: [0.5, 1.5).  Integers: small positive values (no overflow in
 * sums of a few thousand, never 0, and never an all-0xFF byte pattern). */
template <class T> __device__ __forceinline__ T value_from_hash(uint32_t h)
{
    if constexpr (std::is_same<T, float>::value) {
        return 0.5f + (float)(h >> 8) * (1.0f / 16777216.0f);
    } else if constexpr (std::is_same<T, double>::value) {
        return 0.5 + (double)h * (1.0 / 4294967296.0);
    } else if constexpr (std::is_integral<T>::value && sizeof(T) == 1) {
        return (T)(1u + h % 126u);
    } else if constexpr (std::is_integral<T>::value && sizeof(T) == 2) {
        return (T)(1u + h % 30000u);
    } else {
        static_assert(std::is_integral<T>::value, "gl::fill: unsupported element type");
        return (T)(1u + h % 1000u);
    }
}

template <class T> __global__ void fill_kernel(T *p, size_t n, uint32_t seed)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = value_from_hash<T>(hash_index(i, seed));
}

template <class T> __global__ void fill_range_kernel(T *p, size_t n, uint32_t seed, T lo, T hi)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = lo + (hi - lo) * (T)((double)(hash_index(i, seed) >> 8) * (1.0 / 16777216.0));
}

/* ---- small helpers --------------------------------------------------- */

inline unsigned blocks_for(size_t threads, unsigned block)
{
    return (unsigned)((threads + block - 1) / block);
}

inline size_t round_down(size_t x, size_t m) { return x / m * m; }

#ifndef GL_ONE_BLOCK
#define GL_ONE_BLOCK 0
#endif
/* GL_ONE_BLOCK=1: the finding's kernel runs as one block (its addresses
 * leave out the block index): the template times `per_block` items, one
 * block's worth, instead of its bandwidth working set `n`. */
inline size_t one_block(size_t n, size_t per_block) { return GL_ONE_BLOCK ? per_block : n; }

inline std::string json_escape(const char *s)
{
    std::string r;
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            r += '\\';
            r += (char)c;
        } else if (c == '\n') {
            r += "\\n";
        } else if (c == '\t') {
            r += "\\t";
        } else if (c < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            r += b;
        } else {
            r += (char)c;
        }
    }
    return r;
}

inline std::string json_num(double v)
{
    if (!std::isfinite(v))
        return "null";
    char b[40];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

inline std::string version_string(int v)
{
    char b[24];
    std::snprintf(b, sizeof b, "%d.%d", v / 1000, (v % 1000) / 10);
    return b;
}

/* ---- the device ------------------------------------------------------ */

struct Device {
    int id = 0;
    std::string name;
    int cc_major = 0, cc_minor = 0;
    int sm_count = 0;
    int max_threads_per_sm = 0;
    size_t l2_bytes = 0;
    size_t global_bytes = 0, free_bytes = 0;
    int driver = 0, runtime = 0;
};

/* ---- variants ------------------------------------------------------- */

enum class Compare { Exact, F32, F64 };

struct Variant {
    std::string name;
    const void *kernel = nullptr;  /* for registers/local memory/waves; may be null */
    std::function<void()> launch;  /* launches the variant's kernel(s), checks each launch */
    double bytes = 0.0;            /* bytes moved per launch (for GB/s), 0 = not meaningful */
    double ops = 0.0;              /* operations per launch (for Gop/s), 0 = not meaningful */
    double rtol = -1.0, atol = 0.0; /* rtol < 0: default of the output type; 0 = bit-exact */
    long long grid_blocks = 0;
    int block_threads = 0;
    size_t dyn_smem = 0;

    /* results */
    bool correct = false;
    std::string check;
    int regs = -1;
    long long local_bytes = -1;
    double waves = NAN;
    int reps = 0;
    std::vector<double> samples; /* ms per launch */
    double median = NAN, min = NAN, max = NAN, speedup = NAN, p10 = NAN, p90 = NAN;

    Variant &set_bytes(double b) { bytes = b; return *this; }
    Variant &set_ops(double o) { ops = o; return *this; }
    /* rtol = 0 and atol = 0: bit-exact; otherwise |a-b| <= atol + rtol*max(|a|,|b|) */
    Variant &set_tolerance(double r, double a = 0.0) { rtol = r; atol = a; return *this; }
    Variant &set_exact() { rtol = 0.0; atol = 0.0; return *this; }
    /* A variant whose output cannot equal the reference's (a replay whose
     * fix permutes the data: an upper bound): run, never compared. */
    Variant &set_not_compared(const char *why) { not_compared = why; return *this; }
    std::string not_compared;
    Variant &set_shape(long long grid, int block, size_t smem = 0)
    {
        grid_blocks = grid;
        block_threads = block;
        dyn_smem = smem;
        return *this;
    }
};

/* ---- the benchmark -------------------------------------------------- */

class Bench {
  public:
    Bench(int argc, char **argv, const char *finding_id, const char *rule, const char *location)
        : finding_id_(finding_id ? finding_id : ""), rule_(rule ? rule : ""), location_(location ? location : "")
    {
        samples_ = GL_DEFAULT_SAMPLES;
        bool samples_given = false;
        for (int i = 1; i < argc; i++) {
            if (!std::strcmp(argv[i], "--quick")) {
                quick_ = true;
            } else if (!std::strcmp(argv[i], "--samples") && i + 1 < argc) {
                char *end = nullptr;
                long v = std::strtol(argv[++i], &end, 10);
                if (!end || *end || v < 1 || v > 100000)
                    usage(argv[0], "--samples needs a count from 1 to 100000");
                samples_ = (int)v;
                samples_given = true;
            } else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
                char *end = nullptr;
                unsigned long v = std::strtoul(argv[++i], &end, 10);
                if (!end || *end)
                    usage(argv[0], "--seed needs a number");
                seed_ = (uint32_t)v;
            } else if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
                std::printf("usage: %s [--samples N] [--quick] [--seed N]\n"
                            "  --samples N  interleaved timed samples per variant (default %d, >= %d for evidence)\n"
                            "  --quick      smoke run: small working set, 5 samples; not evidence\n"
                            "  --seed N     seed of the random inputs (default 1)\n",
                            argv[0], GL_DEFAULT_SAMPLES, GL_MIN_SAMPLES);
                std::exit(0);
            } else {
                usage(argv[0], (std::string("unknown argument: ") + argv[i]).c_str());
            }
        }
        if (quick_ && !samples_given)
            samples_ = 5;
#ifdef GL_ASSUMED
        /* a parameter the finding did not give (gpulint says which value it took) */
        notes_.push_back(std::string("assumed parameter: ") + GL_ASSUMED);
#endif

        CUDA_CHECK(cudaGetDevice(&dev_.id));
        cudaDeviceProp p;
        CUDA_CHECK(cudaGetDeviceProperties(&p, dev_.id));
        dev_.name = p.name;
        dev_.cc_major = p.major;
        dev_.cc_minor = p.minor;
        dev_.sm_count = p.multiProcessorCount;
        dev_.max_threads_per_sm = p.maxThreadsPerMultiProcessor;
        dev_.l2_bytes = (size_t)p.l2CacheSize;
        dev_.global_bytes = p.totalGlobalMem;
        CUDA_CHECK(cudaDriverGetVersion(&dev_.driver));
        CUDA_CHECK(cudaRuntimeGetVersion(&dev_.runtime));
        size_t fr = 0, tot = 0;
        CUDA_CHECK(cudaMemGetInfo(&fr, &tot));
        dev_.free_bytes = fr;
    }

    ~Bench()
    {
        for (void *p : allocs_)
            cudaFree(p); /* at exit; errors here cannot change the result */
    }

    Bench(const Bench &) = delete;
    Bench &operator=(const Bench &) = delete;

    const Device &device() const { return dev_; }
    bool quick() const { return quick_; }
    uint32_t seed() const { return seed_; }

    /* Working-set target of a bandwidth case: >= 256 MiB and >= 4x the L2
     * (32 MiB in --quick mode). */
    size_t bandwidth_bytes() const
    {
        if (quick_)
            return (size_t)32 << 20;
        return std::max((size_t)256 << 20, 4 * dev_.l2_bytes);
    }

    /* Threads that fill the GPU `waves` times over (1 wave in --quick mode). */
    size_t wave_threads(int waves) const
    {
        return (size_t)(quick_ ? 1 : waves) * (size_t)dev_.sm_count * (size_t)dev_.max_threads_per_sm;
    }

    /* Device memory this benchmark may still allocate (60% of what was free at start). */
    size_t mem_budget() const
    {
        size_t cap = dev_.free_bytes / 10 * 6;
        return cap > allocated_ ? cap - allocated_ : 0;
    }

    template <class T> T *alloc(size_t n)
    {
        void *p = nullptr;
        if (n == 0)
            n = 1;
        CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
        allocs_.push_back(p);
        allocated_ += n * sizeof(T);
        return (T *)p;
    }

    /* Random non-zero values from a hash of the index (see value_from_hash). */
    template <class T> void fill(T *p, size_t n, uint32_t stream)
    {
        fill_kernel<T><<<fill_blocks(n), 256>>>(p, n, seed_ * 1000003u + stream);
        GL_CHECK_LAUNCH();
        CUDA_CHECK(cudaDeviceSynchronize());
    }

    /* Uniform values in [lo, hi) from a hash of the index (T = float or double). */
    template <class T> void fill_range(T *p, size_t n, uint32_t stream, T lo, T hi)
    {
        fill_range_kernel<T><<<fill_blocks(n), 256>>>(p, n, seed_ * 1000003u + stream, lo, hi);
        GL_CHECK_LAUNCH();
        CUDA_CHECK(cudaDeviceSynchronize());
    }

    /* The one output buffer that every variant writes: `count` elements of T.
     * float and double outputs default to a relative tolerance (1e-5 / 1e-12),
     * all other types are compared bit-exactly; variants may override. */
    template <class T> void set_output(T *p, size_t count)
    {
        out_ = (void *)p;
        out_count_ = count;
        out_elem_ = sizeof(T);
        if (std::is_same<T, float>::value)
            out_cmp_ = Compare::F32;
        else if (std::is_same<T, double>::value)
            out_cmp_ = Compare::F64;
        else
            out_cmp_ = Compare::Exact;
    }

    /* Parameters reported in the JSON "params" object (numbers, bools, strings). */
    template <class T> void param(const char *key, T v)
    {
        std::string val;
        if constexpr (std::is_same<T, bool>::value) {
            val = v ? "true" : "false";
        } else if constexpr (std::is_integral<T>::value) {
            val = std::to_string((long long)v);
        } else if constexpr (std::is_floating_point<T>::value) {
            val = json_num((double)v);
        } else {
            val = std::string("\"") + json_escape(v) + "\"";
        }
        params_.push_back(std::string("\"") + json_escape(key) + "\":" + val);
        if constexpr (std::is_arithmetic<T>::value)
            human_params_ += std::string(key) + "=" + val + " ";
        else
            human_params_ += std::string(key) + "=" + v + " ";
    }

    /* A replay of the user's own kernel (gpulint_replay.h): before each
     * variant's check run `before` restores the inputs (instead of poisoning
     * the output), `after` gathers what the kernel wrote into the output;
     * the reference need not write every element. */
    void set_check_hooks(std::function<void()> before, std::function<void()> after)
    {
        before_check_ = std::move(before);
        after_check_ = std::move(after);
    }

    /* A note for the reader (printed, and listed in the JSON "notes"). */
    void note(const std::string &s) { notes_.push_back(s); }

    Variant &add_variant(const char *name, const void *kernel, std::function<void()> launch)
    {
        variants_.emplace_back();
        Variant &v = variants_.back();
        v.name = name;
        v.kernel = kernel;
        v.launch = std::move(launch);
        return v;
    }

    /* Correctness, timing, report.  Returns the process exit status (0). */
    int run()
    {
        if (!out_ || variants_.empty())
            usage("bench", "the template set no output buffer or no variant");
        print_header();
        check_all();
        attributes();
        time_all();
        summarize();
        print_table();
        print_json();
        return 0;
    }

  private:
    std::string finding_id_, rule_, location_;
    Device dev_;
    bool quick_ = false;
    int samples_ = GL_DEFAULT_SAMPLES;
    uint32_t seed_ = 1;
    std::vector<void *> allocs_;
    size_t allocated_ = 0;
    void *out_ = nullptr;
    size_t out_count_ = 0, out_elem_ = 0;
    Compare out_cmp_ = Compare::Exact;
    std::vector<std::string> params_, notes_;
    std::string human_params_;
    std::deque<Variant> variants_;
    int best_ = -1;
    std::function<void()> before_check_, after_check_;
    bool all_correct_ = false;
    gl_verdict verdict_ = GL_VERDICT_NO_IMPACT;

    [[noreturn]] static void usage(const char *prog, const char *msg)
    {
        std::fprintf(stderr, "%s: %s (try --help)\n", prog, msg);
        std::exit(3);
    }

    unsigned fill_blocks(size_t n) const
    {
        size_t b = (n + 255) / 256, cap = (size_t)dev_.sm_count * 32;
        return (unsigned)std::max<size_t>(1, std::min(b, cap));
    }

    void print_header() const
    {
        std::printf("gpulint bench: %s [%s] at %s\n", finding_id_.c_str(), rule_.c_str(), location_.c_str());
        std::printf("GPU: %s (cc %d.%d, %d SMs, L2 %.0f MiB), driver %s, runtime %s\n", dev_.name.c_str(),
                    dev_.cc_major, dev_.cc_minor, dev_.sm_count, dev_.l2_bytes / 1048576.0,
                    version_string(dev_.driver).c_str(), version_string(dev_.runtime).c_str());
        std::printf("params: %s\n", human_params_.c_str());
        std::printf("device memory allocated: %.1f MiB; samples per variant: %d%s\n", allocated_ / 1048576.0,
                    samples_, quick_ ? " (--quick: smoke run, not evidence)" : "");
        if (samples_ < GL_MIN_SAMPLES && !quick_)
            std::printf("warning: fewer than %d samples per variant: not evidence\n", GL_MIN_SAMPLES);
    }

    /* ---- correctness ---- */

    void run_once(Variant &v)
    {
        if (before_check_)
            before_check_(); /* a replay: the inputs as they were, kernels may update in place */
        else
            CUDA_CHECK(cudaMemset(out_, 0xFF, out_count_ * out_elem_));
        CUDA_CHECK(cudaDeviceSynchronize());
        v.launch();
        GL_CHECK_LAUNCH();
        CUDA_CHECK(cudaDeviceSynchronize());
        if (after_check_)
            after_check_(); /* a replay: the buffers it writes gathered into the output */
        CUDA_CHECK(cudaDeviceSynchronize());
    }

    bool is_poison(const unsigned char *e) const
    {
        for (size_t b = 0; b < out_elem_; b++)
            if (e[b] != 0xFF)
                return false;
        return true;
    }

    double value_at(const unsigned char *base, size_t i) const
    {
        if (out_cmp_ == Compare::F32) {
            float f;
            std::memcpy(&f, base + i * 4, 4);
            return f;
        }
        double d;
        std::memcpy(&d, base + i * 8, 8);
        return d;
    }

    void check_all()
    {
        size_t nbytes = out_count_ * out_elem_;
        std::vector<unsigned char> ref(nbytes), got(nbytes);
        char buf[256];

        /* the baseline: must write every element, no NaN */
        Variant &b = variants_[0];
        run_once(b);
        CUDA_CHECK(cudaMemcpy(ref.data(), out_, nbytes, cudaMemcpyDeviceToHost));
        size_t poison = 0, nans = 0, first = (size_t)-1;
        for (size_t i = 0; i < out_count_; i++) {
            bool bad = false;
            if (is_poison(&ref[i * out_elem_])) {
                poison++;
                bad = true;
            } else if (out_cmp_ != Compare::Exact && std::isnan(value_at(ref.data(), i))) {
                nans++;
                bad = true;
            }
            if (bad && first == (size_t)-1)
                first = i;
        }
        if (before_check_) /* a replay: the kernel as written is the reference, whatever it writes */
            poison = nans = 0;
        b.correct = (poison == 0 && nans == 0);
        if (b.correct && before_check_)
            std::snprintf(buf, sizeof buf, "reference: the kernel as written (%zu elements compared)", out_count_);
        else if (b.correct)
            std::snprintf(buf, sizeof buf, "reference: all %zu elements written, no NaN", out_count_);
        else
            std::snprintf(buf, sizeof buf, "reference INVALID: %zu unwritten (0xFF), %zu NaN elements, first at %zu",
                          poison, nans, first);
        b.check = buf;

        for (size_t vi = 1; vi < variants_.size(); vi++) {
            Variant &v = variants_[vi];
            run_once(v);
            if (!v.not_compared.empty()) {
                v.correct = true;
                v.check = "not compared: " + v.not_compared;
                continue;
            }
            CUDA_CHECK(cudaMemcpy(got.data(), out_, nbytes, cudaMemcpyDeviceToHost));
            compare(v, ref, got);
        }
    }

    void compare(Variant &v, const std::vector<unsigned char> &ref, const std::vector<unsigned char> &got)
    {
        char buf[320];
        double rtol = v.rtol;
        if (rtol < 0.0)
            rtol = out_cmp_ == Compare::F32 ? 1e-5 : out_cmp_ == Compare::F64 ? 1e-12 : 0.0;
        bool exact = (out_cmp_ == Compare::Exact) || (rtol == 0.0 && v.atol == 0.0);
        size_t bad = 0, poison = 0, first = (size_t)-1;
        double max_abs = 0.0, max_rel = 0.0;
        for (size_t i = 0; i < out_count_; i++) {
            const unsigned char *a = &ref[i * out_elem_], *g = &got[i * out_elem_];
            if (std::memcmp(a, g, out_elem_) == 0)
                continue;
            bool fail = true;
            if (is_poison(g))
                poison++;
            else if (!exact) {
                double x = value_at(ref.data(), i), y = value_at(got.data(), i);
                double d = std::fabs(x - y), m = std::max(std::fabs(x), std::fabs(y));
                if (std::isnan(x) || std::isnan(y))
                    d = INFINITY;
                double rel = m > 0.0 ? d / m : d;
                max_abs = std::max(max_abs, d);
                max_rel = std::max(max_rel, rel);
                fail = !(d <= v.atol + rtol * m);
            }
            if (fail) {
                bad++;
                if (first == (size_t)-1)
                    first = i;
            }
        }
        v.correct = (bad == 0);
        if (exact)
            std::snprintf(buf, sizeof buf, "bit-exact: %zu of %zu elements differ (%zu unwritten)%s%s", bad,
                          out_count_, poison, bad ? ", first at " : "",
                          bad ? std::to_string(first).c_str() : "");
        else
            std::snprintf(buf, sizeof buf,
                          "rtol %.0e atol %.0e: max rel err %.3e, max abs err %.3e; %zu of %zu outside (%zu "
                          "unwritten)%s%s",
                          rtol, v.atol, max_rel, max_abs, bad, out_count_, poison, bad ? ", first at " : "",
                          bad ? std::to_string(first).c_str() : "");
        v.check = buf;
    }

    /* ---- resources ---- */

    void attributes()
    {
        for (Variant &v : variants_) {
            if (!v.kernel)
                continue;
            cudaFuncAttributes a;
            CUDA_CHECK(cudaFuncGetAttributes(&a, v.kernel));
            v.regs = a.numRegs;
            v.local_bytes = (long long)a.localSizeBytes;
            if (v.block_threads > 0 && v.grid_blocks > 0) {
                int per_sm = 0;
                CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, v.kernel, v.block_threads,
                                                                         v.dyn_smem));
                if (per_sm > 0)
                    v.waves = (double)v.grid_blocks / ((double)per_sm * dev_.sm_count);
            }
        }
    }

    /* ---- timing ---- */

    float time_reps(Variant &v, int reps, cudaEvent_t e0, cudaEvent_t e1)
    {
        CUDA_CHECK(cudaEventRecord(e0));
        for (int r = 0; r < reps; r++) {
            v.launch();
            GL_CHECK_LAUNCH();
        }
        CUDA_CHECK(cudaEventRecord(e1));
        CUDA_CHECK(cudaEventSynchronize(e1));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
        return ms;
    }

    void time_all()
    {
        cudaEvent_t e0, e1;
        CUDA_CHECK(cudaEventCreate(&e0));
        CUDA_CHECK(cudaEventCreate(&e1));
        std::vector<Variant *> timed;
        if (variants_[0].correct)
            for (Variant &v : variants_)
                if (v.correct)
                    timed.push_back(&v);

        /* warm-up, and the repeat count, chosen once per variant */
        for (Variant *v : timed) {
            for (int w = 0; w < 3; w++) {
                v->launch();
                GL_CHECK_LAUNCH();
            }
            CUDA_CHECK(cudaDeviceSynchronize());
            float one[3];
            for (int t = 0; t < 3; t++)
                one[t] = time_reps(*v, 1, e0, e1);
            std::sort(one, one + 3);
            double est = std::max(1e-4, (double)one[1]);
            int reps = (int)std::ceil(GL_TARGET_SAMPLE_MS / est);
            reps = std::max(1, std::min(reps, 1 << 20));
            for (int tries = 0; tries < 20 && time_reps(*v, reps, e0, e1) < GL_MIN_SAMPLE_MS; tries++)
                reps = std::min(reps * 2, 1 << 22);
            v->reps = reps;
        }

        /* interleaved samples: A B C A B C ... */
        for (int s = 0; s < samples_; s++)
            for (Variant *v : timed)
                v->samples.push_back((double)time_reps(*v, v->reps, e0, e1) / v->reps);

        CUDA_CHECK(cudaEventDestroy(e0));
        CUDA_CHECK(cudaEventDestroy(e1));
    }

    void summarize()
    {
        Variant &b = variants_[0];
        all_correct_ = true;
        for (Variant &v : variants_) {
            all_correct_ = all_correct_ && v.correct;
            if (v.samples.empty())
                continue;
            v.median = gl_median(v.samples.data(), v.samples.size());
            v.min = gl_min(v.samples.data(), v.samples.size());
            v.max = gl_max(v.samples.data(), v.samples.size());
            if (!b.samples.empty() && b.samples.size() == v.samples.size()) {
                v.speedup = gl_speedup(b.samples.data(), b.samples.size(), v.samples.data(), v.samples.size());
                gl_paired_spread(b.samples.data(), v.samples.data(), v.samples.size(), &v.p10, &v.p90);
            }
        }
        for (size_t i = 1; i < variants_.size(); i++) {
            const Variant &v = variants_[i];
            if (v.correct && std::isfinite(v.speedup) && (best_ < 0 || v.speedup > variants_[best_].speedup))
                best_ = (int)i;
        }
        double sp = best_ >= 0 ? variants_[best_].speedup : NAN;
        double p10 = best_ >= 0 ? variants_[best_].p10 : NAN;
        double p90 = best_ >= 0 ? variants_[best_].p90 : NAN;
        verdict_ = gl_verdict_of(all_correct_ ? 1 : 0, sp, p10, p90);
    }

    static double rate(double amount, double ms)
    {
        if (!(amount > 0.0) || !(ms > 0.0))
            return NAN;
        return amount / (ms * 1e-3) / 1e9;
    }

    /* a number for the table, "-" when not measured / not meaningful */
    static std::string cell(double v, const char *fmt)
    {
        if (!std::isfinite(v))
            return "-";
        char b[40];
        std::snprintf(b, sizeof b, fmt, v);
        return b;
    }

    void print_table() const
    {
        std::printf("\n%-22s %10s %10s %10s %9s %9s %5s %6s %6s %7s %8s %-16s\n", "variant", "median_ms", "min_ms",
                    "max_ms", "GB/s", "Gop/s", "regs", "local", "waves", "correct", "speedup", "paired p10..p90");
        for (const Variant &v : variants_) {
            std::string spread = std::isfinite(v.p10) ? cell(v.p10, "%.3f") + ".." + cell(v.p90, "%.3f") : "-";
            std::printf("%-22s %10s %10s %10s %9s %9s %5s %6s %6s %7s %8s %-16s\n", v.name.c_str(),
                        cell(v.median, "%.4f").c_str(), cell(v.min, "%.4f").c_str(), cell(v.max, "%.4f").c_str(),
                        cell(rate(v.bytes, v.median), "%.1f").c_str(), cell(rate(v.ops, v.median), "%.1f").c_str(),
                        v.regs >= 0 ? std::to_string(v.regs).c_str() : "-",
                        v.local_bytes >= 0 ? std::to_string(v.local_bytes).c_str() : "-", cell(v.waves, "%.1f").c_str(),
                        v.correct ? "yes" : "NO", cell(v.speedup, "%.3fx").c_str(), spread.c_str());
        }
        std::printf(before_check_ ? "\ncorrectness (every buffer restored before each variant; what the kernel writes compared):\n"
                                  : "\ncorrectness (output poisoned with 0xFF before each variant):\n");
        for (const Variant &v : variants_)
            std::printf("  %-22s %s\n", v.name.c_str(), v.check.c_str());
        for (const std::string &n : notes_)
            std::printf("note: %s\n", n.c_str());
        if (best_ >= 0)
            std::printf("verdict: %s (best fix \"%s\": %.3fx, paired p10..p90 %.3f..%.3f; confirmed needs >= %.2fx "
                        "and p10 > %.2f)\n\n",
                        gl_verdict_name(verdict_), variants_[best_].name.c_str(), variants_[best_].speedup,
                        variants_[best_].p10, variants_[best_].p90, GL_CONFIRM_SPEEDUP, GL_CONFIRM_P10);
        else
            std::printf("verdict: %s (no correct fix was timed)\n\n", gl_verdict_name(verdict_));
        std::fflush(stdout);
    }

    void print_json() const
    {
        std::string j = "{";
        auto str = [](const std::string &s) { return std::string("\"") + json_escape(s.c_str()) + "\""; };
        j += "\"finding_id\":" + str(finding_id_);
        j += ",\"rule\":" + str(rule_);
        j += ",\"location\":" + str(location_);
        j += ",\"gpu\":" + str(dev_.name);
        j += ",\"cc\":" + str(std::to_string(dev_.cc_major) + "." + std::to_string(dev_.cc_minor));
        j += ",\"sm_count\":" + std::to_string(dev_.sm_count);
        j += ",\"l2_bytes\":" + std::to_string((unsigned long long)dev_.l2_bytes);
        j += ",\"driver\":" + str(version_string(dev_.driver));
        j += ",\"runtime\":" + str(version_string(dev_.runtime));
        j += ",\"samples\":" + std::to_string(samples_);
        j += std::string(",\"quick\":") + (quick_ ? "true" : "false");
        j += ",\"seed\":" + std::to_string(seed_);
        j += ",\"alloc_bytes\":" + std::to_string((unsigned long long)allocated_);
        j += ",\"params\":{";
        for (size_t i = 0; i < params_.size(); i++)
            j += (i ? "," : "") + params_[i];
        j += "},\"variants\":[";
        for (size_t i = 0; i < variants_.size(); i++) {
            const Variant &v = variants_[i];
            j += i ? ",{" : "{";
            j += "\"name\":" + str(v.name);
            j += ",\"median_ms\":" + json_num(v.median);
            j += ",\"min_ms\":" + json_num(v.min);
            j += ",\"max_ms\":" + json_num(v.max);
            j += ",\"gbps\":" + json_num(rate(v.bytes, v.median));
            j += ",\"gops\":" + json_num(rate(v.ops, v.median));
            j += ",\"regs\":" + (v.regs >= 0 ? std::to_string(v.regs) : std::string("null"));
            j += ",\"local_bytes\":" + (v.local_bytes >= 0 ? std::to_string(v.local_bytes) : std::string("null"));
            j += ",\"waves\":" + json_num(v.waves);
            j += ",\"reps\":" + std::to_string(v.reps);
            j += std::string(",\"correct\":") + (v.correct ? "true" : "false");
            j += ",\"check\":" + str(v.check);
            j += ",\"speedup\":" + json_num(v.speedup);
            j += ",\"spread\":[" + json_num(v.p10) + "," + json_num(v.p90) + "]";
            j += "}";
        }
        j += "]";
        if (best_ >= 0) {
            const Variant &v = variants_[best_];
            j += ",\"best_fix\":" + str(v.name);
            j += ",\"best_speedup\":" + json_num(v.speedup);
            j += ",\"best_spread\":[" + json_num(v.p10) + "," + json_num(v.p90) + "]";
        } else {
            j += ",\"best_fix\":null,\"best_speedup\":null,\"best_spread\":[null,null]";
        }
        j += ",\"verdict\":" + str(gl_verdict_name(verdict_));
        j += ",\"notes\":[";
        for (size_t i = 0; i < notes_.size(); i++)
            j += (i ? "," : "") + str(notes_[i]);
        j += "]}";
        std::printf("GPULINT_RESULT %s\n", j.c_str());
        std::fflush(stdout);
    }
};

} /* namespace gl */

#endif /* GPULINT_BENCH_H */
