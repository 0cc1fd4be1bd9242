/* parse.c - libclang set-up and parsing (see frontend.h and parse.h).
 *
 * Default flags follow docs (libclang-notes): the device side of the CUDA
 * job, C++17, the bundled shim pre-included (through a PCH made at build
 * time when it matches this libclang), KeepGoing so one missing header does
 * not hide the rest.  In auto mode a file whose missing include is a CUDA
 * library header is parsed again with the real toolkit headers, if present. */
#include "frontend/dialect.h"
#include "frontend/file_language.h"
#include "frontend/install.h"
#include "frontend/opencl_build_types.h"
#include "frontend/opencl_std.h"
#include "frontend/parse.h"
#include "frontend/host_wrappers.h"
#include "frontend/trusted_files.h"
#include "frontend/prelude_macros.h"
#include "frontend/toolkit_pch.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Precompiled variants of the shim, smallest first: a PCH costs in
 * proportion to what it holds, so each file gets the smallest one that covers
 * the heavy C++ headers it includes itself (measured: a <vector> file 496 M
 * instructions with the shim PCH, 337 M with the vector PCH; a file without
 * C++ headers 170 M vs 296 M).  The C++ variant also serves a file whose
 * include closure reaches those headers through the project's own headers
 * (an arrayfire kernel header: 300 ms -> 45 ms). */
typedef struct {
    const char *suffix;      /* appended to the PCH path ("" for the shim) */
    const char *header;      /* in include/shim */
    const char *const *triggers;
    const char *name;        /* in -v */
} PchVariant;

static const char *const vector_triggers[] = {"vector", "algorithm", "numeric", NULL};
static const char *const iostream_triggers[] = {"iostream", "string", "sstream", "fstream", "iomanip", NULL};
static const char *const cxx_triggers[] = {"complex", "mutex", "memory", "functional", "map",
                                           "unordered_map", "array", "tuple", "stdexcept", NULL};
static const PchVariant pch_variants[] = {
    {"", "gpulint_cuda_shim.h", NULL, "shim"},
    {".vector", "gpulint_pch_vector.h", vector_triggers, "shim+vector"},
    {".iostream", "gpulint_pch_iostream.h", iostream_triggers, "shim+iostream"},
    {".cxx", "gpulint_pch_cxx.h", cxx_triggers, "shim+cxx"},
};
#define NPCH ((int)(sizeof pch_variants / sizeof pch_variants[0]))

/* A precompiled toolkit prelude this process has looked for: state 1 ready
 * (path), -1 none this run (failed to load), 0 not yet (asked again for the
 * next file). */
typedef struct {
    PreludeNeed need;
    char *config;                /* the toolkit configuration flags, joined */
    signed char state;
    bool buildable;              /* the prelude applies: from its PCH or its header (not TOOLKIT_PCH_NONE) */
    char path[PATH_MAX + 192];
} ToolkitPchSlot;

struct Frontend {
    FrontendOptions o;
    CXIndex index;
    char shim_dir[PATH_MAX];
    char wavefront_define[48]; /* -D__AMDGCN_WAVEFRONT_SIZE=N of the current HIP parse */
    char frameworks_dir[PATH_MAX]; /* stand-ins for frameworks' kernel-facing headers */
    char overlay_dir[PATH_MAX];
    char pch[PATH_MAX];
    char cuda_path[PATH_MAX];
    char rocm_path[PATH_MAX];   /* ROCm's HIP headers (frontend_find_rocm), "" when none */
    const GpuLanguage *language; /* parse_language's for the file language_of (NULL: none yet) */
    char language_of[PATH_MAX];
    int rocm_major;             /* its HIP_VERSION_MAJOR */
    bool parse_rocm;            /* the current parse is HIP with ROCm's headers */
    char rocm_arch[64], rocm_path_arg[PATH_MAX + 16];
    char resource_dir_arg[PATH_MAX + 16]; /* "-resource-dir=..." for real headers, or "" */
    char opencl_host_dir[PATH_MAX]; /* the stub <CL/cl.h> for scanning host files */
    char opencl_vendor_header[PATH_MAX + 48]; /* vendor extensions' built-in functions, pre-included */
    OpenclHostCache *opencl_hosts;
    HostWrapperCache *wrapper_hosts;  /* made on first use */
    bool pch_failed[NPCH];   /* a variant did not load once: stop trying it */
    /* The file being parsed, when its text comes from memory (an editor's
     * unsaved buffer, a fuzzer) rather than from disk. */
    struct CXUnsavedFile unsaved;
    bool has_unsaved;
    /* while a parse has the prelude's header from source: the file's -D
     * macros, included after it (prelude_macros.h); Length 0 otherwise */
    struct CXUnsavedFile after_prelude;
    /* OpenCL: a virtual header put before the file (parse_opencl.c), then
     * the unwrapped text of the headers it includes that are kept as raw
     * strings */
    struct CXUnsavedFile build_types[1 + BUILD_MAX_HEADERS];
    int nbuild_types;
    const FrontendBuffer *others; /* other files' unsaved text (an editor's open headers) */
    int nothers;
    KeptTu *kept;                /* the next parse keeps its TU here (a kept document) */
    const FileArgs *file_args;   /* the file's own flags (project.h), or NULL */
    char cccl_dir[PATH_MAX];     /* <cuda>/include/cccl (CUDA 13 layout), "" if absent */
    bool force_opencl;           /* a host file's kernel string is being parsed */
    char cl_std[16];             /* the OpenCL C version of the file being parsed (opencl_std.c) */
    /* the precompiled toolkit preludes, one per prelude and toolkit
     * configuration (-DCUDA_NO_HALF ...), looked up on first use */
    ToolkitPchSlot *toolkit_pchs;
    int ntoolkit_pchs;
};

