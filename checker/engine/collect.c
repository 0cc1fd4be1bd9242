/* collect.c - the files of a run: GPU sources named on the command line or
 * found under directories named there (see engine.h). */
#include "engine/engine.h"
#include "model/language.h"
#include "project/fragments.h"
#include "util/oom.h"
#include "util/vec.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* -x cl / -x cuda: every file named on the command line is GPU source of
 * that language (directories are still searched by extension). */
static const char *forced_language;

void engine_force_language(const char *language)
{
    forced_language = language;
}

const char *engine_forced_language(void)
{
    return forced_language;
}

/* The language table (model/language.h) holds the one list of GPU source
 * extensions. */
static bool has_gpu_extension(const char *path)
{
    return language_for_path(path) != NULL;
}

bool is_gpu_source(const char *path)
{
    return forced_language || has_gpu_extension(path);
}

/* A file found for the run and what it is on disk: two spellings of one
 * file (x/../f.cu, a link, a hard link) are analysed once. */
typedef struct {
    char *path;
    dev_t dev;
    ino_t ino;
    int order;               /* position in path order */
} Found;

typedef struct {
    Found *found; int nfound;
    Diagnostics *diags;
} Walk;

#define MAX_WALK_DEPTH 64

static void add_found(Walk *w, char *path, const struct stat *st)
{
    Found *f = VEC_PUSH(w->found, w->nfound);
    f->path = path;
    f->dev = st->st_dev;
    f->ino = st->st_ino;
}

static const char *file_kind(mode_t m)
{
    if (S_ISFIFO(m)) return "a FIFO";
    if (S_ISSOCK(m)) return "a socket";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISDIR(m)) return "a directory";
    return "not a regular file";
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk_dir(Walk *w, const char *dir, int depth);

/* One directory entry met in a walk.  Symbolic links to directories are not
 * followed (a walk stays inside the trees named), but said so. */
static void walk_entry(Walk *w, char *p, int depth)
{
    struct stat lst, st;
    if (lstat(p, &lst) != 0) {
        if (is_gpu_source(p)) diag_error(w->diags, p, 0, 0, "cannot open: %s", strerror(errno));
        free(p);
        return;
    }
    if (S_ISDIR(lst.st_mode)) {
        walk_dir(w, p, depth + 1);
        free(p);
        return;
    }
    if (S_ISLNK(lst.st_mode)) {
        if (stat(p, &st) != 0) {
            int e = errno;
            if (is_gpu_source(p)) diag_error(w->diags, p, 0, 0, "cannot open: %s", strerror(e));
            else if (e == ELOOP) diag_note(w->diags, p, 0, 0, "symbolic link loop: not followed");
            free(p);
            return;
        }
        if (S_ISDIR(st.st_mode)) {
            diag_note(w->diags, p, 0, 0, "symbolic link to a directory: not followed (name its target to analyse it)");
            free(p);
            return;
        }
    } else {
        st = lst;
    }
    if (!has_gpu_extension(p)) {
        /* a C/C++ file is linted for its kernel strings (docs/opencl.md); a
         * C++ header that defines CUDA kernels is CUDA code (a .cuh by
         * another name: arrayfire's kernel/harris.hpp) */
        if (!forced_language && S_ISREG(st.st_mode) && (frontend_host_file_has_kernels(p) || is_cuda_kernel_header(p) || is_hip_source(p)))
            add_found(w, p, &st);
        else free(p);
    } else if (!S_ISREG(st.st_mode)) {
        diag_error(w->diags, p, 0, 0, "not a regular file (%s): not analysed", file_kind(st.st_mode));
        free(p);
    } else {
        add_found(w, p, &st);
    }
}

static void walk_dir(Walk *w, const char *dir, int depth)
{
    if (depth > MAX_WALK_DEPTH) {
        diag_error(w->diags, dir, 0, 0, "directories nested more than %d levels deep: not searched", MAX_WALK_DEPTH);
        return;
    }
    DIR *d = opendir(dir);
    if (!d) {
        diag_error(w->diags, dir, 0, 0, "cannot read this directory: %s", strerror(errno));
        return;
    }
    struct dirent *e;
    char **names = NULL;
    int nnames = 0;
    for (;;) {
        errno = 0;
        if (!(e = readdir(d))) break;
        if (e->d_name[0] == '.') continue; /* ., .., .git and other hidden entries */
        *VEC_PUSH(names, nnames) = xstrdup(e->d_name);
    }
    if (errno) diag_error(w->diags, dir, 0, 0, "cannot read this directory to the end: %s", strerror(errno));
    closedir(d);
    if (nnames) qsort(names, (size_t)nnames, sizeof *names, cmp_str);
    size_t dlen = strlen(dir);
    for (int i = 0; i < nnames; i++) {
        size_t n = dlen + strlen(names[i]) + 2;
        char *p = xmalloc(n);
        snprintf(p, n, "%s%s%s", dir, dlen && dir[dlen - 1] == '/' ? "" : "/", names[i]);
        walk_entry(w, p, depth);
        free(names[i]);
    }
    free(names);
}

