/* frontend.c - the front end's one entry point: parse, then build the model
 * (see frontend.h).  Nothing outside checker/frontend/ sees libclang. */
#include "frontend/cx.h"
#include "frontend/frontend.h"
#include "frontend/gpu_code.h"
#include "frontend/host_strings.h"
#include "frontend/host_wrappers.h"
#include "frontend/model_build.h"
#include "frontend/parse.h"
#include "util/clock.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void add_diag(FrontendReport *rep, DiagLevel level, const char *path, unsigned line, unsigned col, const char *msg)
{
    Diag *d = VEC_PUSH(rep->diags, rep->ndiags);
    d->level = level;
    d->in_gpu_code = true;
    d->preprocessor = false;
    d->file = xstrdup(path);
    d->line = line;
    d->col = col;
    d->message = xstrdup(msg);
}

/* One program of a file's string literals, parsed from memory under the
 * file's name (as OpenCL (`opencl`) or as the file's own dialect, with
 * `headers` the run-time compiler gets from memory) into the model, its
 * positions the file's (cx.c maps them as they are made); its diagnostics
 * mapped to the literal.  A parse that fails is an error at the literal
 * when `report_fatal`.  False when it failed. */
static bool parse_program(Frontend *fe, const char *path, const FileArgs *fa, HostStrings *hs, const HostProgram *p,
                          bool opencl, const struct CXUnsavedFile *headers, int nheaders, bool report_fatal, Model *m,
                          FrontendReport *rep)
{
    double t = monotonic_seconds();
    frontend_set_unsaved(fe, path, p->text, (unsigned long)p->size);
    if (opencl) frontend_force_opencl(fe, true);
    if (nheaders) frontend_set_prelude_files(fe, headers, nheaders);
    frontend_set_file_args(fe, fa); /* the build's -D and -I, as for a .cl file (jit_names.h) */
    ParseResult pr = frontend_parse(fe, path);
    frontend_set_file_args(fe, NULL);
    if (nheaders) frontend_set_prelude_files(fe, NULL, 0);
    if (opencl) frontend_force_opencl(fe, false);
    frontend_set_unsaved(fe, NULL, NULL, 0);
    rep->parse_seconds += monotonic_seconds() - t;
    for (int j = 0; j < pr.ndiags; j++) { /* the program's positions are the host file's */
        Diag *d = VEC_PUSH(rep->diags, rep->ndiags);
        *d = pr.diags[j];
        if (d->file && strcmp(d->file, path) == 0 && d->line)
            host_strings_map(hs, p, d->line, d->col, false, &d->line, &d->col);
    }
    pr.ndiags = 0;
    bool parsed = !pr.fatal;
    if (parsed) {
        FrontendOptions o = *frontend_options(fe);
        if (opencl) o.language = "cl";
        t = monotonic_seconds();
        model_build_program(m, pr.tu, frontend_shim_dir(fe), &o, hs, p);
        rep->model_seconds += monotonic_seconds() - t;
    } else if (report_fatal) {
        unsigned line, col;
        host_strings_line_col(hs, p->host_begin, &line, &col);
        add_diag(rep, DIAG_ERROR, path, line, col, pr.fatal_message);
    }
    parse_result_free(&pr);
    return parsed;
}

/* The text of a file to analyse: `contents` when given, else read into
 * *owned (free it); NULL when it cannot be read. */
static const char *analysed_text(const char *path, const char *contents, unsigned long *size, char **owned)
{
    *owned = NULL;
    if (contents) return contents;
    long len = 0;
    if (!(*owned = read_file(path, &len))) return NULL;
    *size = (unsigned long)len;
    return *owned;
}

/* A C/C++ host file: each kernel string is its own OpenCL program (as
 * clCreateProgramWithSource would see it), and all of them build one
 * model whose positions are the host file's. */