Frontend *frontend_new(const FrontendOptions *o, char *err, int errsize)
{
    Frontend *fe = calloc(1, sizeof *fe);
    if (!fe) {
        snprintf(err, (size_t)errsize, "out of memory");
        return NULL;
    }
    fe->o = *o;
    /* excludeDeclarationsFromPCH: walking the TU skips what a PCH holds (the
     * shim, a toolkit prelude) instead of deserializing all of it */
#if CINDEX_VERSION_MINOR >= 64
    /* Kept documents' preambles in memory, not in temporary files: a
     * language server's worker killed in an analysis would leave them
     * behind (libclang 17+). */
    CXIndexOptions io;
    memset(&io, 0, sizeof io);
    io.Size = sizeof io;
    io.ExcludeDeclarationsFromPCH = 1;
    io.StorePreamblesInMemory = 1;
    fe->index = clang_createIndexWithOptions(&io);
#else
    fe->index = clang_createIndex(1, 0);
#endif
    if (!fe->index) {
        snprintf(err, (size_t)errsize, "libclang could not create an index");
        free(fe);
        return NULL;
    }
    snprintf(fe->shim_dir, sizeof fe->shim_dir, "%s/include/shim", o->data_dir);
    /* under the shim's directory: its headers are gpulint's own, never the project's */
    snprintf(fe->frameworks_dir, sizeof fe->frameworks_dir, "%s/include/shim/frameworks", o->data_dir);
    snprintf(fe->overlay_dir, sizeof fe->overlay_dir, "%s/include/overlay/clang%d", o->data_dir,
             frontend_libclang_major() >= 17 ? 19 : 14);
    snprintf(fe->opencl_host_dir, sizeof fe->opencl_host_dir, "%s/include/opencl", o->data_dir);
    snprintf(fe->opencl_vendor_header, sizeof fe->opencl_vendor_header, "%s/device/gpulint_opencl_vendor.h",
             fe->opencl_host_dir);
    if (o->pch_path) snprintf(fe->pch, sizeof fe->pch, "%s", o->pch_path);
    frontend_find_cuda(o->cuda_path, fe->cuda_path, sizeof fe->cuda_path);
    frontend_find_rocm(fe->rocm_path, sizeof fe->rocm_path, &fe->rocm_major);
    char resource_dir[PATH_MAX];
    frontend_find_resource_dir(resource_dir, sizeof resource_dir);
    if (resource_dir[0]) snprintf(fe->resource_dir_arg, sizeof fe->resource_dir_arg, "-resource-dir=%s", resource_dir);
    if (fe->cuda_path[0]) {
        struct stat st;
        int n = snprintf(fe->cccl_dir, sizeof fe->cccl_dir, "%.*s/include/cccl", PATH_MAX - 32, fe->cuda_path);
        if (n <= 0 || stat(fe->cccl_dir, &st) != 0 || !S_ISDIR(st.st_mode)) fe->cccl_dir[0] = 0;
    }
    return fe;
}

void frontend_free(Frontend *fe)
{
    if (!fe) return;
    opencl_host_cache_free(fe->opencl_hosts);
    host_wrapper_cache_free(fe->wrapper_hosts);
    clang_disposeIndex(fe->index);
    for (int i = 0; i < fe->ntoolkit_pchs; i++) free(fe->toolkit_pchs[i].config);
    free(fe->toolkit_pchs);
    free(fe);
}

const char *frontend_cuda_path(const Frontend *fe)
{
    return fe->cuda_path;
}

void frontend_options_cuda_path(const FrontendOptions *o, char *out, size_t n)
{
    frontend_find_cuda(o->cuda_path, out, n);
}

void frontend_set_file_args(Frontend *fe, const FileArgs *fa)
{
    fe->file_args = fa;
    fe->language = NULL; /* decided again with the new flags */
}

const char *frontend_shim_dir(const Frontend *fe)
{
    return fe->shim_dir;
}

const char *frontend_frameworks_dir(const Frontend *fe)
{
    return fe->frameworks_dir;
}

const FrontendOptions *frontend_options(const Frontend *fe)
{
    return &fe->o;
}

OpenclHostCache **frontend_opencl_hosts(Frontend *fe)
{
    return &fe->opencl_hosts;
}

HostWrapperCache *frontend_wrapper_hosts(Frontend *fe)
{
    if (!fe->wrapper_hosts) fe->wrapper_hosts = host_wrapper_cache_new();
    return fe->wrapper_hosts;
}

void frontend_force_opencl(Frontend *fe, bool on)
{
    fe->force_opencl = on;
}

/* The language a file is parsed as: a host file's kernel string is OpenCL
 * C; else file_language.h's (-x, the extension, a C++ file's HIP includes,
 * an AMD target). */
static const GpuLanguage *decide_language(const Frontend *fe, const char *path)
{
    if (fe->force_opencl) return language_info(LANG_OPENCL);
    bool unsaved = fe->has_unsaved && fe->unsaved.Filename && strcmp(fe->unsaved.Filename, path) == 0;
    return file_language(&fe->o, fe->file_args, path, unsaved ? fe->unsaved.Contents : NULL,
                         unsaved ? fe->unsaved.Length : 0);
}

/* The same, decided once for the file being parsed (a C++ file's is read
 * from its text and its neighbours'): kept until another file, its flags
 * or its buffer are set. */
static const GpuLanguage *parse_language(Frontend *fe, const char *path)
{
    if (fe->force_opencl) return language_info(LANG_OPENCL);
    if (!fe->language || strcmp(fe->language_of, path) != 0) {
        fe->language = decide_language(fe, path);
        snprintf(fe->language_of, sizeof fe->language_of, "%s", path);
    }
    return fe->language;
}

static bool is_opencl(Frontend *fe, const char *path)
{
    return parse_language(fe, path)->id == LANG_OPENCL;
}

bool frontend_parses_as_opencl(const Frontend *fe, const char *path)
{
    return decide_language(fe, path)->id == LANG_OPENCL;
}

void frontend_set_unsaved(Frontend *fe, const char *path, const char *contents, unsigned long size)
{
    fe->has_unsaved = contents != NULL;
    fe->language = NULL;
    fe->unsaved.Filename = path;
    fe->unsaved.Contents = contents;
    fe->unsaved.Length = size;
}

void frontend_set_other_buffers(Frontend *fe, const FrontendBuffer *b, int n)
{
    fe->others = b;
    fe->nothers = n;
}

