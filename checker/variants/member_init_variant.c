/* member_init_variant.c - a project header's member initializer that names
 * what a missing header declares, value-initialized for one more parse.
 *
 * A constructor whose member initializer fails (`use_pool_{
 * ConfigStore::Get()->use_pool}` with ConfigStore from a submodule that is
 * not checked out) makes clang drop the whole class template: an
 * allocator built that way leaves every container of it without members,
 * every `auto p = v.data()` without a type, and every lambda that captures
 * such a pointer without its accesses, although the kernels' code is all
 * there.  An error in a function body does not do that.  So when a parse
 * that lacks a header has such errors inside member initializer lists of
 * the project's files, those initializers' arguments are blanked (read as
 * `member{}`) in copies given to one more parse, which stays when it has
 * fewer errors.  Lines and columns do not move; the files on disk are not
 * touched.  Only for a file with device lambdas that no modelled kernel
 * runs; an editor's document is parsed as typed. */
#include "variants/member_init_text.h"
#include "variants/variant.h"
#include "project/kernel_text.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATCHED 16

typedef struct {
    char path[PATH_MAX];
    char *text;
    size_t size;
} Patched;

typedef struct {
    Patched files[MAX_PATCHED];
    int nfiles;
    int blanked;                 /* initializers value-initialized */
    char first[PATH_MAX + 32];   /* where the first one is, for the note */
    bool used;                   /* the new parse stayed */
} MemberInitState;

/* A name the parse did not know: undeclared, or missing from a namespace or
 * a class (what a missing header would have declared). */
static bool unknown_name_error(const char *message)
{
    char name[128];
    return diag_undefined_name(message, true, name, sizeof name) || strncmp(message, "no member named '", 17) == 0 ||
           strncmp(message, "no template named '", 19) == 0;
}

/* The file's text as the parse read it: an editor's or the engine's buffer,
 * else the disk. */
static char *text_of_file(const FrontendBuffer *bufs, int nbufs, const char *path, size_t *size)
{
    for (int i = 0; i < nbufs; i++)
        if (strcmp(bufs[i].path, path) == 0) {
            *size = bufs[i].size;
            return xstrndup(bufs[i].contents, bufs[i].size);
        }
    long n = 0;
    char *t = read_file(path, &n);
    *size = t ? (size_t)n : 0;
    return t;
}

static Patched *patched_file(MemberInitState *s, const FrontendBuffer *bufs, int nbufs, const char *path)
{
    for (int i = 0; i < s->nfiles; i++)
        if (strcmp(s->files[i].path, path) == 0) return &s->files[i];
    if (s->nfiles == MAX_PATCHED) return NULL;
    size_t size = 0;
    char *text = text_of_file(bufs, nbufs, path, &size);
    if (!text) return NULL;
    Patched *f = &s->files[s->nfiles++];
    snprintf(f->path, sizeof f->path, "%s", path);
    f->text = text;
    f->size = size;
    return f;
}

/* Lambdas of the file that no modelled kernel runs (`(lambda at F:L:C)`
 * in the kernels' names, against the device lambdas the text holds), or
 * one that a kernel runs with an access of no known element type (a
 * capture whose type was lost).  The second parse costs more than the
 * first (the types it makes valid instantiate their templates), so it is
 * made only for a file with that blindness, the one it cures. */
static bool lambdas_unmodelled(const FileParse *p)
{
    long n = 0; /* NUL-terminated: an editor's or the engine's buffer is not */
    char *text = p->contents ? xstrndup(p->contents, p->size) : read_file(p->tu, &n);
    if (!text) return false;
    int written = text_device_lambdas(text, 1 << 20);
    free(text);
    const char **seen = NULL;
    int nseen = 0;
    bool typeless = false;
    for (int i = 0; i < p->m.nkernels && !typeless; i++) {
        const Kernel *k = &p->m.kernels[i];
        const char *l = strstr(k->name, "(lambda at ");
        /* a capture whose type was lost: an access of no known element */
        for (int a = 0; l && a < k->naccesses && !typeless; a++) typeless = k->accesses[a].elem_bytes <= 0;
        for (; l && nseen < written; l = strstr(l + 1, "(lambda at ")) {
            const char *e = strchr(l, ')');
            size_t len = e ? (size_t)(e - l) : strlen(l);
            bool dup = false;
            for (int j = 0; j < nseen && !dup; j++) dup = strncmp(seen[j], l, len) == 0 && seen[j][len] == ')';
            if (!dup) *VEC_PUSH(seen, nseen) = l;
        }
    }
    free(seen);
    return typeless || nseen < written;
}

