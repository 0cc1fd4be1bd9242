/* parse.c - libclang set-up and parsing (see frontend.h and parse.h).
 *
 * Default flags follow docs (libclang-notes): the device side of the CUDA
 * job, C++17, the bundled shim pre-included (through a PCH made at build
 * time when it matches this libclang), KeepGoing so one missing header does
 * not hide the rest.  In auto mode a file whose missing include is a CUDA
 * library header is parsed again with the real toolkit headers, if present. */
#include "frontend/parse.h"
#include "util/oom.h"
#include "util/vec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Precompiled variants of the shim, smallest first: a PCH costs in
 * proportion to what it holds, so each file gets the smallest one that covers
 * the heavy C++ headers it includes itself (measured: a <vector> file 496 M
 * instructions with the shim PCH, 337 M with the vector PCH; a file without
 * C++ headers 170 M vs 296 M). */
typedef struct {
    const char *suffix;      /* appended to the PCH path ("" for the shim) */
    const char *header;      /* in include/shim */
    const char *const *triggers;
} PchVariant;

static const char *const vector_triggers[] = {"vector", "algorithm", "numeric", NULL};
static const char *const iostream_triggers[] = {"iostream", "string", "sstream", "fstream", "iomanip", NULL};
static const PchVariant pch_variants[] = {
    {"", "gpulint_cuda_shim.h", NULL},
    {".vector", "gpulint_pch_vector.h", vector_triggers},
    {".iostream", "gpulint_pch_iostream.h", iostream_triggers},
};
#define NPCH ((int)(sizeof pch_variants / sizeof pch_variants[0]))

struct Frontend {
    FrontendOptions o;
    CXIndex index;
    char shim_dir[PATH_MAX];
    char overlay_dir[PATH_MAX];
    char pch[PATH_MAX];
    char cuda_path[PATH_MAX];
    bool pch_failed[NPCH];   /* a variant did not load once: stop trying it */
    /* The file being parsed, when its text comes from memory (an editor's
     * unsaved buffer, a fuzzer) rather than from disk. */
    struct CXUnsavedFile unsaved;
    bool has_unsaved;
};

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

const char *frontend_libclang_version(void)
{
    static char buf[128];
    if (!buf[0]) {
        CXString s = clang_getClangVersion();
        snprintf(buf, sizeof buf, "%s", clang_getCString(s));
        clang_disposeString(s);
    }
    return buf;
}

static int libclang_major(void)
{
    const char *v = strstr(frontend_libclang_version(), "version ");
    return v ? atoi(v + 8) : 0;
}

/* The newest GPU architecture this libclang knows (notes 1.3: sm_90 fails on
 * 14, sm_100+ on 19). */
static const char *gpu_arch(void)
{
    return libclang_major() >= 16 ? "sm_90" : "sm_80";
}

static void find_cuda(Frontend *fe)
{
    const char *cands[] = {fe->o.cuda_path, getenv("CUDA_PATH"), getenv("CUDA_HOME"), "/usr/local/cuda", "/opt/cuda"};
    for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
        char inc[PATH_MAX];
        if (!cands[i]) continue;
        snprintf(inc, sizeof inc, "%s/include/cuda_runtime.h", cands[i]);
        if (is_file(inc)) {
            snprintf(fe->cuda_path, sizeof fe->cuda_path, "%s", cands[i]);
            return;
        }
    }
}

Frontend *frontend_new(const FrontendOptions *o, char *err, int errsize)
{
    Frontend *fe = calloc(1, sizeof *fe);
    if (!fe) {
        snprintf(err, (size_t)errsize, "out of memory");
        return NULL;
    }
    fe->o = *o;
    fe->index = clang_createIndex(0, 0);
    if (!fe->index) {
        snprintf(err, (size_t)errsize, "libclang could not create an index");
        free(fe);
        return NULL;
    }
    snprintf(fe->shim_dir, sizeof fe->shim_dir, "%s/include/shim", o->data_dir);
    snprintf(fe->overlay_dir, sizeof fe->overlay_dir, "%s/include/overlay/clang%d", o->data_dir,
             libclang_major() >= 17 ? 19 : 14);
    if (o->pch_path) snprintf(fe->pch, sizeof fe->pch, "%s", o->pch_path);
    find_cuda(fe);
    return fe;
}

void frontend_free(Frontend *fe)
{
    if (!fe) return;
    clang_disposeIndex(fe->index);
    free(fe);
}