const FrontendBuffer *frontend_other_buffers(const Frontend *fe, int *n)
{
    *n = fe->nothers;
    return fe->others;
}

void frontend_set_kept(Frontend *fe, KeptTu *k)
{
    fe->kept = k;
}

void kept_tu_free(KeptTu *k)
{
    if (k->tu) clang_disposeTranslationUnit(k->tu);
    free(k->key);
    for (int i = 0; i < k->nincluded; i++) free(k->included[i]);
    free(k->included);
    free(k->included_depth);
    bool no_preamble = k->no_preamble; /* the document's, not the parse's */
    memset(k, 0, sizeof *k);
    k->no_preamble = no_preamble;
}

typedef struct {
    const char **v;
    int n;
} Args;

static void add(Args *a, const char *s)
{
    *VEC_PUSH(a->v, a->n) = s;
}

/* A flag OpenCL C takes from a file's project flags: macros and include
 * paths (the rest, -std=c++17 and nvcc's translations, is CUDA's). */
static bool opencl_takes(const char *x, bool *with_value)
{
    static const char *const with_next[] = {"-D", "-U", "-I", "-isystem", "-idirafter", "-include"};
    for (size_t i = 0; i < sizeof with_next / sizeof with_next[0]; i++)
        if (strcmp(x, with_next[i]) == 0) {
            *with_value = true;
            return true;
        }
    *with_value = false;
    return strncmp(x, "-D", 2) == 0 || strncmp(x, "-U", 2) == 0 || strncmp(x, "-I", 2) == 0;
}

/* Adds args[i] (and a bare -D's value) unless the header after the
 * prelude defines it; returns the index of the last argument used. */
static int add_unless_moved(Frontend *fe, Args *a, const char *const *args, int n, int i)
{
    int last = fe->after_prelude.Length ? prelude_macro_skip(args, n, i) : -1;
    if (last >= 0) return last;
    add(a, args[i]);
    if (strcmp(args[i], "-D") == 0 && i + 1 < n) add(a, args[++i]);
    return i;
}

/* The file's own flags (project discovery, compile database, config), those
 * of a build for the target's vendor (`vendor`: 0 NVIDIA, 1 AMD, -1 none),
 * then the user's macros again so that they win over the project's. */
static void add_file_args(Frontend *fe, Args *a, bool opencl, int vendor)
{
    const FileArgs *fa = fe->file_args;
    if (!fa || (!fa->nargs && (vendor < 0 || !fa->nvendor_args[vendor]))) return;
    for (int i = 0; vendor >= 0 && i < fa->nvendor_args[vendor]; i++)
        i = add_unless_moved(fe, a, fa->vendor_args[vendor], fa->nvendor_args[vendor], i);
    for (int i = 0; i < fa->nargs; i++) {
        bool with_value = false;
        if (!opencl) {
            i = add_unless_moved(fe, a, fa->args, fa->nargs, i);
        } else if (opencl_takes(fa->args[i], &with_value)) {
            add(a, fa->args[i]);
            if (with_value && i + 1 < fa->nargs) add(a, fa->args[++i]);
        }
    }
    for (int i = 0; i < fe->o.nextra; i++) {
        const char *x = fe->o.extra[i];
        if (strncmp(x, "-D", 2) == 0) {
            i = add_unless_moved(fe, a, (const char *const *)fe->o.extra, fe->o.nextra, i);
        } else if (strcmp(x, "-U") == 0 && i + 1 < fe->o.nextra) {
            add(a, x);
            add(a, fe->o.extra[++i]);
        } else if (strncmp(x, "-U", 2) == 0) {
            add(a, x);
        }
    }
}

/* -x and the language's fixed flags (model/language.h) around its standard. */
static void add_language_flags(Args *a, const GpuLanguage *lang, const char *std_flag)
{
    add(a, "-x");
    add(a, lang->clang_x ? lang->clang_x : lang->x_name);
    add(a, std_flag);
    for (const char *const *f = lang->parse_flags; *f; f++) add(a, *f);
}

/* OpenCL C: clang's own opencl-c.h builtins, no CUDA shim, no PCH (measured
 * in docs/opencl.md: an OpenCL file parses faster than a CUDA file with the
 * shim PCH). */
static void build_opencl_args(Frontend *fe, Args *a, char *std_buf, char *version_buf)
{
    snprintf(std_buf, 64, "-cl-std=%s", fe->cl_std[0] ? fe->cl_std : fe->o.cl_std ? fe->o.cl_std : "CL1.2");
    add_language_flags(a, language_info(LANG_OPENCL), std_buf);
    /* every OpenCL driver defines the device's version (clang only
     * __OPENCL_C_VERSION__): code shared with the host tests it */
    const char *v = strchr(std_buf, '=') + 1; /* "CL1.2" */
    if (strlen(v) == 5 && isdigit((unsigned char)v[2]) && isdigit((unsigned char)v[4])) {
        snprintf(version_buf, 64, "-D__OPENCL_VERSION__=%c%c0", v[2], v[4]);
        add(a, version_buf);
    }
    add(a, "-include");
    add(a, fe->opencl_vendor_header);
    for (int i = 0; i < fe->o.nextra; i++) add(a, fe->o.extra[i]);
    add_file_args(fe, a, true, -1);
    if (fe->nbuild_types) {
        add(a, "-include");
        add(a, fe->build_types[0].Filename);
    }
}

/* HIP with ROCm's headers: clang's HIP mode for the AMD target, device
 * code only, no device libraries (nothing is linked); clang's wrapper
 * includes hip_runtime.h as hipcc's does. */
