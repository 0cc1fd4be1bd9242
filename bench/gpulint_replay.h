/*
 * gpulint_replay.h: replays of the user's own kernel, on top of gpulint_bench.h.
 *
 * A replay is DIR/<finding-id>.replay/: written.cu (a copy of the user's
 * file, main renamed, with an appended launcher), fixed.cu (the copy with the
 * finding's fix applied, when the fix is a source edit), each built by nvcc
 * into a shared object (written.so, fixed.so) that exports
 *     extern "C" cudaError_t gpulint_replay_launch(dim3, dim3, void **, size_t, cudaStream_t);
 *     extern "C" const void *gpulint_replay_kernel(void);
 * and bench.cu, which gpulint generates with the kernel's parameters as a
 * table of ReplayParam and uses this header:
 *     gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
 *     gl::Replay r(b, params, nparams, shared_bytes);
 *     r.variant("as written", "written.so", grid, block);
 *     r.variant("fixed", "fixed.so", grid, block);
 *     return r.run();
 * Each object is loaded with RTLD_LAZY | RTLD_LOCAL, so the two copies' symbols (and
 * whatever else the user's file defines) never meet.
 *
 * Inputs: every pointer parameter gets a buffer of the bytes gpulint's model
 * says its accesses reach at the replay's launch (a guard size, stated, when
 * the model has no bound); floats are filled in [0.5, 1.5), integers in
 * [0, the smallest other buffer's element count) so that an index array
 * indexes within the buffers it may index.  Before each variant's check run
 * every buffer is restored from a pristine copy (kernels may update in
 * place); what the kernel writes is gathered and compared with the kernel as
 * written (the reference).
 */
#ifndef GPULINT_REPLAY_H
#define GPULINT_REPLAY_H

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <string>
#include <vector>

namespace gl {

struct ReplayParam {
    const char *name;
    enum Kind { Ptr, Val, Rec } kind; /* Rec: a struct the launcher makes */
    enum Elem { F32, F64, Int, Raw } elem;
    int bytes;          /* the element's (Ptr) or the value's (Val) size */
    bool written;       /* Ptr: the kernel stores through it */
    long long extent;   /* Ptr: bytes its accesses reach, -1 unknown */
    const char *value;  /* Val: the value, as text */
};

/* A scalar as the launcher reads it: an integer and a floating value (the
 * kernel's own parameter type picks one and converts). */
struct ReplaySlot {
    long long i;
    double d;
};

typedef cudaError_t (*ReplayLaunchFn)(dim3, dim3, void **, size_t, cudaStream_t);
typedef const void *(*ReplayKernelFn)(void);

template <class T> __global__ void fill_index_kernel(T *p, size_t n, uint32_t seed, unsigned long long limit)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = (T)(hash_index(i, seed) % limit);
}

/* 16-bit floats (half, bfloat16 read as raw bits): values near 1.0 in
 * either format's exponent, never NaN or infinity. */
static __global__ void fill_half_kernel(uint16_t *p, size_t n, uint32_t seed)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = (uint16_t)(0x3C00u | (hash_index(i, seed) & 0x3FFu));
}

class Replay {
  public:
    Replay(Bench &b, const ReplayParam *params, int n, size_t shared_bytes)
        : b_(b), params_(params, params + n), shared_(shared_bytes)
    {
        allocate();
    }