const char *frontend_shim_dir(const Frontend *fe)
{
    return fe->shim_dir;
}

void frontend_set_unsaved(Frontend *fe, const char *path, const char *contents, unsigned long size)
{
    fe->has_unsaved = contents != NULL;
    fe->unsaved.Filename = path;
    fe->unsaved.Contents = contents;
    fe->unsaved.Length = size;
}

typedef struct {
    const char **v;
    int n;
} Args;

static void add(Args *a, const char *s)
{
    *VEC_PUSH(a->v, a->n) = s;
}

/* Builds the argument list; `with_pch`: pre-include through the PCH. */
static void build_args(Frontend *fe, Args *a, bool real, const char *pch, char *std_buf, char *arch_buf,
                       char *cuda_buf)
{
    add(a, "-x");
    add(a, "cuda");
    snprintf(std_buf, 64, "-std=%s", fe->o.std ? fe->o.std : "c++17");
    add(a, std_buf);
    add(a, "--cuda-device-only");
    snprintf(arch_buf, 64, "--cuda-gpu-arch=%s", gpu_arch());
    add(a, arch_buf);
    add(a, "-Wno-unknown-cuda-version");
    add(a, "-ferror-limit=50");
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
        add(a, "-I");
        add(a, fe->overlay_dir);
        if (libclang_major() < 17) {
            add(a, "-Xclang");
            add(a, "-fcuda-allow-variadic-functions");
        }
    }
    for (int i = 0; i < fe->o.nextra; i++) add(a, fe->o.extra[i]);
}

static DiagLevel level_of(enum CXDiagnosticSeverity s)
{
    if (s >= CXDiagnostic_Error) return DIAG_ERROR;
    if (s == CXDiagnostic_Warning) return DIAG_WARNING;
    return DIAG_NOTE;
}


static bool is_missing_include(const char *msg)
{
    return strstr(msg, "file not found") != NULL;
}

/* CUDA library headers the shim does not provide but a toolkit does. */
static bool is_cuda_library_header(const char *msg)
{
    static const char *const libs[] = {"cuda_fp16", "cuda_bf16", "cooperative_groups", "cub/", "thrust/", "mma.h",
                                       "curand", "cublas", "cufft", "cuda/", "cuda_pipeline", "cuda_awbarrier",
                                       "sm_", "device_functions", "texture_", "surface_", "cusparse", "nvrtc",
                                       "cuda_fp8", "math_functions", "crt/"};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
        if (strstr(msg, libs[i])) return true;
    return false;
}

static void collect_diags(CXTranslationUnit tu, ParseResult *r)
{
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev < CXDiagnostic_Error) {
            clang_disposeDiagnostic(d);
            continue;
        }
        CXString msg = clang_getDiagnosticSpelling(d);
        CXFile f;
        unsigned line, col;
        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
        Diag *dg = VEC_PUSH(r->diags, r->ndiags);
        dg->level = level_of(sev);
        const char *m = clang_getCString(msg);
        dg->message = xstrdup(m ? m : "");
        if (is_missing_include(dg->message)) dg->level = DIAG_NOTE;
        if (f) {
            CXString fn = clang_getFileName(f);
            dg->file = xstrdup(clang_getCString(fn));
            clang_disposeString(fn);
        } else {
            dg->file = NULL;
        }
        dg->line = line;
        dg->col = col;
        clang_disposeString(msg);
        clang_disposeDiagnostic(d);
    }
}

static bool pch_path(const Frontend *fe, int variant, char *out, size_t n)
{
    int r = snprintf(out, n, "%s%s", fe->pch, pch_variants[variant].suffix);
    return r > 0 && (size_t)r < n && is_file(out);
}

/* The smallest variant covering the heavy headers the file includes itself. */
static int pch_variant_for(const Frontend *fe, const char *path)
{
    if (fe->has_unsaved && fe->unsaved.Length == 0) return 0;
    FILE *f = fe->has_unsaved ? fmemopen((void *)fe->unsaved.Contents, fe->unsaved.Length, "r") : fopen(path, "rb");
    if (!f) return 0;
    int best = 0;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p != '#') continue;
        p++;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "include", 7) != 0) continue;
        const char *lt = strchr(p, '<'), *gt = lt ? strchr(lt, '>') : NULL;
        if (!gt) continue;
        for (int v = 1; v < NPCH; v++)
            for (const char *const *t = pch_variants[v].triggers; *t; t++)
                if ((size_t)(gt - lt - 1) == strlen(*t) && strncmp(lt + 1, *t, strlen(*t)) == 0 && v > best) best = v;
    }
    fclose(f);
    return best;
}