static void build_rocm_args(Frontend *fe, Args *a, const GpuLanguage *lang, char *std_buf)
{
    snprintf(std_buf, 64, "-std=%s", fe->o.std ? fe->o.std : "c++17");
    add(a, "-x");
    add(a, "hip");
    add(a, std_buf);
    bool assumed;
    const char *arch;
    file_target(&fe->o, fe->file_args, lang, &assumed, &arch);
    snprintf(fe->rocm_arch, sizeof fe->rocm_arch, "--offload-arch=%s", arch);
    static const char *const fixed[] = {"--offload-device-only", "-nogpulib", "-Wno-unused-result",
                                        "-Wno-c++11-narrowing", "-ferror-limit=1000"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) add(a, fixed[i]);
    add(a, fe->rocm_arch);
    if (strcmp(fe->rocm_path, "/usr") != 0) {
        snprintf(fe->rocm_path_arg, sizeof fe->rocm_path_arg, "--rocm-path=%s", fe->rocm_path);
        add(a, fe->rocm_path_arg);
    }
    if (fe->resource_dir_arg[0]) add(a, fe->resource_dir_arg);
    for (int i = 0; i < fe->o.nextra; i++) i = add_unless_moved(fe, a, (const char *const *)fe->o.extra, fe->o.nextra, i);
    add_file_args(fe, a, false, 1);
    add(a, "-idirafter");
    add(a, fe->frameworks_dir);
}

/* Builds the argument list; `pch`: pre-include through this PCH (the shim's,
 * or with `real` a toolkit prelude's); else with `real`, `prelude`: the
 * toolkit prelude's header, pre-included from source; `own_flags`: add the
 * user's and the file's flags (not for a toolkit prelude's PCH, which all
 * files share). */
static void build_args(Frontend *fe, Args *a, const GpuLanguage *lang, bool real, const char *pch,
                       const char *prelude, char *std_buf, char *arch_buf, char *cuda_buf, bool own_flags)
{
    snprintf(std_buf, 64, "-std=%s", fe->o.std ? fe->o.std : "c++17");
    add_language_flags(a, lang, std_buf);
    snprintf(arch_buf, 64, "--cuda-gpu-arch=%s", frontend_gpu_arch());
    add(a, arch_buf);
    if (!real) {
        add(a, "-nocudainc");
        add(a, "-nocudalib");
        add(a, "--cuda-path=/nonexistent");
        add(a, "-I");
        add(a, fe->shim_dir);
        if (pch) {
            add(a, "-include-pch");
            add(a, pch);
        } else {
            add(a, "-include");
            add(a, "gpulint_cuda_shim.h");
        }
    } else {
        snprintf(cuda_buf, PATH_MAX + 16, "--cuda-path=%s", fe->cuda_path);
        add(a, cuda_buf);
        if (fe->resource_dir_arg[0]) add(a, fe->resource_dir_arg);
        add(a, "-I");
        add(a, fe->overlay_dir);
        if (fe->cccl_dir[0]) { /* CUDA 13: thrust, cub, cuda/std moved here */
            add(a, "-isystem");
            add(a, fe->cccl_dir);
        }
        if (frontend_libclang_major() < 17) {
            add(a, "-Xclang");
            add(a, "-fcuda-allow-variadic-functions");
        }
        if (pch) {
            add(a, "-include-pch");
            add(a, pch);
        } else if (prelude) {
            add(a, "-include");
            add(a, prelude);
            if (fe->after_prelude.Length) {
                add(a, "-include");
                add(a, fe->after_prelude.Filename);
            }
        }
    }
    if (!own_flags) return;
    bool amd = false;
    if (lang->amd_default_target) { /* HIP: the platform and wavefront width hipcc defines for the target */
        bool assumed;
        const char *arch;
        const GpuTarget *t = file_target(&fe->o, fe->file_args, lang, &assumed, &arch);
        amd = t->amd;
        add(a, t->amd ? "-D__HIP_PLATFORM_AMD__=1" : "-D__HIP_PLATFORM_NVIDIA__=1");
        add(a, t->amd ? "-D__HIP_PLATFORM_HCC__=1" : "-D__HIP_PLATFORM_NVCC__=1");
        if (t->amd) {
            snprintf(fe->wavefront_define, sizeof fe->wavefront_define, "-D__AMDGCN_WAVEFRONT_SIZE=%d", t->warp_width);
            add(a, fe->wavefront_define);
        }
    }
    for (const char *const *h = lang->implicit_includes; h && *h; h++) {
        add(a, "-include");
        add(a, *h);
    }
    for (int i = 0; i < fe->o.nextra; i++) i = add_unless_moved(fe, a, (const char *const *)fe->o.extra, fe->o.nextra, i);
    add_file_args(fe, a, false, amd ? 1 : 0);
    /* Searched after every other directory: a framework's real headers
     * (PyTorch's, found by discovery or the compile database) win; the
     * stand-ins only fill in for a checkout without them. */
    add(a, "-idirafter");
    add(a, fe->frameworks_dir);
}

static bool pch_path(const Frontend *fe, int variant, char *out, size_t n)
{
    int r = snprintf(out, n, "%s%s", fe->pch, pch_variants[variant].suffix);
    return r > 0 && (size_t)r < n && is_regular_file(out);
}

/* The highest score(name) over the file's own #include <name> lines. */
static int max_over_angled_includes(const Frontend *fe, const char *path, int (*score)(const char *name))
{
    if (fe->has_unsaved && fe->unsaved.Length == 0) return 0;
    FILE *f = fe->has_unsaved ? fmemopen((void *)fe->unsaved.Contents, fe->unsaved.Length, "r") : fopen(path, "rb");
    if (!f) return 0;
    int best = 0;
    char line[512], name[512];
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p != '#') continue;
        p++;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "include", 7) != 0) continue;
        const char *lt = strchr(p, '<'), *gt = lt ? strchr(lt, '>') : NULL;
        if (!gt) continue;
        memcpy(name, lt + 1, (size_t)(gt - lt - 1));
        name[gt - lt - 1] = 0;
        int v = score(name);
        if (v > best) best = v;
    }
    fclose(f);
    return best;
}

static int shim_variant_score(const char *name)
{
    for (int v = NPCH - 1; v >= 1; v--)
        for (const char *const *t = pch_variants[v].triggers; *t; t++)
            if (strcmp(name, *t) == 0) return v;
    return 0;
}

static int prelude_score(const char *name)
{
    return (int)frontend_prelude_for_include(name);
}

int frontend_shim_pch_for_include(const char *spelling)
{
    return shim_variant_score(spelling);
}

