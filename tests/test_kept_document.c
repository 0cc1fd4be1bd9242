/* test_kept_document.c - an editor's open document analysed again and
 * again through engine_lint_document (a kept parse, reparsed with a
 * precompiled preamble) gives the findings, status and problems of a fresh
 * parse of the same text, in each header mode: the shim through its PCH,
 * the shim by -include, and the toolkit's headers (skipped, with a message,
 * without a toolkit).  Also: the cache's bound, closing, an included
 * header's unsaved text, an OpenCL file parsed with its host's
 * build-time types, and explicit instantiations read as declarations.
 *
 *   test_kept_document SOURCE_DIR PCH FILE...   (PCH "" for none) */
#include "engine/engine.h"
#include "output/finding_json.h"
#include "check.h"
#include "document_tests.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/fileio.h"

/* What must not differ: findings (as the JSON report writes them), status,
 * kernels; and the parse's errors and notes, unless the fresh parse hit
 * clang's error limit (-ferror-limit=50): a preamble's errors count apart
 * from the rest of the file's, so a kept parse can list more of them. */
static bool hit_error_limit(const FileResult *r)
{
    for (int i = 0; i < r->problems.nnotes; i++)
        if (strstr(r->problems.notes[i].message, "too many errors emitted")) return true;
    for (int i = 0; i < r->problems.nerrors; i++)
        if (strstr(r->problems.errors[i].message, "too many errors emitted")) return true;
    return false;
}

static double fresh_seconds, reparse_seconds;
static int reparses;

/* One analysis of `text` as a document, compared with a fresh parse. */
static void compare(Engine *fresh, Engine *docs, const char *path, const char *text, size_t len, bool want_reused,
                    const char *what)
{
    FileResult a, b;
    DocumentInfo info;
    double t = monotonic_seconds();
    engine_lint_file(fresh, path, text, len, &a);
    double tf = monotonic_seconds() - t;
    t = monotonic_seconds();
    engine_lint_document(docs, path, text, len, NULL, 0, &b, &info);
    double td = monotonic_seconds() - t;
    bool with_problems = !hit_error_limit(&a);
    char *sa = summary(&a, with_problems), *sb = summary(&b, with_problems);
    if (strcmp(sa, sb) != 0) fprintf(stderr, "%s (%s):\n  fresh:    %.2000s\n  document: %.2000s\n", path, what, sa, sb);
    CHECK(strcmp(sa, sb) == 0);
    if (want_reused && b.status != FILE_FAILED) {
        if (!info.reused) fprintf(stderr, "%s (%s): the kept parse was not reused\n", path, what);
        CHECK(info.reused);
    }
    if (info.reused) {
        fresh_seconds += tf;
        reparse_seconds += td;
        reparses++;
    }
    free(sa);
    free(sb);
    document_info_free(&info);
    file_result_free(&a);
    file_result_free(&b);
}

static const char PROBE[] = "\n__global__ void gpulint_probe(float *p) { p[threadIdx.x] = p[threadIdx.x] * 0.5; }\n";

/* `text` with `more` after it (an edit at the end); *n gets its length. */
static char *appended(const char *text, size_t len, const char *more, size_t *n)
{
    size_t m = strlen(more);
    char *out = malloc(len + m + 1);
    memcpy(out, text, len);
    memcpy(out + len, more, m + 1);
    *n = len + m;
    return out;
}

static void same_as_fresh(const EngineOptions *o, const char *mode, char **files, int nfiles)
{
    char err[512];
    Engine *fresh = engine_new(o, err, sizeof err), *docs = engine_new(o, err, sizeof err);
    CHECK(fresh && docs);
    if (!fresh || !docs) return;
    fresh_seconds = reparse_seconds = 0;
    reparses = 0;
    for (int i = 0; i < nfiles; i++) {
        long len;
        char *text = read_file(files[i], &len);
        CHECK(text != NULL);
        if (!text) continue;
        /* open; add a finding below the includes; remove it again */
        compare(fresh, docs, files[i], text, (size_t)len, false, "open");
        size_t n2;
        char *edited = appended(text, (size_t)len, PROBE, &n2);
        compare(fresh, docs, files[i], edited, n2, true, "edit: a double literal added");
        compare(fresh, docs, files[i], text, (size_t)len, true, "edit: removed again");
        free(edited);
        free(text);
    }
    printf("%s: %d files; %d reparses took %.0f ms, fresh parses of the same text %.0f ms\n", mode, nfiles, reparses,
           reparse_seconds * 1e3, fresh_seconds * 1e3);
    engine_free(fresh);
    engine_free(docs);
}

