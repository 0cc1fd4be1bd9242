/* context.c - see context.h. */
#include "engine/context.h"
#include "project/instantiation_decls.h"
#include "project/kernel_text.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* A real path as the report names files: relative to the working directory
 * when the user named `like` relatively and it lies below it. */
static const char *display_path(Arena *a, const char *real, const char *like)
{
    char cwd[PATH_MAX];
    if (like[0] != '/' && getcwd(cwd, sizeof cwd)) {
        size_t n = strlen(cwd);
        if (strncmp(real, cwd, n) == 0 && real[n] == '/') return arena_strdup(a, real + n + 1);
    }
    return arena_strdup(a, real);
}

static bool has_extension(const char *path, const char *ext)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) && strcmp(dot, ext) == 0;
}

/* An editor's buffer that holds what is on disk (a file just opened or
 * saved) is analysed like the file. */
static bool buffer_is_saved(const char *path, const char *contents, size_t size)
{
    long n;
    char *disk = read_file(path, &n);
    bool same = disk && (size_t)n == size && memcmp(disk, contents, size) == 0;
    free(disk);
    return same;
}

/* A translation unit with device lambdas, or with explicit instantiation
 * definitions (`template void launch<half>(...);`), also models the generic
 * launchers (kernel templates) of the fragments it reaches that another
 * unit owns: the kernels its lambdas are run by, or its instantiations
 * launch, exist only in this unit's instantiations (fragments.h). */
static void add_launchers(FragmentSet *fs, const char *abs, const char *contents, size_t size, FileContext *out)
{
    const char **launchers = NULL;
    int nlaunchers = fragments_launchers_reached(fs, abs, &launchers); /* the graph first: no read without one */
    char *text = NULL;
    long n = 0;
    if (nlaunchers) text = contents ? xstrndup(contents, size) : read_file(abs, &n);
    size_t *offsets = NULL;
    bool instantiates = text && (text_device_lambdas(text, 1) > 0 ||
                                 explicit_instantiation_offsets(text, contents ? size : (size_t)n, &offsets) > 0);
    free(offsets);
    free(text);
    if (!instantiates) {
        free(launchers);
        return;
    }
    const char **all = arena_alloc(&out->arena, sizeof *all * (size_t)(out->nmodel_files + nlaunchers));
    for (int i = 0; i < out->nmodel_files; i++) all[i] = out->model_files[i];
    for (int i = 0; i < nlaunchers; i++) all[out->nmodel_files + i] = arena_strdup(&out->arena, launchers[i]);
    free(launchers);
    out->model_files = all;
    out->nmodel_files += nlaunchers;
    out->nlauncher_files = nlaunchers;
}

bool file_context_mark_failed(StrMap *run, char *const *owners, int n)
{
    for (int i = 0; i < n; i++) *strmap_get(run, owners[i]) = 2;
    return n > 0;
}

/* The owner to analyse a fragment through: its own, or, when that failed
 * earlier (2 in run), the first other translation unit that reaches it and
 * did not fail; the failed owner when there is none. */
static const char *next_owner(const FragmentInfo *fi, StrMap *run)
{
    if (!run || *strmap_get(run, fi->owner) != 2) return fi->owner;
    for (int i = 0; i < fi->nroots; i++)
        if (*strmap_get(run, fi->roots[i]) != 2) return fi->roots[i];
    return fi->owner;
}

void file_context_plan(FragmentSet *fs, StrMap *run, const char *path, const char *contents, size_t size,
                       FileContext *out)
{
    memset(out, 0, sizeof *out);
    out->parse_path = path;
    char abs[PATH_MAX];
    if (!fs || !realpath(path, abs)) return;
    const FragmentInfo *fi = fragments_info(fs, abs);
    if (!fi) return;
    Arena *a = &out->arena;
    if (fi->owner) {
        const char *real_owner = next_owner(fi, run);
        const char *owner = display_path(a, real_owner, path);
        if (contents && !buffer_is_saved(path, contents, size)) {
            out->alone_reason = arena_printf(a, "an unsaved editor buffer: analysed alone, not through %s", owner);
            return;
        }
        out->through = owner;
        if (run && *strmap_get(run, real_owner)) { /* in the run, or failed with no other to try */
            out->owner_in_run = true;
            return;
        }
        out->parse_path = owner;
        out->focus = arena_strdup(a, abs);
        const char **one = arena_alloc(a, sizeof *one);
        one[0] = out->focus;
        out->model_files = one;
        out->nmodel_files = 1;
        return;
    }
    if (fi->fragment_kind && !has_extension(abs, ".cu") && !has_extension(abs, ".hip") && !has_extension(abs, ".cl"))
        out->alone_reason = fi->nincluders
                                ? arena_printf(a, "no CUDA translation unit of the project reaches it (it is included by "
                                                  "%s): analysed alone",
                                               display_path(a, fi->includers[0].path, path))
                                : "no file of the project includes it: analysed alone";
    out->nmodel_files = fragments_owned_by(fs, abs, &out->model_files);
    add_launchers(fs, abs, contents, size, out);
}