/* The smallest shim variant covering the heavy headers the file includes
 * itself, or its include closure (project.c, as for the toolkit's preludes:
 * a project header that includes <complex> is parsed from source otherwise;
 * not for code compiled at run time, engine.c). */
static int pch_variant_for(const Frontend *fe, const char *path)
{
    int own = max_over_angled_includes(fe, path, shim_variant_score);
    const FileArgs *fa = fe->file_args;
    return fa && fa->shim_pch > own ? fa->shim_pch : own;
}

/* The -D/-U of toolkit configuration macros among args (CUDA_NO_HALF,
 * THRUST_DEVICE_SYSTEM=...): they change what a prelude holds, so a prelude
 * is precompiled with them (one per configuration). */
static void add_toolkit_config(Args *config, const char *const *args, int n)
{
    for (int i = 0; i < n; i++) {
        const char *flag = args[i], *name = NULL, *value = NULL;
        if ((strcmp(flag, "-D") == 0 || strcmp(flag, "-U") == 0) && i + 1 < n) name = value = args[++i];
        else if (strncmp(flag, "-D", 2) == 0 || strncmp(flag, "-U", 2) == 0) name = flag + 2;
        if (!name || !frontend_is_toolkit_config_macro(name)) continue;
        add(config, flag);
        if (value) add(config, value);
    }
}

/* The argument list as one string: a kept TU is reparsed only when the
 * arguments a fresh parse would use are the same; a toolkit configuration's
 * key. */
static char *join_args(const Args *a)
{
    size_t n = 1;
    for (int i = 0; i < a->n; i++) n += strlen(a->v[i]) + 1;
    char *s = xmalloc(n), *p = s;
    for (int i = 0; i < a->n; i++) p += sprintf(p, "%s\n", a->v[i]);
    *p = 0;
    return s;
}

/* The precompiled toolkit prelude for a file parsed with the toolkit's
 * headers: the one its include closure needs (project.c; without project
 * flags, its own includes) for its toolkit configuration, as an index into
 * fe->toolkit_pchs, or -1; *buildable: when there is none (yet), whether
 * the file is to see the prelude's header from source instead. */
static int toolkit_pch_for(Frontend *fe, const char *path, PreludeNeed *need, bool *buildable)
{
    const FileArgs *fa = fe->file_args;
    *buildable = false; /* a closure that configures the toolkit's headers: no prelude */
    if (fa && fa->no_prelude) return -1;
    *need = fa ? fa->prelude : (PreludeNeed)max_over_angled_includes(fe, path, prelude_score);
    /* --no-pch, or flags the PCH was not made with: the prelude from source */
    *buildable = !fe->o.use_pch || (fa && fa->no_pch);
    if (*buildable) return -1;
    Args config = {NULL, 0};
    add_toolkit_config(&config, (const char *const *)fe->o.extra, fe->o.nextra);
    if (fa) add_toolkit_config(&config, fa->args, fa->nargs);
    char *key = join_args(&config);
    ToolkitPchSlot *slot = NULL;
    for (int i = 0; i < fe->ntoolkit_pchs && !slot; i++)
        if (fe->toolkit_pchs[i].need == *need && strcmp(fe->toolkit_pchs[i].config, key) == 0)
            slot = &fe->toolkit_pchs[i];
    if (slot) {
        free(key);
    } else {
        slot = VEC_PUSH(fe->toolkit_pchs, fe->ntoolkit_pchs);
        memset(slot, 0, sizeof *slot);
        slot->need = *need;
        slot->config = key;
    }
    if (!slot->state) {
        Args a = {NULL, 0};
        char std_buf[64], arch_buf[64], cuda_buf[PATH_MAX + 16];
        build_args(fe, &a, language_info(LANG_CUDA), true, NULL, NULL, std_buf, arch_buf, cuda_buf, false);
        for (int i = 0; i < config.n; i++) add(&a, config.v[i]);
        ToolkitPchRequest rq = {fe->index, *need, fe->o.data_dir, fe->cuda_path, frontend_libclang_version(),
                                a.v, a.n, fe->o.verbose};
        /* not there yet: being built in the background, asked again next file */
        ToolkitPchState st = toolkit_pch_get(&rq, slot->path, sizeof slot->path);
        if (st == TOOLKIT_PCH_READY) slot->state = 1;
        else if (st != TOOLKIT_PCH_PENDING) slot->state = -1; /* will not change in this run */
        slot->buildable = st != TOOLKIT_PCH_NONE;
        free(a.v);
    }
    free(config.v);
    *buildable = slot->buildable;
    return slot->state > 0 ? (int)(slot - fe->toolkit_pchs) : -1;
}

/* Why a PCH did not load: 0 it did, 1 it was made with other flags or
 * another libclang, 2 a header changed since it was made. */
static int pch_rejection(CXTranslationUnit tu)
{
    int why = 0;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n && !why; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_getDiagnosticSpelling(d);
            const char *m = clang_getCString(s);
            if (m && (strstr(m, "modified since") || strstr(m, "has been modified"))) why = 2;
            else if (m && (strstr(m, "precompiled header") || strstr(m, "PCH file") || strstr(m, "AST file"))) why = 1;
            clang_disposeString(s);
        }
        clang_disposeDiagnostic(d);
    }
    return why;
}

static bool pch_rejected(CXTranslationUnit tu)
{
    return pch_rejection(tu) != 0;
}

/* The file's unsaved text first, then the other open files' (not the file
 * itself a second time). */
struct CXUnsavedFile *frontend_unsaved_files(const Frontend *fe, const char *path, unsigned *n)
{
    struct CXUnsavedFile *v = NULL;
    int count = 0;
    if (fe->has_unsaved) *VEC_PUSH(v, count) = fe->unsaved;
    if (fe->after_prelude.Length) *VEC_PUSH(v, count) = fe->after_prelude;
    for (int i = 0; i < fe->nbuild_types; i++) *VEC_PUSH(v, count) = fe->build_types[i];
    for (int i = 0; i < fe->nothers; i++) {
        if (strcmp(fe->others[i].path, path) == 0) continue;
        struct CXUnsavedFile *u = VEC_PUSH(v, count);
        u->Filename = fe->others[i].path;
        u->Contents = fe->others[i].contents;
        u->Length = fe->others[i].size;
    }
    *n = (unsigned)count;
    return v;
}