/* An OpenCL kernel file that needs its host's build-time types
 * (docs/opencl.md): as a document it is parsed with them too, on opening
 * and after an edit, as in a fresh parse (the parses with the assumed
 * types are fresh ones, so no reuse is asked for). */
static void opencl_documents(const EngineOptions *o, const char *source_dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/testdata/projects/opencl_build_types/kernels/row_sum.cl", source_dir);
    long len;
    char *text = read_file(path, &len);
    CHECK(text != NULL);
    if (!text) return;
    char err[512];
    Engine *fresh = engine_new(o, err, sizeof err), *docs = engine_new(o, err, sizeof err);
    CHECK(fresh && docs);
    if (fresh && docs) {
        compare(fresh, docs, path, text, (size_t)len, false, "OpenCL: open");
        size_t n2;
        char *edited =
            appended(text, (size_t)len, "\n__kernel void twice(__global T *v) { v[get_global_id(0)] *= 2; }\n", &n2);
        compare(fresh, docs, path, edited, n2, false, "OpenCL: a kernel added");
        FileResult r;
        DocumentInfo info;
        engine_lint_document(docs, path, edited, n2, NULL, 0, &r, &info);
        CHECK_EQ_LL(count_rule(&r, "uncoalesced-row"), 1); /* found with T and dim_t assumed */
        CHECK(r.status == FILE_DEGRADED);
        document_info_free(&info);
        file_result_free(&r);
        free(edited);
    }
    engine_free(fresh);
    engine_free(docs);
    free(text);
}

/* A document whose include closure instantiates explicitly gets the
 * rewrite too (a header's macro and the file's own `template` line), and
 * its edits still reuse the kept parse. */