/* Real paths of the files findings name, looked up once per name. */
typedef struct {
    const char **names, **reals; int n;
} RealCache;

static const char *real_of(RealCache *rc, Arena *a, const char *name)
{
    for (int i = 0; i < rc->n; i++)
        if (strcmp(rc->names[i], name) == 0) return rc->reals[i];
    char real[PATH_MAX];
    *VEC_PUSH(rc->names, rc->n) = name;
    rc->n--;
    *VEC_PUSH(rc->reals, rc->n) = realpath(name, real) ? arena_strdup(a, real) : NULL;
    return rc->reals[rc->n - 1];
}

static void rename_file(Finding *f, const char *from, const char *to)
{
    if (f->range.file == from || (f->range.file && strcmp(f->range.file, from) == 0)) f->range.file = to;
    for (int i = 0; i < f->nrelated; i++)
        if (f->related[i].range.file && strcmp(f->related[i].range.file, from) == 0) f->related[i].range.file = to;
    for (int i = 0; i < f->nfixes; i++)
        for (int j = 0; j < f->fixes[i].nreplacements; j++) {
            SrcRange *r = &f->fixes[i].replacements[j].range;
            if (r->file && strcmp(r->file, from) == 0) r->file = to;
        }
}

static bool device_root(const Model *m, const char *kernel)
{
    for (int i = 0; kernel && i < m->nkernels; i++)
        if (m->kernels[i].device_root && strcmp(m->kernels[i].name, kernel) == 0) return true;
    return false;
}

int file_context_finish(FragmentSet *fs, const FileContext *c, const char *path, const Model *m, FindingList *l)
{
    Arena scratch = {0};
    RealCache rc = {NULL, NULL, 0};
    int kernels = m->nkernels;
    if (c->focus) {
        bool *keep = xcalloc(l->n > 0 ? (size_t)l->n : 1, sizeof *keep);
        for (int i = 0; i < l->n; i++) {
            const char *file = l->items[i].range.file;
            const char *real = file ? real_of(&rc, &scratch, file) : NULL;
            keep[i] = real && strcmp(real, c->focus) == 0;
        }
        findings_retain(l, keep);
        free(keep);
        kernels = 0;
        for (int i = 0; i < m->nkernels; i++) {
            const char *file = m->kernels[i].range.file;
            const char *real = file ? real_of(&rc, &scratch, file) : NULL;
            kernels += real && strcmp(real, c->focus) == 0;
        }
    }
    for (int i = 0; i < l->n; i++) {
        Finding *f = &l->items[i];
        if (device_root(m, f->kernel)) finding_str(l, f, "context", "device function no kernel calls");
        const char *file = f->range.file;
        const char *real = file && fs ? real_of(&rc, &scratch, file) : NULL;
        const FragmentInfo *fi = real ? fragments_info(fs, real) : NULL;
        if (!fi || !fi->owner) continue;
        const char *name = c->focus ? path : display_path(&l->arena, real, path);
        if (strcmp(name, file) != 0) rename_file(f, file, arena_strdup(&l->arena, name));
        for (int k = 0; fi->nincluders > 1 && k < fi->nincluders; k++) {
            SrcRange r = {display_path(&scratch, fi->includers[k].path, path), (unsigned)fi->includers[k].line, 1,
                          (unsigned)fi->includers[k].line, 1};
            finding_related(l, f, r, "%s is included here (one of %d includers; analysed through %s)",
                            strrchr(name, '/') ? strrchr(name, '/') + 1 : name, fi->nincluders,
                            display_path(&scratch, fi->owner, path));
        }
    }
    free(rc.names);
    free(rc.reals);
    arena_free(&scratch);
    return kernels;
}

void file_context_free(FileContext *c)
{
    arena_free(&c->arena);
    memset(c, 0, sizeof *c);
}