/* With a kept document (fe->kept), the TU it kept is reparsed with the
 * current unsaved buffers when the arguments are unchanged: libclang reuses
 * the precompiled preamble (the file's leading #includes) when nothing in it
 * changed.  Otherwise a fresh parse, which builds a preamble at once. */
static enum CXErrorCode parse_with(Frontend *fe, const char *path, bool real, const char *pch, const char *prelude,
                                   CXTranslationUnit *tu)
{
    Args a = {NULL, 0};
    char std_buf[64], arch_buf[64], cuda_buf[PATH_MAX + 16];
    PreludeMacros macros = {NULL, 0, 0, ""};
    const FileArgs *fa = fe->file_args;
    if (real && !pch && prelude && !is_opencl(fe, path) &&
        prelude_macros_build(&macros, prelude, (const char *const *)fe->o.extra, fe->o.nextra, fa ? fa->args : NULL,
                             fa ? fa->nargs : 0))
        fe->after_prelude = (struct CXUnsavedFile){macros.path, macros.text, (unsigned long)macros.len};
    /* OpenCL has no GPU arch: its buffer holds the version define */
    if (is_opencl(fe, path)) build_opencl_args(fe, &a, std_buf, arch_buf);
    else if (fe->parse_rocm) build_rocm_args(fe, &a, parse_language(fe, path), std_buf);
    else build_args(fe, &a, parse_language(fe, path), real, pch, prelude, std_buf, arch_buf, cuda_buf, true);
    KeptTu *k = fe->kept;
    /* A kept document's preamble instantiates the templates its headers use
     * once, when it is built: otherwise every reparse instantiated them again
     * at its end (0.7 s of a 1 s reparse for a file whose headers wrap
     * thrust and cub).  Ignored by a parse without a preamble. */
    if (k && !k->no_preamble && !is_opencl(fe, path)) add(&a, "-fpch-instantiate-templates");
    unsigned nfiles;
    struct CXUnsavedFile *files = frontend_unsaved_files(fe, path, &nfiles);
    char *key = k ? join_args(&a) : NULL;
    enum CXErrorCode err = CXError_Failure;
    *tu = NULL;
    if (k && k->tu && strcmp(k->key, key) == 0) {
        err = (enum CXErrorCode)clang_reparseTranslationUnit(k->tu, nfiles, files, clang_defaultReparseOptions(k->tu));
        if (err == CXError_Success) {
            *tu = k->tu;
            k->reused = true;
        } else { /* libclang: a TU whose reparse failed must be disposed */
            clang_disposeTranslationUnit(k->tu);
        }
        k->tu = NULL;
    }
    if (k && k->tu) { /* other arguments: the kept TU is of no use */
        clang_disposeTranslationUnit(k->tu);
        k->tu = NULL;
    }
    if (!*tu) {
        unsigned flags = CXTranslationUnit_KeepGoing;
        if (k && !k->no_preamble) flags |= CXTranslationUnit_PrecompiledPreamble | CXTranslationUnit_CreatePreambleOnFirstParse;
        err = clang_parseTranslationUnit2(fe->index, path, a.v, a.n, files, nfiles, flags, tu);
    }
    if (k) {
        free(k->key);
        k->key = key;
    }
    memset(&fe->after_prelude, 0, sizeof fe->after_prelude);
    prelude_macros_free(&macros);
    free(files);
    free(a.v);
    return err;
}

static const char *parse_error_text(enum CXErrorCode e)
{
    switch (e) {
    case CXError_Failure: return "libclang could not parse the file";
    case CXError_Crashed: return "libclang crashed while parsing the file";
    case CXError_InvalidArguments: return "invalid arguments for libclang";
    case CXError_ASTReadError: return "libclang rejected the compiler flags (check -std, -x and extra arguments)";
    default: return "unknown libclang error";
    }
}

/* parse_opencl.c's view of a front end */
const struct CXUnsavedFile *frontend_unsaved(const Frontend *fe)
{
    return fe->has_unsaved ? &fe->unsaved : NULL;
}

void frontend_set_opencl_std(Frontend *fe, const char *std)
{
    snprintf(fe->cl_std, sizeof fe->cl_std, "%s", std ? std : "");
}

void frontend_set_prelude_files(Frontend *fe, const struct CXUnsavedFile *files, int n)
{
    fe->nbuild_types = 0;
    for (int i = 0; i < n && i < (int)(sizeof fe->build_types / sizeof fe->build_types[0]); i++)
        fe->build_types[fe->nbuild_types++] = files[i];
}

KeptTu *frontend_kept(const Frontend *fe)
{
    return fe->kept;
}

const FileArgs *frontend_file_args(const Frontend *fe)
{
    return fe->file_args;
}

ParseResult frontend_parse(Frontend *fe, const char *path)
{
    const GpuLanguage *lang = parse_language(fe, path);
    ParseResult r = lang->id == LANG_OPENCL ? frontend_parse_opencl(fe, path) : frontend_parse_file(fe, path);
    r.language = lang;
    return r;
}

/* The directories whose files' diagnostics may be quoted (trusted_files.h):
 * the file's own and its project's, the include directories of its flags and
 * of the command line, the toolkit's, gpulint's and the system's. */
static void trusted_dirs_for(const Frontend *fe, const char *path, TrustedDirs *t)
{
    memset(t, 0, sizeof *t);
    trusted_dirs_add_dir_of(t, path);
    const FileArgs *fa = fe->file_args;
    if (fa) {
        trusted_dirs_add(t, fa->project_root);
        trusted_dirs_add_include_args(t, fa->args, fa->nargs);
        for (int i = 0; i < fa->nmodel_files; i++) trusted_dirs_add_dir_of(t, fa->model_files[i]);
    }
    trusted_dirs_add_include_args(t, (const char *const *)fe->o.extra, fe->o.nextra);
    const char *gpulint_dirs[] = {fe->cuda_path, fe->shim_dir, fe->overlay_dir, fe->opencl_host_dir, fe->cccl_dir,
                                  fe->o.data_dir, fe->resource_dir_arg[0] ? fe->resource_dir_arg + strlen("-resource-dir=") : NULL,
                                  "/usr/include", "/usr/local/include", "/usr/lib", "/usr/local/cuda"};
    for (size_t i = 0; i < sizeof gpulint_dirs / sizeof gpulint_dirs[0]; i++) trusted_dirs_add(t, gpulint_dirs[i]);
}