static int cmp_found_path(const void *a, const void *b)
{
    return strcmp(((const Found *)a)->path, ((const Found *)b)->path);
}

static int cmp_found_identity(const void *pa, const void *pb)
{
    const Found *a = pa, *b = pb;
    if (a->dev != b->dev) return a->dev < b->dev ? -1 : 1;
    if (a->ino != b->ino) return a->ino < b->ino ? -1 : 1;
    return a->order - b->order;
}

/* The errors that name what gpulint reads: from the language table, the
 * first language's extensions first ("no .cu or .cuh files (nor OpenCL
 * .cl, .clh, .opencl) found in this directory"). */
static void no_gpu_files_error(Diagnostics *diags, const char *dir)
{
    char text[512], ext[128];
    language_extension_text(ext, sizeof ext, language_info((Language)0), " or ", " or ");
    int used = snprintf(text, sizeof text, "no %s files", ext);
    for (int i = 1; i < LANG_COUNT && used > 0 && (size_t)used < sizeof text; i++) {
        language_extension_text(ext, sizeof ext, language_info((Language)i), ", ", ", ");
        used += snprintf(text + used, sizeof text - (size_t)used, " (nor %s %s)", language_info((Language)i)->title, ext);
    }
    diag_error(diags, dir, 0, 0, "%s found in this directory", text);
}

static void not_gpu_source_error(Diagnostics *diags, const char *path)
{
    char titles[128], ext[256], x_names[128];
    int t = snprintf(titles, sizeof titles, "%s source file", language_info((Language)0)->title);
    for (int i = 1; i < LANG_COUNT && t > 0 && (size_t)t < sizeof titles; i++)
        t += snprintf(titles + t, sizeof titles - (size_t)t, ", nor %s", language_info((Language)i)->title);
    language_x_name_text(x_names, sizeof x_names, "-x ");
    language_extension_text(ext, sizeof ext, NULL, ", ", " and ");
    diag_error(diags, path, 0, 0, "not a %s (gpulint reads %s files; %s names the language of others)", titles, ext,
               x_names);
}

void engine_collect_files(const char *const *paths, int npaths, FileList *files, Diagnostics *diags)
{
    memset(files, 0, sizeof *files);
    Walk w = {NULL, 0, diags};
    for (int i = 0; i < npaths; i++) {
        const char *p = paths[i];
        struct stat st;
        if (stat(p, &st) != 0) {
            diag_error(diags, p, 0, 0, "cannot open: %s", strerror(errno));
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            int before = w.nfound, errors_before = diags->nerrors;
            walk_dir(&w, p, 0);
            if (w.nfound == before && diags->nerrors == errors_before)
                no_gpu_files_error(diags, p);
            continue;
        }
        if (!S_ISREG(st.st_mode)) {
            diag_error(diags, p, 0, 0, "not a regular file (%s)", file_kind(st.st_mode));
            continue;
        }
        if (!is_gpu_source(p) && frontend_is_host_source(p)) {
            /* a C/C++ file: linted for its kernel strings or, a header that
             * defines kernels, as CUDA; else left alone */
            if (frontend_host_file_has_kernels(p) || is_cuda_kernel_header(p) || is_hip_source(p)) add_found(&w, xstrdup(p), &st);
            continue;
        }
        if (!is_gpu_source(p)) {
            not_gpu_source_error(diags, p);
            continue;
        }
        add_found(&w, xstrdup(p), &st);
    }
    /* Path order, whatever the order of the command line: reports come out
     * ordered and the -2, -3 suffixes of ids stay stable.  Of the names of
     * one file, the first in that order is analysed. */
    if (w.nfound > 1) qsort(w.found, (size_t)w.nfound, sizeof *w.found, cmp_found_path);
    for (int i = 0; i < w.nfound; i++) w.found[i].order = i;
    Found *by_id = xcalloc(w.nfound > 0 ? (size_t)w.nfound : 1, sizeof *by_id);
    if (w.nfound) memcpy(by_id, w.found, sizeof *by_id * (size_t)w.nfound);
    if (w.nfound > 1) qsort(by_id, (size_t)w.nfound, sizeof *by_id, cmp_found_identity);
    bool *dropped = xcalloc(w.nfound > 0 ? (size_t)w.nfound : 1, sizeof *dropped);
    for (int i = 1; i < w.nfound; i++) {
        const Found *f = &by_id[i], *first = &by_id[i - 1];
        if (f->dev != first->dev || f->ino != first->ino) continue;
        while (first > by_id && first[-1].dev == f->dev && first[-1].ino == f->ino) first--;
        dropped[f->order] = true;
        if (strcmp(f->path, first->path) != 0)
            diag_note(diags, f->path, 0, 0, "the same file as %s: analysed once", first->path);
    }
    for (int i = 0; i < w.nfound; i++) {
        if (dropped[i]) free(w.found[i].path);
        else *VEC_PUSH(files->paths, files->n) = w.found[i].path;
    }
    free(dropped);
    free(by_id);
    free(w.found);
}