    Variant &variant(const char *name, const char *object, dim3 grid, dim3 block)
    {
        std::string path = here() + "/" + object;
        /* lazily: host functions of the user's other files that the copy names but the
         * kernel never calls stay unresolved */
        void *h = dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
        if (!h) {
            std::fprintf(stderr, "replay: cannot load %s: %s\n", path.c_str(), dlerror());
            std::exit(3);
        }
        ReplayLaunchFn launch = (ReplayLaunchFn)dlsym(h, "gpulint_replay_launch");
        ReplayKernelFn kernel = (ReplayKernelFn)dlsym(h, "gpulint_replay_kernel");
        if (!launch || !kernel) {
            std::fprintf(stderr, "replay: %s has no gpulint_replay_launch/gpulint_replay_kernel\n", path.c_str());
            std::exit(3);
        }
        void **args = args_.data();
        size_t shared = shared_;
        Variant &v = b_.add_variant(name, kernel(), [=] { CUDA_CHECK(launch(grid, block, args, shared, 0)); });
        v.set_shape((long long)grid.x * grid.y * grid.z, (int)(block.x * block.y * block.z), shared_);
        double bytes = 0;
        for (size_t i = 0; i < params_.size(); i++)
            if (params_[i].kind == ReplayParam::Ptr && params_[i].extent > 0)
                bytes += (double)params_[i].extent;
        if (bytes > 0)
            v.set_bytes(bytes); /* an upper bound of the bytes the kernel reaches: GB/s is indicative */
        return v;
    }

    int run()
    {
        b_.set_check_hooks([this] { restore(); }, [this] { gather(); });
        return b_.run();
    }

  private:
    Bench &b_;
    std::vector<ReplayParam> params_;
    size_t shared_;
    std::vector<void *> dev_, pristine_;
    std::vector<size_t> bytes_;
    std::vector<ReplaySlot> scalars_;
    std::vector<void *> args_;
    unsigned char *out_ = nullptr;