/* A HIP file with ROCm's headers, for an AMD target: asked for
 * (--headers=rocm), or HIP 6 and newer (older ones lack the _sync warp
 * functions and take hipLaunchKernelGGL's kernel as a macro argument,
 * which a template's commas split: the shim, written after HIP 6, reads
 * such code better).  True when *r is the result (the parse, or the error
 * that no ROCm was found); false: parse with the shim. */
static bool parse_with_rocm(Frontend *fe, const char *path, ParseResult *r)
{
    if (fe->o.headers == HEADERS_ROCM && !fe->rocm_path[0]) {
        r->fatal = true;
        r->fatal_message = xstrdup("--headers=rocm: no ROCm HIP headers found (set ROCM_PATH)");
        return true;
    }
    bool want = fe->o.headers == HEADERS_ROCM || (fe->o.headers == HEADERS_AUTO && fe->rocm_major >= 6);
    bool assumed;
    const char *arch;
    if (!want || !fe->rocm_path[0] || !file_target(&fe->o, fe->file_args, parse_language(fe, path), &assumed, &arch)->amd)
        return false;
    CXTranslationUnit tu = NULL;
    fe->parse_rocm = true;
    enum CXErrorCode err = parse_with(fe, path, false, NULL, NULL, &tu);
    fe->parse_rocm = false;
    if (err != CXError_Success || !tu) { /* the shim, then */
        if (tu) clang_disposeTranslationUnit(tu);
        return false;
    }
    r->rocm_headers = true;
    TrustedDirs trust;
    trusted_dirs_for(fe, path, &trust);
    trusted_dirs_add(&trust, fe->rocm_path);
    collect_diags(tu, r, &trust);
    trusted_dirs_free(&trust);
    r->tu = tu;
    if (fe->kept) { /* an editor's document: kept for its next edit */
        fe->kept->tu = tu;
        r->tu_kept = true;
    }
    return true;
}

ParseResult frontend_parse_file(Frontend *fe, const char *path)
{
    ParseResult r;
    memset(&r, 0, sizeof r);
    bool opencl = is_opencl(fe, path);
    bool hip = parse_language(fe, path)->amd_default_target; /* never the CUDA toolkit's headers */
    bool auto_headers = fe->o.headers == HEADERS_AUTO || fe->o.headers == HEADERS_ROCM; /* for CUDA files */
    bool real = !opencl && !hip &&
                (fe->o.headers == HEADERS_CUDA ||
                 (auto_headers && fe->cuda_path[0] && fe->file_args && fe->file_args->real_headers));
    if (real && !fe->cuda_path[0]) {
        r.fatal = true;
        r.fatal_message = xstrdup("--headers=cuda: no CUDA toolkit found (use --cuda-path=DIR)");
        return r;
    }
    CXTranslationUnit tu = NULL;
    enum CXErrorCode err;
    if (hip && parse_with_rocm(fe, path, &r)) return r;
    char pch[PATH_MAX + 32];
    bool no_pch = fe->file_args && fe->file_args->no_pch;
    int variant = real || opencl || no_pch || !fe->o.use_pch || !fe->pch[0] ? -1 : pch_variant_for(fe, path);
    while (variant >= 0 && (fe->pch_failed[variant] || !pch_path(fe, variant, pch, sizeof pch))) variant--;
    PreludeNeed need = PRELUDE_RUNTIME;
    bool prelude_buildable = false;
    int tk_slot = real && !opencl ? toolkit_pch_for(fe, path, &need, &prelude_buildable) : -1;
    char tk_path[PATH_MAX + 192];
    const char *tk_pch = NULL;
    if (tk_slot >= 0) {
        snprintf(tk_path, sizeof tk_path, "%s", fe->toolkit_pchs[tk_slot].path);
        tk_pch = tk_path;
    }
    /* no PCH (yet): the prelude from source, so that a first run reports what
     * later runs do (arrayfire's half.hpp uses cuda_fp16.h's types unincluded) */
    char prelude_buf[PATH_MAX + 64];
    const char *prelude = NULL;
    if (prelude_buildable) {
        snprintf(prelude_buf, sizeof prelude_buf, "%s/include/toolkit/%s", fe->o.data_dir ? fe->o.data_dir : ".",
                 toolkit_prelude_header(need));
        prelude = prelude_buf;
    }
    err = parse_with(fe, path, real, variant >= 0 ? pch : tk_pch, prelude, &tu);
    if (tk_pch && err != CXError_Crashed && (err != CXError_Success || !tu || pch_rejection(tu))) {
        /* the prelude's header from source, as while it is built; a PCH older than its headers
         * (or one libclang cannot read at all) is removed so that the next
         * run builds it again */
        if ((tu && pch_rejection(tu) == 2) || (!tu && err == CXError_ASTReadError)) toolkit_pch_discard(tk_pch);
        fe->toolkit_pchs[tk_slot].state = -1;
        if (fe->o.verbose)
            fprintf(stderr, "gpulint: the precompiled toolkit prelude %s does not load (error %d); parsing the headers\n",
                    tk_pch, err);
        if (tu) clang_disposeTranslationUnit(tu);
        tu = NULL;
        err = parse_with(fe, path, real, NULL, prelude, &tu);
    }
    r.toolkit_prelude = tk_pch && err == CXError_Success && fe->toolkit_pchs[tk_slot].state > 0
                            ? toolkit_prelude_name(need) : NULL;
    /* A crash is the file's doing, not the PCH's: no second parse, and the
     * PCH stays on for the other files. */
    if (variant >= 0 && err != CXError_Crashed && (err != CXError_Success || !tu || pch_rejected(tu))) {
        /* A PCH from another libclang, older than the shim, or made with
         * other flags (-std, -D): pre-include the shim instead. */
        fe->pch_failed[variant] = true;
        if (fe->o.verbose)
            fprintf(stderr, "gpulint: the precompiled shim %s does not load (error %d); using -include\n", pch, err);
        if (tu) clang_disposeTranslationUnit(tu);
        tu = NULL;
        err = parse_with(fe, path, real, NULL, NULL, &tu);
    }
    if (err != CXError_Success || !tu) {
        r.fatal = true;
        r.fatal_message = xstrdup(parse_error_text(err));
        return r;
    }
    if (variant >= 0 && !fe->pch_failed[variant])
        r.shim_pch = pch_variants[variant].name;
    TrustedDirs trust;
    trusted_dirs_for(fe, path, &trust);
    collect_diags(tu, &r, &trust);
    bool keep = true;
    if (!real && !opencl && !hip && auto_headers && fe->cuda_path[0] && !fe->file_args) {
        /* The shim lacks a CUDA library header, or a library header fails
         * to parse against the shim: the toolkit's headers may do better.
         * (With a file's own flags the header set was chosen from its
         * include closure already: one parse.) */
        bool want_real = false;
        for (int i = 0; i < r.ndiags; i++) {
            const Diag *d = &r.diags[i];
            if (is_missing_include(d->message) && is_cuda_library_header(d->message)) want_real = true;
            if (d->level == DIAG_ERROR && d->file && strcmp(d->file, path) != 0) want_real = true;
        }
        if (want_real) {
            /* two parses decide the headers: nothing is kept, so the next
             * analysis decides afresh, as a fresh parse would */
            KeptTu *kept = fe->kept;
            fe->kept = NULL;
            if (kept) kept_tu_free(kept);
            keep = false;
            CXTranslationUnit tu2 = NULL;
            if (parse_with(fe, path, true, NULL, NULL, &tu2) == CXError_Success && tu2) {
                ParseResult r2;
                memset(&r2, 0, sizeof r2);
                collect_diags(tu2, &r2, &trust);
                int errors2 = 0, errors1 = 0;
                for (int i = 0; i < r2.ndiags; i++) errors2 += r2.diags[i].level == DIAG_ERROR || r2.diags[i].level == DIAG_NOTE;
                for (int i = 0; i < r.ndiags; i++) errors1 += r.diags[i].level == DIAG_ERROR || r.diags[i].level == DIAG_NOTE;
                if (errors2 < errors1) {
                    clang_disposeTranslationUnit(tu);
                    parse_result_free(&r);
                    r = r2;
                    tu = tu2;
                    r.used_real_headers = true;
                } else {
                    parse_result_free(&r2);
                    clang_disposeTranslationUnit(tu2);
                }
            }
            fe->kept = kept;
        }
    }
    trusted_dirs_free(&trust);
    r.tu = tu;
    if (fe->kept && keep) {
        fe->kept->tu = tu;
        r.tu_kept = true;
    }
    return r;
}

