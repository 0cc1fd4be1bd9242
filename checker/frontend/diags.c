/* diags.c - a parse's diagnostics: collected from libclang (errors and
 * worse; a missing include a note), counted, added, freed. */
#include "frontend/parse.h"
#include "frontend/trusted_files.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static DiagLevel level_of(enum CXDiagnosticSeverity s)
{
    if (s >= CXDiagnostic_Error) return DIAG_ERROR;
    if (s == CXDiagnostic_Warning) return DIAG_WARNING;
    return DIAG_NOTE;
}

bool is_missing_include(const char *msg)
{
    return strstr(msg, "file not found") != NULL;
}

/* CUDA library headers the shim does not provide but a toolkit does. */
bool is_cuda_library_header(const char *msg)
{
    static const char *const libs[] = {"cuda_fp16", "cuda_bf16", "cooperative_groups", "cub/", "thrust/", "mma.h",
                                       "curand", "cublas", "cufft", "cuda/", "cuda_pipeline", "cuda_awbarrier",
                                       "sm_", "device_functions", "texture_", "surface_", "cusparse", "nvrtc",
                                       "cuda_fp8", "math_functions", "crt/"};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
        if (strstr(msg, libs[i])) return true;
    return false;
}

/* The diagnostics in files outside the trusted directories become one per
 * file, by path only: their messages quote the file's tokens. */
static void withhold_untrusted(ParseResult *r, int first, TrustedDirs *trust)
{
    int out = first;
    for (int i = first; i < r->ndiags; i++) {
        Diag *d = &r->diags[i];
        if (trusted_dirs_contain(trust, d->file)) {
            r->diags[out++] = *d;
            continue;
        }
        Diag *same = NULL; /* this file's summary, made at its first diagnostic */
        for (int k = first; k < out && !same; k++)
            if (r->diags[k].withheld && strcmp(r->diags[k].file, d->file) == 0) same = &r->diags[k];
        if (!same) {
            same = &r->diags[out++];
            *same = *d;
            same->message = NULL;
            same->line = same->col = 0;
            same->withheld = 0;
        } else {
            free(d->file);
        }
        free(d->message);
        if (d->level == DIAG_ERROR) same->level = DIAG_ERROR;
        same->withheld++;
        free(same->message);
        char msg[200];
        snprintf(msg, sizeof msg,
                 "%d diagnostic%s of this file not shown: it is outside the project and the include directories "
                 "the build names, so gpulint does not copy its text into reports",
                 same->withheld, same->withheld == 1 ? "" : "s");
        same->message = xstrdup(msg);
    }
    r->ndiags = out;
}

void collect_diags(CXTranslationUnit tu, ParseResult *r, TrustedDirs *trust)
{
    int first = r->ndiags;
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
        dg->in_gpu_code = true; /* until gpu_code.c knows better */
        CXString category = clang_getDiagnosticCategoryText(d);
        const char *cat = clang_getCString(category);
        dg->preprocessor = cat && (strstr(cat, "Preprocessor") || strstr(cat, "User-Defined"));
        clang_disposeString(category);
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
    if (trust) withhold_untrusted(r, first, trust);
}

int error_count(const ParseResult *r)
{
    int n = 0;
    for (int i = 0; i < r->ndiags; i++) n += r->diags[i].level == DIAG_ERROR;
    return n;
}

void parse_add_diag(ParseResult *r, DiagLevel level, const char *path, const char *message)
{
    Diag *d = VEC_PUSH(r->diags, r->ndiags);
    *d = (Diag){.level = level, .in_gpu_code = true};
    d->file = xstrdup(path);
    d->message = xstrdup(message);
}

void parse_result_free(ParseResult *r)
{
    for (int i = 0; i < r->ndiags; i++) {
        free(r->diags[i].file);
        free(r->diags[i].message);
    }
    free(r->diags);
    free(r->fatal_message);
    if (r->tu && !r->tu_kept) clang_disposeTranslationUnit(r->tu);
    memset(r, 0, sizeof *r);
}

bool diag_undefined_name(const char *message, bool type_names, char *name, size_t n)
{
    static const char undeclared[] = "use of undeclared identifier '", unknown_type[] = "unknown type name '";
    const char *p = NULL;
    if (strncmp(message, undeclared, sizeof undeclared - 1) == 0) p = message + sizeof undeclared - 1;
    else if (type_names && strncmp(message, unknown_type, sizeof unknown_type - 1) == 0)
        p = message + sizeof unknown_type - 1;
    const char *q = p ? strchr(p, '\'') : NULL;
    if (!q || q == p || (size_t)(q - p) >= n) return false;
    memcpy(name, p, (size_t)(q - p));
    name[q - p] = 0;
    return true;
}

int frontend_report_errors(const FrontendReport *rep)
{
    int n = 0;
    for (int i = 0; i < rep->ndiags; i++) n += rep->diags[i].level == DIAG_ERROR || rep->diags[i].build_time_error;
    return n;
}