static void instantiating_documents(const EngineOptions *o, const char *source_dir)
{
    static const char *const files[] = {"damp_layer.cu", "scale_kernel.cu"};
    char err[512];
    Engine *fresh = engine_new(o, err, sizeof err), *docs = engine_new(o, err, sizeof err);
    CHECK(fresh && docs);
    for (size_t i = 0; fresh && docs && i < sizeof files / sizeof files[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/testdata/projects/templates/src/%s", source_dir, files[i]);
        long len;
        char *text = read_file(path, &len);
        CHECK(text != NULL);
        if (!text) continue;
        compare(fresh, docs, path, text, (size_t)len, false, "instantiations: open");
        size_t n2;
        char *edited = appended(text, (size_t)len, PROBE, &n2);
        compare(fresh, docs, path, edited, n2, true, "instantiations: an edit");
        FileResult r;
        DocumentInfo info;
        engine_lint_document(docs, path, edited, n2, NULL, 0, &r, &info);
        CHECK_EQ_LL(info.declared_files, 1);
        CHECK(count_rule(&r, "double-literal") >= 1);
        document_info_free(&info);
        file_result_free(&r);
        free(edited);
        free(text);
    }
    engine_free(fresh);
    engine_free(docs);
}

/* A document whose text names what a project header defines only in the
 * CUDA build (`#if HAVE_CUDA == 1`: Real, GPU_WARP) gets the flag before
 * its parse, as the command line's file does: the wrapper is valid, and
 * the kernel it alone instantiates is analysed; the stand-ins for the
 * int32-style names of a missing header, which a second parse finds, are
 * kept for its next analyses. */
static void cuda_build_flag_documents(const EngineOptions *o, const char *source_dir)
{
    static const char text[] =
        "#include \"gpu/gpu_common.h\"\n"
        "template <typename I>\n"
        "__global__ void compress(const Real* src, I* dest, int n, float inv_scale)\n"
        "{\n"
        "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "    if (i < n) dest[i] = (I)(src[i] * inv_scale);\n"
        "}\n"
        "void compress_uint8(const Real* src, unsigned char* dest, int n, float inv_scale)\n"
        "{\n"
        "    compress<<<(n + GPU_WARP * 8 - 1) / (GPU_WARP * 8), GPU_WARP * 8>>>(src, dest, n, inv_scale);\n"
        "}\n";
    char err[512], path[4096];
    snprintf(path, sizeof path, "%s/testdata/projects/cuda_build_names/gpu/compress.cu", source_dir);
    Engine *fresh = engine_new(o, err, sizeof err), *docs = engine_new(o, err, sizeof err);
    CHECK(fresh && docs);
    /* the open (a second parse finds the int32-style names of the missing
     * header, and the kept parse is made again with them), then edits that
     * reparse it: the command line's findings and notes each time */
    if (fresh && docs) {
        compare(fresh, docs, path, text, sizeof text - 1, false, "CUDA build flag: open");
        compare(fresh, docs, path, text, sizeof text - 1, true, "CUDA build flag: with the choices");
        compare(fresh, docs, path, text, sizeof text - 1, true, "CUDA build flag: an edit");
        FileResult r;
        DocumentInfo info;
        engine_lint_document(docs, path, text, sizeof text - 1, NULL, 0, &r, &info);
        CHECK(info.reused);
        CHECK_EQ_LL(count_rule(&r, "oversized-element"), 1); /* the byte store of compress<unsigned char> */
        bool flag_noted = false, ints_noted = false;
        for (int i = 0; i < r.problems.nnotes; i++) {
            flag_noted |= strstr(r.problems.notes[i].message, "-D HAVE_CUDA=1") != NULL;
            ints_noted |= strstr(r.problems.notes[i].message, "int32-style") != NULL;
        }
        CHECK(flag_noted && ints_noted);
        document_info_free(&info);
        file_result_free(&r);
    }
    engine_free(fresh);
    engine_free(docs);
}

/* A kernel file its host compiles at run time with -D values: the first
 * analysis finds them (a second parse), the document keeps them and its
 * kept parse is made with them, so that edits reparse it once. */
static void run_time_value_documents(const EngineOptions *o, const char *source_dir)
{
    char err[512], path[4096];
    snprintf(path, sizeof path, "%s/testdata/projects/opencl_build_values/kernels/pack.cl", source_dir);
    long len;
    char *text = read_file(path, &len);
    CHECK(text != NULL);
    Engine *fresh = engine_new(o, err, sizeof err), *docs = engine_new(o, err, sizeof err);
    CHECK(fresh && docs);
    for (int pass = 0; text && fresh && docs && pass < 3; pass++) {
        FileResult a, r;
        DocumentInfo info;
        engine_lint_file(fresh, path, text, (size_t)len, &a);
        engine_lint_document(docs, path, text, (size_t)len, NULL, 0, &r, &info);
        bool noted = false;
        for (int i = 0; i < r.problems.nnotes; i++) noted |= strstr(r.problems.notes[i].message, "compiled at run time") != NULL;
        CHECK(noted);
        CHECK_EQ_LL(r.problems.nerrors, 0);
        CHECK_EQ_LL(r.findings.n, a.findings.n);
        CHECK(a.findings.n >= 1);
        /* the first analysis made the kept parse again with the values:
         * the next ones reparse it */
        CHECK(pass == 0 || info.reused);
        document_info_free(&info);
        file_result_free(&a);
        file_result_free(&r);
    }
    free(text);
    engine_free(fresh);
    engine_free(docs);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The bound, closing, and an open header's unsaved text. */
static void cache_and_headers(const EngineOptions *o)
{
    char err[512], dir[] = "/tmp/gpulint-docs-XXXXXX";
    Engine *e = engine_new(o, err, sizeof err);
    CHECK(e && mkdtemp(dir));
    if (!e) return;
    char header[600], main_file[600];
    snprintf(header, sizeof header, "%s/scale.cuh", dir);
    snprintf(main_file, sizeof main_file, "%s/main.cu", dir);
    const char *header_text = "__device__ float scale(float x) { return x * 0.5; }\n";
    const char *main_text = "#include \"scale.cuh\"\n"
                            "__global__ void k(float *a) { a[threadIdx.x] = scale(a[threadIdx.x]); }\n";
    write_text(header, header_text);
    write_text(main_file, main_text);
    FileResult r;
    DocumentInfo info;
    engine_lint_document(e, main_file, main_text, strlen(main_text), NULL, 0, &r, &info);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 1);
    bool listed = false;
    for (int i = 0; i < info.nincluded; i++) listed |= strcmp(info.included[i], header) == 0;
    CHECK(listed);
    document_info_free(&info);
    file_result_free(&r);
    /* the header open in the editor with the literal fixed (not saved) */
    const char *fixed = "__device__ float scale(float x) { return x * 0.5f; }\n";
    FrontendBuffer open = {header, fixed, strlen(fixed)};
    engine_lint_document(e, main_file, main_text, strlen(main_text), &open, 1, &r, &info);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 0);
    document_info_free(&info);
    file_result_free(&r);
    /* ... and back to what is on disk */
    engine_lint_document(e, main_file, main_text, strlen(main_text), NULL, 0, &r, &info);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 1);
    document_info_free(&info);
    file_result_free(&r);

    /* at most ENGINE_MAX_DOCUMENTS kept; closing drops one */
    for (int i = 0; i < ENGINE_MAX_DOCUMENTS + 2; i++) {
        char path[700];
        snprintf(path, sizeof path, "%s/doc%d.cu", dir, i);
        engine_lint_document(e, path, PROBE, sizeof PROBE - 1, NULL, 0, &r, &info);
        CHECK_EQ_LL(count_rule(&r, "double-literal"), 1);
        CHECK_EQ_LL(info.kept, i + 2 <= ENGINE_MAX_DOCUMENTS ? i + 2 : ENGINE_MAX_DOCUMENTS);
        document_info_free(&info);
        file_result_free(&r);
    }
    char last[700];
    snprintf(last, sizeof last, "%s/doc%d.cu", dir, ENGINE_MAX_DOCUMENTS + 1);
    engine_close_document(e, last);
    CHECK_EQ_LL(engine_documents_kept(e), ENGINE_MAX_DOCUMENTS - 1);
    engine_close_document(e, last); /* twice: nothing happens */
    CHECK_EQ_LL(engine_documents_kept(e), ENGINE_MAX_DOCUMENTS - 1);
    engine_free(e);
    unlink(header);
    unlink(main_file);
    rmdir(dir);
}

