/* document.c - kept documents (see frontend.h): one file's translation
 * unit kept between analyses and reparsed with libclang's precompiled
 * preamble.  parse.c decides the flags exactly as for a fresh parse and
 * reparses the kept TU only when they are the same (KeptTu).  A slow
 * file's reparses leave out the host statements that feed no launch
 * (host_slice.h) once a parse so sliced gave the same model. */
#include "frontend/cx.h"
#include "frontend/frontend.h"
#include "frontend/host_slice.h"
#include "frontend/model_build.h"
#include "frontend/parse.h"
#include "model/dump.h"
#include "util/clock.h"
#include "util/fnv1a.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A whole parse at least this slow is worth checking a slice for: the
 * check costs one more parse, and a fast file's reparse gains little. */
#define SLICE_MIN_PARSE_SECONDS 0.3

struct FrontendDocument {
    Frontend *fe;
    char *path;
    KeptTu kept;
    HostSlice slice;              /* checked: the sliced text gave the whole text's model */
    bool slice_stale;             /* an edit touched a sliced function: parsed whole, unchecked */
    unsigned long long slice_key; /* the arguments, preprocessor lines and open buffers of that check */
    char *sliced;                 /* the text of the last sliced parse, alive while its model is read */
    /* a whole parse to check a slice against: its main file's model and
     * its errors, as text (NULL: no check due) */
    char *check_model, *check_diags;
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

void frontend_document_drop_slice(FrontendDocument *d)
{
    if (!d) return;
    host_slice_clear(&d->slice);
    d->slice_stale = false;
}

void frontend_document_close(FrontendDocument *d)
{
    if (!d) return;
    kept_tu_free(&d->kept);
    host_slice_clear(&d->slice);
    free(d->sliced);
    free(d->check_model);
    free(d->check_diags);
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

static bool analyse_text(FrontendDocument *d, const char *contents, unsigned long size, const FileArgs *fa,
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

/* The model as text (model/dump.h): what the rules read of it. */
static char *model_text(const Model *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    model_dump(f, m);
    fclose(f);
    return buf;
}

static bool in_model_file(const Model *m, const SrcRange *r)
{
    return !r->file || strcmp(r->file, m->file) == 0;
}

/* The part of the model a slice can change, as text: the main file's
 * kernels, launches, __constant__ writes and notes.  A first parse (or one
 * that rebuilt the preamble) also lists the declarations of the
 * preamble's headers, which libclang's reparses do not: a header's
 * template kernel that no launch of the file names, its host functions'
 * launches.  Kernels the file's launches instantiate from headers depend
 * on those launches only. */
static char *main_file_text(const Model *m)
{
    Model v = *m;
    int *index = xcalloc((size_t)m->nkernels + 1, sizeof *index);
    v.kernels = xcalloc((size_t)m->nkernels + 1, sizeof *v.kernels);
    v.nkernels = 0;
    for (int i = 0; i < m->nkernels; i++) {
        index[i] = in_model_file(m, &m->kernels[i].range) ? v.nkernels : -1;
        if (index[i] >= 0) v.kernels[v.nkernels++] = m->kernels[i];
    }
    v.launches = xcalloc((size_t)m->nlaunches + 1, sizeof *v.launches);
    v.nlaunches = 0;
    for (int i = 0; i < m->nlaunches; i++) {
        if (!in_model_file(m, &m->launches[i].range)) continue;
        Launch *L = &v.launches[v.nlaunches++];
        *L = m->launches[i];
        if (L->kernel >= 0 && L->kernel < m->nkernels) L->kernel = index[L->kernel];
    }
    v.symbol_writes = xcalloc((size_t)m->nsymbol_writes + 1, sizeof *v.symbol_writes);
    v.nsymbol_writes = 0;
    for (int i = 0; i < m->nsymbol_writes; i++)
        if (in_model_file(m, &m->symbol_writes[i].range)) v.symbol_writes[v.nsymbol_writes++] = m->symbol_writes[i];
    v.notes = xcalloc((size_t)m->nnotes + 1, sizeof *v.notes);
    v.nnotes = 0;
    for (int i = 0; i < m->nnotes; i++)
        if (in_model_file(m, &m->notes[i].range)) v.notes[v.nnotes++] = m->notes[i];
    char *text = model_text(&v);
    free(index);
    free(v.kernels);
    free(v.launches);
    free(v.symbol_writes);
    free(v.notes);
    return text;
}

/* A parse's errors as text, one a line. */
static char *diags_text(const FrontendReport *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    fprintf(f, "fatal %d\n", r->fatal);
    for (int i = 0; i < r->ndiags; i++)
        fprintf(f, "%d %s:%u:%u %s\n", (int)r->diags[i].level, r->diags[i].file ? r->diags[i].file : "",
                r->diags[i].line, r->diags[i].col, r->diags[i].message ? r->diags[i].message : "");
    fclose(f);
    return buf;
}

static bool same_text(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* Whether a whole parse's analysis is worth a slice: slow enough, of a
 * file with host code. */
static bool slice_wanted(const FrontendDocument *d, const Model *m, const FrontendReport *rep)
{
    SlicePolicy policy = frontend_options(d->fe)->slice;
    bool wanted = policy == SLICE_ALWAYS || (policy == SLICE_WHEN_SLOW && rep->parse_seconds >= SLICE_MIN_PARSE_SECONDS);
    /* OpenCL C has no host code: its functions without __kernel are the device's */
    return wanted && !rep->fatal && d->kept.tu && !d->kept.no_preamble && m->language != LANG_OPENCL;
}

HostSliceUse frontend_document_check_slice(FrontendDocument *d, const char *contents, unsigned long size,
                                           const FileArgs *fa, const FrontendBuffer *open, int nopen)
{
    char *want_model = d->check_model, *want_diags = d->check_diags;
    d->check_model = d->check_diags = NULL;
    HostSliceUse use = HOST_SLICE_NONE;
    HostSlice s;
    if (want_model && want_diags && contents && d->kept.tu && host_slice_find(d->kept.tu, d->path, contents, size, &s)) {
        unsigned long long key = inclusion_key(d->kept.key, contents, size, open, nopen);
        char *sliced = host_slice_text(&s);
        Model m;
        FrontendReport r;
        model_init(&m, d->path);
        analyse_text(d, sliced, size, fa, open, nopen, &m, &r);
        char *got_model = main_file_text(&m), *got_diags = diags_text(&r);
        bool same = inclusion_key(d->kept.key, contents, size, open, nopen) == key && r.reused &&
                    same_text(want_model, got_model) && same_text(want_diags, got_diags);
        free(got_model);
        free(got_diags);
        model_free(&m);
        frontend_report_free(&r);
        free(sliced);
        if (same) {
            d->slice = s;
            d->slice_key = key;
            use = HOST_SLICE_CHECKED;
        } else {
            host_slice_clear(&s);
            use = HOST_SLICE_REFUSED;
        }
    }
    free(want_model);
    free(want_diags);
    return use;
}

/* A document's analysis: sliced while its checked slice follows the edits;
 * else whole, and a slice checked after it (frontend_document_check_slice),
 * except while the edits are in
 * a function the last slice shortened (typing in main: each parse whole,
 * as without slices, and the check once the edits move elsewhere). */
bool frontend_document_analyse(FrontendDocument *d, const char *contents, unsigned long size, const FileArgs *fa,
                               const FrontendBuffer *open, int nopen, Model *m, FrontendReport *rep)
{
    free(d->sliced);
    d->sliced = NULL;
    bool check = contents != NULL;
    if (d->slice.text && contents) {
        unsigned long long key = inclusion_key(d->kept.key, contents, size, open, nopen);
        SliceEdit edit = key == d->slice_key ? host_slice_follow(&d->slice, contents, size) : SLICE_EDIT_DIRECTIVE;
        if (edit == SLICE_EDIT_OUTSIDE && !d->slice_stale) {
            char *sliced = host_slice_text(&d->slice);
            bool ok = analyse_text(d, sliced, size, fa, open, nopen, m, rep);
            d->sliced = sliced;
            if (inclusion_key(d->kept.key, contents, size, open, nopen) == key) {
                rep->host_slice = HOST_SLICE_USED;
                return ok;
            }
            /* parsed with other arguments: the check no longer holds */
            const char *file = m->file;
            model_free(m);
            model_init(m, file);
            frontend_report_free(rep);
        } else if (edit == SLICE_EDIT_IN_FUNCTION) {
            d->slice_stale = true;
            check = false;
        }
        if (check) {
            host_slice_clear(&d->slice);
            d->slice_stale = false;
        }
    }
    bool ok = analyse_text(d, contents, size, fa, open, nopen, m, rep);
    free(d->check_model);
    free(d->check_diags);
    d->check_model = d->check_diags = NULL;
    if (ok && check && slice_wanted(d, m, rep)) { /* frontend_document_check_slice, when the caller is done */
        d->check_model = main_file_text(m);
        d->check_diags = diags_text(rep);
    }
    return ok;
}
