/* document.c - kept documents (see frontend.h): one file's translation
 * unit kept between analyses and reparsed with libclang's precompiled
 * preamble.  parse.c decides the flags exactly as for a fresh parse and
 * reparses the kept TU only when they are the same (KeptTu). */
#include "frontend/cx.h"
#include "frontend/frontend.h"
#include "frontend/model_build.h"
#include "frontend/parse.h"
#include "util/clock.h"
#include "util/fnv1a.h"
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

void frontend_document_without_preamble(FrontendDocument *d)
{
    if (d) d->kept.no_preamble = true;
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

static void on_inclusion(CXFile file, Inclusions *inc)
{
    CXString name = clang_getFileName(file);
    const char *s = clang_getCString(name);
    if (s && *s && strcmp(s, inc->main_file) != 0) *VEC_PUSH(inc->files, inc->n) = xstrdup(s);
    clang_disposeString(name);
}

/* What a parse's inclusions depend on, apart from the files on disk: the
 * arguments, the document's preprocessor lines (an edit elsewhere cannot
 * change what is included) and the other open buffers' texts. */
static unsigned long long inclusion_key(const char *args, const char *text, unsigned long size,
                                        const FrontendBuffer *open, int nopen)
{
    unsigned long long h = fnv1a64(FNV1A64_SEED, args ? args : "", args ? strlen(args) : 0);
    bool line_start = true;
    for (unsigned long i = 0; i < size; i++) {
        if (line_start) {
            unsigned long j = i;
            while (j < size && (text[j] == ' ' || text[j] == '\t')) j++;
            if (j < size && text[j] == '#') {
                unsigned long e = j;
                while (e < size && !(text[e] == '\n' && text[e - 1] != '\\')) e++;
                h = fnv1a64(h, text + j, e - j);
                i = e;
                if (i >= size) break;
            }
        }
        line_start = text[i] == '\n';
    }
    for (int i = 0; i < nopen; i++) {
        h = fnv1a64(h, open[i].path, strlen(open[i].path));
        h = fnv1a64(h, open[i].contents, open[i].size);
    }
    return h;
}

/* Remembers the files the kept parse includes, by name. */
static void keep_inclusions(KeptTu *k, CXTranslationUnit tu, unsigned long long key)
{
    for (int i = 0; i < k->nincluded; i++) free(k->included[i]);
    k->nincluded = 0;
    int n;
    const TuInclusion *all = tu_inclusions(tu, &n);
    k->included = xrealloc(k->included, (size_t)(n ? n : 1) * sizeof *k->included);
    k->included_depth = xrealloc(k->included_depth, (size_t)(n ? n : 1) * sizeof *k->included_depth);
    for (int i = 0; i < n; i++) {
        CXString name = clang_getFileName(all[i].file);
        k->included[i] = xstrdup(clang_getCString(name) ? clang_getCString(name) : "");
        k->included_depth[i] = all[i].depth;
        clang_disposeString(name);
    }
    k->nincluded = n;
    k->included_key = key;
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
    rep->parse_seconds = monotonic_seconds() - t;
    rep->reused = d->kept.reused && pr.tu_kept;
    cx_inclusions_begin(pr.tu); /* one walk for the model and the list below */
    unsigned long long key = inclusion_key(d->kept.key, contents, size, open, nopen);
    bool preset = rep->reused && !pr.fatal && d->kept.included && d->kept.included_key == key &&
                  cx_inclusions_preset(pr.tu, d->kept.included, d->kept.included_depth, d->kept.nincluded);
    frontend_report_from_parse(fe, d->path, fa, &pr, m, rep);
    if (!preset && !rep->fatal && pr.tu_kept) keep_inclusions(&d->kept, pr.tu, key);
    if (!rep->fatal) {
        Inclusions inc = {d->path, NULL, 0};
        int n;
        const TuInclusion *all = tu_inclusions(pr.tu, &n);
        for (int i = 0; i < n; i++) on_inclusion(all[i].file, &inc);
        rep->included = inc.files;
        rep->nincluded = inc.n;
    }
    cx_inclusions_end();
    /* kept until here: the model reads the open headers' texts (cx.c) */
    frontend_set_other_buffers(fe, NULL, 0);
    frontend_set_unsaved(fe, NULL, NULL, 0);
    parse_result_free(&pr);
    return !rep->fatal;
}