static bool pch_rejected(CXTranslationUnit tu)
{
    bool bad = false;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n && !bad; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_getDiagnosticSpelling(d);
            const char *m = clang_getCString(s);
            bad = m && (strstr(m, "precompiled header") || strstr(m, "PCH file") ||
                        strstr(m, "modified since it was first processed") || strstr(m, "AST file"));
            clang_disposeString(s);
        }
        clang_disposeDiagnostic(d);
    }
    return bad;
}

static enum CXErrorCode parse_with(Frontend *fe, const char *path, bool real, const char *pch, CXTranslationUnit *tu)
{
    Args a = {NULL, 0};
    char std_buf[64], arch_buf[64], cuda_buf[PATH_MAX + 16];
    build_args(fe, &a, real, pch, std_buf, arch_buf, cuda_buf);
    unsigned flags = CXTranslationUnit_KeepGoing;
    enum CXErrorCode err = clang_parseTranslationUnit2(fe->index, path, a.v, a.n, fe->has_unsaved ? &fe->unsaved : NULL,
                                                     fe->has_unsaved ? 1u : 0u, flags, tu);
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

ParseResult frontend_parse(Frontend *fe, const char *path)
{
    ParseResult r;
    memset(&r, 0, sizeof r);
    bool real = fe->o.headers == HEADERS_CUDA;
    if (real && !fe->cuda_path[0]) {
        r.fatal = true;
        r.fatal_message = xstrdup("--headers=cuda: no CUDA toolkit found (use --cuda-path=DIR)");
        return r;
    }
    CXTranslationUnit tu = NULL;
    enum CXErrorCode err;
    char pch[PATH_MAX + 32];
    int variant = real || !fe->o.use_pch || !fe->pch[0] ? -1 : pch_variant_for(fe, path);
    while (variant >= 0 && (fe->pch_failed[variant] || !pch_path(fe, variant, pch, sizeof pch))) variant--;
    err = parse_with(fe, path, real, variant >= 0 ? pch : NULL, &tu);
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
        err = parse_with(fe, path, real, NULL, &tu);
    }
    if (err != CXError_Success || !tu) {
        r.fatal = true;
        r.fatal_message = xstrdup(parse_error_text(err));
        return r;
    }
    collect_diags(tu, &r);
    if (!real && fe->o.headers == HEADERS_AUTO && fe->cuda_path[0]) {
        /* The shim lacks a CUDA library header, or a library header fails
         * to parse against the shim: the toolkit's headers may do better. */
        bool want_real = false;
        for (int i = 0; i < r.ndiags; i++) {
            const Diag *d = &r.diags[i];
            if (is_missing_include(d->message) && is_cuda_library_header(d->message)) want_real = true;
            if (d->level == DIAG_ERROR && d->file && strcmp(d->file, path) != 0) want_real = true;
        }
        if (want_real) {
            CXTranslationUnit tu2 = NULL;
            if (parse_with(fe, path, true, false, &tu2) == CXError_Success && tu2) {
                ParseResult r2;
                memset(&r2, 0, sizeof r2);
                collect_diags(tu2, &r2);
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
        }
    }
    r.tu = tu;
    return r;
}

void parse_result_free(ParseResult *r)
{
    for (int i = 0; i < r->ndiags; i++) {
        free(r->diags[i].file);
        free(r->diags[i].message);
    }
    free(r->diags);
    free(r->fatal_message);
    if (r->tu) clang_disposeTranslationUnit(r->tu);
    memset(r, 0, sizeof *r);
}

static bool build_one_pch(Frontend *fe, const char *header_name, const char *out, char *err, int errsize)
{
    char header[PATH_MAX + 64];
    snprintf(header, sizeof header, "%s/%s", fe->shim_dir, header_name);
    if (!is_file(header)) {
        snprintf(err, (size_t)errsize, "shim header not found: %s", header);
        return false;
    }
    const char *args[] = {"-x", "cuda", "-std=c++17", "--cuda-device-only", NULL,
                          "-Wno-unknown-cuda-version", "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
                          "-I", fe->shim_dir};
    char arch_buf[64];
    snprintf(arch_buf, sizeof arch_buf, "--cuda-gpu-arch=%s", gpu_arch());
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