CXTranslationUnit frontend_parse_host(Frontend *fe, const char *path)
{
    const char *dot = strrchr(path, '.');
    bool c_file = dot && (strcmp(dot, ".c") == 0 || strcmp(dot, ".h") == 0);
    Args a = {NULL, 0};
    add(&a, "-x");
    add(&a, c_file ? "c" : "c++");
    add(&a, c_file ? "-std=gnu11" : "-std=c++17");
    add(&a, "-I");
    add(&a, fe->opencl_host_dir);
    /* the stand-ins first: a project's own copy of cl.h or cl2.hpp is then skipped by its guard */
    add(&a, "-include");
    add(&a, c_file ? "CL/cl.h" : "CL/gpulint_cl_wrapper.hpp");
    add(&a, "-ferror-limit=50");
    add(&a, "-Wno-implicit-function-declaration");
    for (int i = 0; i < fe->o.nextra; i++) add(&a, fe->o.extra[i]);
    CXTranslationUnit tu = NULL;
    if (clang_parseTranslationUnit2(fe->index, path, a.v, a.n, NULL, 0, CXTranslationUnit_KeepGoing, &tu) !=
        CXError_Success)
        tu = NULL;
    free(a.v);
    return tu;
}

static bool build_one_pch(Frontend *fe, const char *header_name, const char *out, char *err, int errsize)
{
    char header[PATH_MAX + 64];
    snprintf(header, sizeof header, "%s/%s", fe->shim_dir, header_name);
    if (!is_regular_file(header)) {
        snprintf(err, (size_t)errsize, "shim header not found: %s", header);
        return false;
    }
    const char *args[] = {"-x", "cuda", "-std=c++17", "--cuda-device-only", NULL,
                          "-Wno-unknown-cuda-version", "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
                          "-I", fe->shim_dir, "-fpch-instantiate-templates"};
    char arch_buf[64];
    snprintf(arch_buf, sizeof arch_buf, "--cuda-gpu-arch=%s", frontend_gpu_arch());
    args[4] = arch_buf;
    CXTranslationUnit tu = NULL;
    enum CXErrorCode e = clang_parseTranslationUnit2(fe->index, header, args, (int)(sizeof args / sizeof args[0]), NULL,
                                                     0, CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization,
                                                     &tu);
    if (e != CXError_Success || !tu) {
        snprintf(err, (size_t)errsize, "parsing %s failed: %s", header, parse_error_text(e));
        return false;
    }
    int rc = clang_saveTranslationUnit(tu, out, clang_defaultSaveOptions(tu));
    clang_disposeTranslationUnit(tu);
    if (rc != CXSaveError_None) {
        snprintf(err, (size_t)errsize, "could not write %s (libclang save error %d)", out, rc);
        return false;
    }
    return true;
}

bool frontend_build_pch(Frontend *fe, const char *out, char *err, int errsize)
{
    for (int v = 0; v < NPCH; v++) {
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s%s", out, pch_variants[v].suffix);
        if (!build_one_pch(fe, pch_variants[v].header, path, err, errsize)) return false;
    }
    return true;
}