    static std::string here()
    {
        char buf[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
        if (n <= 0)
            return ".";
        buf[n] = 0;
        std::string s(buf);
        size_t slash = s.rfind('/');
        return slash == std::string::npos ? "." : s.substr(0, slash);
    }

    /* Buffer sizes: the model's extent (rounded up, 256 bytes of slack), or
     * a guard of 64 MiB, or four times the largest known extent. */
    void size_buffers()
    {
        long long largest = 0;
        size_t nptr = 0;
        for (const ReplayParam &p : params_)
            if (p.kind == ReplayParam::Ptr) {
                nptr++;
                largest = std::max(largest, p.extent);
            }
        size_t guard = std::max((size_t)64 << 20, (size_t)largest * 4);
        size_t cap = nptr ? b_.mem_budget() / (2 * nptr) : 0;
        for (size_t i = 0; i < params_.size(); i++) {
            const ReplayParam &p = params_[i];
            size_t n = 0;
            if (p.kind == ReplayParam::Ptr) {
                n = p.extent > 0 ? ((size_t)p.extent + 255) / 256 * 256 + 256 : guard;
                if (n > cap) {
                    std::fprintf(stderr, "replay: buffer %s needs %.1f MiB, more than this GPU's share (%.1f MiB)\n",
                                 p.name, n / 1048576.0, cap / 1048576.0);
                    std::exit(3);
                }
                char note[256];
                std::snprintf(note, sizeof note, "buffer %s: %.2f MiB (%s)", p.name, n / 1048576.0,
                              p.extent > 0 ? "the bytes its accesses reach at this launch, from the model"
                                           : "a guard size: the model has no bound for its accesses");
                b_.note(note);
            }
            bytes_.push_back(n);
        }
    }

    void fill(size_t i, size_t count_limit)
    {
        const ReplayParam &p = params_[i];
        void *d = dev_[i];
        size_t n = bytes_[i];
        unsigned long long limit = std::max<unsigned long long>(1, count_limit);
        if (p.elem == ReplayParam::F32 && p.bytes == 4) {
            b_.fill((float *)d, n / 4, (uint32_t)i + 1);
        } else if (p.elem == ReplayParam::F64 && p.bytes == 8) {
            b_.fill((double *)d, n / 8, (uint32_t)i + 1);
        } else if (p.elem == ReplayParam::Int && p.bytes == 8) {
            fill_index_kernel<uint64_t><<<256, 256>>>((uint64_t *)d, n / 8, b_.seed() + (uint32_t)i, limit);
        } else if (p.elem == ReplayParam::Int && p.bytes == 4) {
            fill_index_kernel<uint32_t><<<256, 256>>>((uint32_t *)d, n / 4, b_.seed() + (uint32_t)i,
                                                      std::min(limit, 0x7fffffffULL));
        } else if (p.elem == ReplayParam::Int && p.bytes == 2) {
            fill_index_kernel<uint16_t><<<256, 256>>>((uint16_t *)d, n / 2, b_.seed() + (uint32_t)i,
                                                      std::min(limit, 0x7fffULL));
        } else if (p.bytes == 2) {
            fill_half_kernel<<<256, 256>>>((uint16_t *)d, n / 2, b_.seed() + (uint32_t)i);
        } else { /* bytes, records: small byte values (no NaN in a float field) */
            fill_index_kernel<uint8_t><<<256, 256>>>((uint8_t *)d, n, b_.seed() + (uint32_t)i, 64);
        }
        GL_CHECK_LAUNCH();
        CUDA_CHECK(cudaDeviceSynchronize());
    }

    static ReplaySlot scalar(const ReplayParam &p)
    {
        ReplaySlot s;
        s.d = p.kind == ReplayParam::Val ? std::strtod(p.value, nullptr) : 0.0;
        s.i = p.elem == ReplayParam::Int ? std::strtoll(p.value, nullptr, 10) : (long long)s.d;
        return s;
    }

    void allocate()
    {
        size_buffers();
        size_t smallest = SIZE_MAX;
        for (size_t i = 0; i < params_.size(); i++)
            if (params_[i].kind == ReplayParam::Ptr && params_[i].elem != ReplayParam::Int)
                smallest = std::min(smallest, bytes_[i] / (size_t)std::max(1, params_[i].bytes));
        scalars_.resize(params_.size());
        dev_.assign(params_.size(), nullptr);
        pristine_.assign(params_.size(), nullptr);
        size_t out_bytes = 0;
        bool all_f32 = true, all_f64 = true, any = false;
        for (size_t i = 0; i < params_.size(); i++) {
            const ReplayParam &p = params_[i];
            if (p.kind != ReplayParam::Ptr) {
                scalars_[i] = scalar(p);
                continue;
            }
            dev_[i] = b_.alloc<unsigned char>(bytes_[i]);
            pristine_[i] = b_.alloc<unsigned char>(bytes_[i]);
            fill(i, smallest == SIZE_MAX ? 1024 : smallest);
            CUDA_CHECK(cudaMemcpy(pristine_[i], dev_[i], bytes_[i], cudaMemcpyDeviceToDevice));
            if (p.written) {
                out_bytes += bytes_[i];
                any = true;
                all_f32 = all_f32 && p.elem == ReplayParam::F32 && p.bytes == 4;
                all_f64 = all_f64 && p.elem == ReplayParam::F64 && p.bytes == 8;
            }
        }
        for (size_t i = 0; i < params_.size(); i++)
            args_.push_back(params_[i].kind == ReplayParam::Ptr ? (void *)&dev_[i] : (void *)&scalars_[i]);
        if (!any) { /* no store the model sees: every buffer is compared */
            for (size_t i = 0; i < params_.size(); i++)
                if (params_[i].kind == ReplayParam::Ptr) {
                    params_[i].written = true;
                    out_bytes += bytes_[i];
                }
            all_f32 = all_f64 = false;
            b_.note("the model sees no store: every buffer is compared");
        }
        out_ = b_.alloc<unsigned char>(out_bytes);
        if (all_f32 && out_bytes)
            b_.set_output((float *)out_, out_bytes / 4);
        else if (all_f64 && out_bytes)
            b_.set_output((double *)out_, out_bytes / 8);
        else
            b_.set_output(out_, std::max<size_t>(out_bytes, 1));
    }

    void restore()
    {
        for (size_t i = 0; i < params_.size(); i++)
            if (dev_[i])
                CUDA_CHECK(cudaMemcpy(dev_[i], pristine_[i], bytes_[i], cudaMemcpyDeviceToDevice));
    }

    void gather()
    {
        size_t at = 0;
        for (size_t i = 0; i < params_.size(); i++)
            if (dev_[i] && params_[i].written) {
                CUDA_CHECK(cudaMemcpy(out_ + at, dev_[i], bytes_[i], cudaMemcpyDeviceToDevice));
                at += bytes_[i];
            }
    }
};

} // namespace gl

#endif