static bool analyse_host_strings(Frontend *fe, const char *path, const char *contents, unsigned long size,
                                 const FileArgs *fa, Model *m,
                                 FrontendReport *rep)
{
    char *owned;
    if (!(contents = analysed_text(path, contents, &size, &owned))) {
        rep->fatal = true;
        rep->fatal_message = xstrdup("cannot read the file");
        return false;
    }
    HostStrings *hs = host_strings_scan(contents, size);
    free(owned);
    rep->host_strings = hs;
    for (int i = 0; i < hs->nproblems; i++) {
        unsigned line, col;
        host_strings_line_col(hs, hs->problems[i].offset, &line, &col);
        add_diag(rep, DIAG_ERROR, path, line, col, hs->problems[i].message);
    }
    if (!hs->nprograms && !hs->nproblems)
        add_diag(rep, DIAG_NOTE, path, 0, 0, "no OpenCL kernel in the string literals of this C/C++ file: nothing to analyse");
    bool any_fp64 = false;
    const char *fp64_reason = NULL;
    for (int i = 0; i < hs->nprograms; i++) {
        if (!parse_program(fe, path, fa, hs, &hs->programs[i], true, NULL, 0, true, m, rep)) continue;
        if (m->fp64) any_fp64 = true;
        if (m->fp64 || !fp64_reason) fp64_reason = m->fp64_reason;
    }
    if (hs->nprograms) { /* the model's fp64: on when any program has it */
        m->fp64 = any_fp64;
        m->fp64_reason = fp64_reason;
        double t = monotonic_seconds();
        if (!model_language(m)->host_code_in_gpu_files) opencl_link_host_launches(fe, path, fa ? fa->project_root : NULL, m, rep);
        model_orient_warps(m);
        rep->model_seconds += monotonic_seconds() - t;
    }
    return true;
}

/* A CUDA/HIP file whose own code has no kernel but that hands kernels to a
 * run-time compiler as string literals (NVRTC, hiprtc): each program is
 * parsed with the headers the file gives the compiler from memory, into the
 * same model, as OpenCL's host strings are. */
static void analyse_rtc_programs(Frontend *fe, const char *path, const char *contents, unsigned long size,
                                 const FileArgs *fa, Model *m, FrontendReport *rep)
{
    char *owned;
    if (!(contents = analysed_text(path, contents, &size, &owned))) return;
    HostStrings *hs = memmem(contents, size, "rtcCreateProgram", 16) ? host_strings_scan_cuda(contents, size) : NULL;
    free(owned);
    if (!hs || !hs->nprograms || rep->host_strings) {
        host_strings_free(hs);
        return;
    }
    rep->host_strings = hs; /* freed with the report */
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else snprintf(dir, sizeof dir, ".");
    char *hpaths[16], *htexts[16];
    int nh = rtc_header_sources(hs->host_text, hs->host_size, dir, hpaths, htexts, 16);
    struct CXUnsavedFile files[16];
    for (int i = 0; i < nh; i++) files[i] = (struct CXUnsavedFile){hpaths[i], htexts[i], (unsigned long)strlen(htexts[i])};
    for (int i = 0; i < hs->nprograms; i++) parse_program(fe, path, fa, hs, &hs->programs[i], false, files, nh, false, m, rep);
    for (int i = 0; i < nh; i++) {
        free(hpaths[i]);
        free(htexts[i]);
    }
    model_orient_warps(m);
}

bool frontend_analyse(Frontend *fe, const char *path, const char *contents, unsigned long size, Model *m,
                      FrontendReport *rep)
{
    return frontend_analyse_with(fe, path, contents, size, NULL, m, rep);
}