static bool have_toolkit(void)
{
    const char *cands[] = {getenv("CUDA_PATH"), getenv("CUDA_HOME"), "/usr/local/cuda", "/opt/cuda"};
    for (size_t i = 0; i < sizeof cands / sizeof *cands; i++) {
        char p[4096];
        struct stat st;
        if (cands[i] && snprintf(p, sizeof p, "%s/include/cuda_runtime.h", cands[i]) > 0 && stat(p, &st) == 0)
            return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_kept_document SOURCE_DIR PCH FILE...\n");
        return 2;
    }
    EngineOptions o;
    shim_engine_options(&o, argv[1], argv[2]);
    same_as_fresh(&o, "shim, precompiled", argv + 3, argc - 3);
    cache_and_headers(&o);
    opencl_documents(&o, argv[1]);
    instantiating_documents(&o, argv[1]);
    cuda_build_flag_documents(&o, argv[1]);
    run_time_value_documents(&o, argv[1]);
    o.frontend.use_pch = false;
    same_as_fresh(&o, "shim, -include", argv + 3, argc - 3);
    if (have_toolkit()) {
        o.frontend.headers = HEADERS_CUDA;
        same_as_fresh(&o, "toolkit headers", argv + 3, argc - 3);
    } else {
        printf("toolkit headers: skipped (no CUDA toolkit found)\n");
    }
    return check_summary();
}
