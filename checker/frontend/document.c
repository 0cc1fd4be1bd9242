/* document.c - kept documents (see frontend.h): one file's translation
 * unit kept between analyses and reparsed with libclang's precompiled
 * preamble.  parse.c decides the flags exactly as for a fresh parse and
 * reparses the kept TU only when they are the same (KeptTu). */
#include "frontend/frontend.h"
#include "frontend/model_build.h"
#include "frontend/parse.h"
#include "util/clock.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

struct FrontendDocument {
    Frontend *fe;
    char *path;
    KeptTu kept;
};

FrontendDocument *frontend_document_open(Frontend *fe, const char *path)
{
    FrontendDocument *d = xcalloc(1, sizeof *d);
    d->fe = fe;
    d->path = xstrdup(path);
    return d;
}

void frontend_document_close(FrontendDocument *d)
{
    if (!d) return;
    kept_tu_free(&d->kept);
    free(d->path);
    free(d);
}

typedef struct {
    const char *main_file;
    char **files;
    int n;
} Inclusions;

static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)depth;
    Inclusions *inc = data;
    CXString name = clang_getFileName(file);
    const char *s = clang_getCString(name);
    if (s && *s && strcmp(s, inc->main_file) != 0) *VEC_PUSH(inc->files, inc->n) = xstrdup(s);
    clang_disposeString(name);
}

bool frontend_document_analyse(FrontendDocument *d, const char *contents, unsigned long size, const FileArgs *fa,
                               const FrontendBuffer *open, int nopen, Model *m, FrontendReport *rep)
{
    Frontend *fe = d->fe;
    memset(rep, 0, sizeof *rep);
    double t = monotonic_seconds();
    d->kept.reused = false;
    frontend_set_unsaved(fe, d->path, contents, size);
    frontend_set_other_buffers(fe, open, nopen);
    frontend_set_file_args(fe, fa);
    frontend_set_kept(fe, &d->kept);
    ParseResult pr = frontend_parse(fe, d->path);
    frontend_set_kept(fe, NULL);
    frontend_set_file_args(fe, NULL);
    frontend_set_other_buffers(fe, NULL, 0);
    frontend_set_unsaved(fe, NULL, NULL, 0);
    rep->parse_seconds = monotonic_seconds() - t;
    rep->reused = d->kept.reused && pr.tu_kept;
    frontend_report_from_parse(fe, d->path, fa, &pr, m, rep);
    if (!rep->fatal) {
        Inclusions inc = {d->path, NULL, 0};
        clang_getInclusions(pr.tu, on_inclusion, &inc);
        rep->included = inc.files;
        rep->nincluded = inc.n;
    }
    parse_result_free(&pr);
    return !rep->fatal;
}