static void member_init_after_parse(void *state, const VariantEnv *env, FileParse *p)
{
    MemberInitState *s = state;
    if (p->editor || !p->analysed || !model_language(&p->m)->host_code_in_gpu_files || !p->fa.project_root ||
        frontend_report_errors(&p->pr) == 0)
        return;
    bool missing_header = false;
    for (int i = 0; i < p->pr.ndiags && !missing_header; i++) missing_header = strstr(p->pr.diags[i].message, "file not found") != NULL;
    if (!missing_header || !lambdas_unmodelled(p)) return;
    char root[PATH_MAX], tu[PATH_MAX];
    if (!realpath(p->fa.project_root, root) || !realpath(p->tu, tu)) return;
    int nbufs = 0;
    const FrontendBuffer *bufs = frontend_other_buffers(env->frontend, &nbufs);
    for (int i = 0; i < p->pr.ndiags; i++) {
        const Diag *d = &p->pr.diags[i];
        char path[PATH_MAX];
        if (d->level != DIAG_ERROR || !d->file || !d->line || !unknown_name_error(d->message) ||
            !realpath(d->file, path) || !path_is_under(path, root) || strcmp(path, tu) == 0)
            continue;
        Patched *f = patched_file(s, bufs, nbufs, path);
        long at = f ? text_offset(f->text, (long)f->size, d->line, d->col ? d->col : 1) : -1;
        size_t open, close;
        if (at < 0 || !member_initializer_span(f->text, f->size, (size_t)at, &open, &close)) continue;
        bool blank = true; /* already blanked by an earlier error in it */
        for (size_t j = open + 1; j < close && blank; j++) blank = isspace((unsigned char)f->text[j]);
        if (blank) continue;
        for (size_t j = open + 1; j < close; j++)
            if (f->text[j] != '\n') f->text[j] = ' ';
        if (!s->blanked++) snprintf(s->first, sizeof s->first, "%s:%u", d->file, d->line);
    }
    if (!s->blanked) return;
    FrontendBuffer *all = xmalloc(sizeof *all * (size_t)(nbufs + s->nfiles));
    int n = 0;
    for (int i = 0; i < nbufs; i++) {
        bool replaced = false;
        for (int j = 0; j < s->nfiles && !replaced; j++) replaced = strcmp(bufs[i].path, s->files[j].path) == 0;
        if (!replaced) all[n++] = bufs[i];
    }
    for (int j = 0; j < s->nfiles; j++) all[n++] = (FrontendBuffer){s->files[j].path, s->files[j].text, s->files[j].size};
    frontend_set_other_buffers(env->frontend, all, n);
    s->used = file_parse_again_if_fewer_errors(env, p);
    frontend_set_other_buffers(env->frontend, bufs, nbufs);
    free(all);
}

static void member_init_report(void *state, const FileParse *p, Diagnostics *d)
{
    MemberInitState *s = state;
    if (!s->used) return;
    diag_note(d, p->tu, 0, 0,
              "parsed with %d member initializer%s value-initialized (the first at %s): %s a name a missing header "
              "declares, and clang drops a class whose constructor's initializer fails",
              s->blanked, s->blanked == 1 ? "" : "s", s->first, s->blanked == 1 ? "it uses" : "they use");
    d->notes[d->nnotes - 1].informational = true;
}

static void member_init_finish(void *state)
{
    MemberInitState *s = state;
    for (int i = 0; i < s->nfiles; i++) free(s->files[i].text);
    s->nfiles = 0;
}

const ParseVariant member_init_variant = {
    .name = "member initializers that name what a missing header declares",
    .state_size = sizeof(MemberInitState),
    .after_parse = member_init_after_parse,
    .report = member_init_report,
    .finish = member_init_finish,
};