bool frontend_analyse_with(Frontend *fe, const char *path, const char *contents, unsigned long size,
                           const FileArgs *fa, Model *m, FrontendReport *rep)
{
    memset(rep, 0, sizeof *rep);
    if (!frontend_options(fe)->language && is_host_source_path(path) && !(fa && fa->cuda_header))
        return analyse_host_strings(fe, path, contents, size, fa, m, rep);
    double t = monotonic_seconds();
    frontend_set_unsaved(fe, path, contents, size);
    frontend_set_file_args(fe, fa);
    ParseResult pr = frontend_parse(fe, path);
    frontend_set_file_args(fe, NULL);
    frontend_set_unsaved(fe, NULL, NULL, 0);
    rep->parse_seconds = monotonic_seconds() - t;
    frontend_report_from_parse(fe, path, fa, &pr, m, rep);
    parse_result_free(&pr);
    if (!rep->fatal && m->nkernels == 0 && model_language(m)->id != LANG_OPENCL)
        analyse_rtc_programs(fe, path, contents, size, fa, m, rep);
    return !rep->fatal;
}

typedef struct {
    const char *dir;
    size_t len;
    bool found;
} StandInScan;

static void find_stand_in(CXFile f, StandInScan *s)
{
    if (s->found) return;
    CXString n = clang_getFileName(f);
    const char *name = clang_getCString(n);
    s->found = name && strncmp(name, s->dir, s->len) == 0 && name[s->len] == '/';
    clang_disposeString(n);
}

void frontend_report_from_parse(Frontend *fe, const char *path, const FileArgs *fa, ParseResult *pr, Model *m,
                                FrontendReport *rep)
{
    rep->fatal = pr->fatal;
    rep->fatal_message = pr->fatal_message;
    rep->diags = pr->diags;
    rep->ndiags = pr->ndiags;
    rep->used_real_headers = pr->used_real_headers;
    rep->guessed_parts = pr->guessed_parts;
    rep->rocm_headers = pr->rocm_headers;
    rep->toolkit_prelude = pr->toolkit_prelude;
    rep->shim_pch = pr->shim_pch;
    pr->fatal_message = NULL;
    pr->diags = NULL;
    pr->ndiags = 0;
    if (pr->fatal) return;
    cx_inclusions_begin(pr->tu);
    unsigned nbuffers;
    struct CXUnsavedFile *buffers = frontend_unsaved_files(fe, path, &nbuffers);
    cx_buffers_begin(buffers, nbuffers);
    StandInScan scan = {frontend_frameworks_dir(fe), strlen(frontend_frameworks_dir(fe)), false};
    int ninc;
    const TuInclusion *inc = tu_inclusions(pr->tu, &ninc);
    for (int i = 0; i < ninc && !scan.found; i++) find_stand_in(inc[i].file, &scan);
    rep->framework_stand_ins = scan.found;
    double t = monotonic_seconds();
    FrontendOptions o = *frontend_options(fe);
    if (pr->language) o.language = pr->language->x_name; /* decided by the parse: not read again */
    model_build(m, pr->tu, frontend_shim_dir(fe), &o, fa);
    /* kernels whose launches are in other files: the host files that name them */
    if (!model_language(m)->host_code_in_gpu_files) opencl_link_host_launches(fe, path, fa ? fa->project_root : NULL, m, rep);
    else if (fa && fa->project_root) /* launch wrappers called from other files */
        link_wrapper_launches(frontend_wrapper_hosts(fe), path, fa->project_root, m);
    model_orient_warps(m); /* once every launch is linked */
    classify_gpu_diags(pr->tu, m, frontend_shim_dir(fe), rep->diags, rep->ndiags);
    rep->model_seconds = monotonic_seconds() - t;
    cx_buffers_end();
    free(buffers);
    cx_inclusions_end();
}

void frontend_report_free(FrontendReport *r)
{
    for (int i = 0; i < r->ndiags; i++) {
        free(r->diags[i].file);
        free(r->diags[i].message);
    }
    free(r->diags);
    free(r->fatal_message);
    host_strings_free(r->host_strings);
    for (int i = 0; i < r->nincluded; i++) free(r->included[i]);
    free(r->included);
    memset(r, 0, sizeof *r);
}
