/* host_opencl_index.c - which host files launch a .cl file's kernels.
 *
 * OpenCL kernels are launched from C/C++ host files anywhere in their
 * project.  For each project root (the engine's: compile database, .git or
 * top-level build file; without one, the .cl file's own directory) the
 * C/C++ files are read once per run, as text, and only those that mention
 * a launch (`nqueueNDRangeKernel`, matching clEnqueueNDRangeKernel and
 * queue.enqueueNDRangeKernel, or `EnqueueArgs`) are kept.  A .cl file's
 * launches come from the kept files that spell one of its kernel names as
 * a string literal ("name"); those files are parsed and scanned
 * (host_opencl.c) the first time a .cl file needs them, and the result is
 * cached for the rest of the run.  When several host files name the
 * kernel, the ones that are clearly about this .cl file win: in its
 * directory, or mentioning its file name (`stencil.cl`) or the symbol a
 * build makes of it (`stencil_cl`).  Host files are scanned, never linted. */
#include "frontend/interp.h"
#include "frontend/parse.h"
#include "util/clock.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_HOST_WALK_DEPTH 32
#define MAX_HOST_SOURCES 200000
#define MAX_HOST_FILE_BYTES (8L << 20)

typedef struct {
    char *path;              /* as reported (relative to the working directory when the .cl path was) */
    char *abs_dir;           /* its directory, absolute */
    char *text;              /* kept for the name tests */
    long size;
    bool scanned;
    Model *model;            /* NULL until scanned, or when it does not parse */
} HostFile;

typedef struct {
    char *root;              /* absolute */
    bool recursive;          /* false: the .cl file's directory only (no project root) */
    HostFile *files; int nfiles;   /* the files that mention a launch, by path */
    int sources_read;
    long long bytes_read;
} HostProject;

struct OpenclHostCache {
    HostProject *projects; int nprojects;
    char cwd[PATH_MAX];
};

void opencl_host_cache_free(OpenclHostCache *cache)
{
    if (!cache) return;
    for (int i = 0; i < cache->nprojects; i++) {
        HostProject *p = &cache->projects[i];
        for (int j = 0; j < p->nfiles; j++) {
            HostFile *f = &p->files[j];
            free(f->path);
            free(f->abs_dir);
            free(f->text);
            if (f->model) model_free(f->model);
            free(f->model);
        }
        free(p->files);
        free(p->root);
    }
    free(cache->projects);
    free(cache);
}

static bool is_host_source(const char *name)
{
    static const char *const exts[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hpp", ".hh", ".hxx"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return false;
}

static bool contains(const char *text, long size, const char *needle)
{
    return memmem(text, (size_t)size, needle, strlen(needle)) != NULL;
}

/* The cheap test before any parse: does the text launch OpenCL kernels? */
static bool mentions_launch(const char *text, long size)
{
    return contains(text, size, "nqueueNDRangeKernel") || contains(text, size, "EnqueueArgs");
}

/* The name a host file is reported under: relative to the working
 * directory when the .cl file was named that way. */
static char *report_path(const OpenclHostCache *cache, const char *abs, bool relative)
{
    size_t n = strlen(cache->cwd);
    if (relative && n > 1 && strncmp(abs, cache->cwd, n) == 0 && abs[n] == '/') return xstrdup(abs + n + 1);
    return xstrdup(abs);
}

static void read_candidate(HostProject *p, const OpenclHostCache *cache, const char *abs, bool relative)
{
    struct stat st;
    if (stat(abs, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_HOST_FILE_BYTES) return;
    long size;
    char *text = read_file(abs, &size);
    if (!text) return;
    p->sources_read++;
    p->bytes_read += size;
    if (!mentions_launch(text, size)) {
        free(text);
        return;
    }
    HostFile *f = VEC_PUSH(p->files, p->nfiles);
    memset(f, 0, sizeof *f);
    f->path = report_path(cache, abs, relative);
    f->abs_dir = xstrdup(abs);
    *strrchr(f->abs_dir, '/') = 0;
    f->text = text;
    f->size = size;
}

static void walk(HostProject *p, const OpenclHostCache *cache, const char *dir, int depth, bool relative)
{
    if (depth > MAX_HOST_WALK_DEPTH || p->sources_read >= MAX_HOST_SOURCES) return;
    DIR *d = opendir(dir);
    if (!d) return;
    char **names = NULL;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') *VEC_PUSH(names, n) = xstrdup(e->d_name);
    closedir(d);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *child = xmalloc(len);
        snprintf(child, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (lstat(child, &st) == 0) { /* links are not followed: no loops, no files outside */
            if (S_ISDIR(st.st_mode) && p->recursive) walk(p, cache, child, depth + 1, relative);
            else if (S_ISREG(st.st_mode) && is_host_source(names[i])) read_candidate(p, cache, child, relative);
        }
        free(child);
        free(names[i]);
    }
    free(names);
}

static int cmp_host_file(const void *a, const void *b)
{
    return strcmp(((const HostFile *)a)->path, ((const HostFile *)b)->path);
}

static HostProject *project_for(Frontend *fe, OpenclHostCache *cache, const char *root, bool recursive, bool relative)
{
    for (int i = 0; i < cache->nprojects; i++)
        if (cache->projects[i].recursive == recursive && strcmp(cache->projects[i].root, root) == 0)
            return &cache->projects[i];
    HostProject *p = VEC_PUSH(cache->projects, cache->nprojects);
    memset(p, 0, sizeof *p);
    p->root = xstrdup(root);
    p->recursive = recursive;
    double t = monotonic_seconds();
    walk(p, cache, root, 0, relative);
    if (p->nfiles > 1) qsort(p->files, (size_t)p->nfiles, sizeof *p->files, cmp_host_file); /* stable launch order */
    if (frontend_options(fe)->verbose)
        fprintf(stderr, "gpulint: OpenCL host files under %s: %d C/C++ files read (%.1f MB) in %.1f ms, %d mention a launch\n",
                root, p->sources_read, (double)p->bytes_read / 1e6, (monotonic_seconds() - t) * 1e3, p->nfiles);
    return p;
}

static const Model *scanned(Frontend *fe, HostFile *f)
{
    if (f->scanned) return f->model;
    f->scanned = true;
    double t = monotonic_seconds();
    f->model = opencl_host_scan(fe, f->path);
    if (frontend_options(fe)->verbose)
        fprintf(stderr, "gpulint: OpenCL host file %s scanned in %.1f ms: %d launch%s\n", f->path,
                (monotonic_seconds() - t) * 1e3, f->model ? f->model->nlaunches : 0,
                f->model && f->model->nlaunches == 1 ? "" : "es");
    return f->model;
}

static const char *dup_or_null(Arena *a, const char *s)
{
    return s ? arena_strdup(a, s) : NULL;
}

static SrcRange copy_range(Arena *a, SrcRange r)
{
    r.file = dup_or_null(a, r.file);
    return r;
}

static void copy_dims(Arena *a, DimValue *d)
{
    for (int i = 0; i < 3; i++) {
        d[i].text = dup_or_null(a, d[i].text);
        d[i].origin = dup_or_null(a, d[i].origin);
        d[i].where = copy_range(a, d[i].where);
    }
}

/* A launch of another model, its strings copied into m's arena. */
static Launch *copy_launch(Model *m, const Launch *src)
{
    Arena *a = &m->arena;
    Launch *L = VEC_PUSH(m->launches, m->nlaunches);
    *L = *src;
    L->kernel = -1;
    L->kernel_name = dup_or_null(a, src->kernel_name);
    L->range = copy_range(a, src->range);
    L->block_range = copy_range(a, src->block_range);
    L->block_text = dup_or_null(a, src->block_text);
    L->function = dup_or_null(a, src->function);
    copy_dims(a, L->block);
    copy_dims(a, L->grid);
    if (src->nargs > 0) {
        L->arg_known = arena_alloc(a, sizeof(bool) * (size_t)src->nargs);
        L->arg_value = arena_alloc(a, sizeof(long long) * (size_t)src->nargs);
        L->arg_text = arena_alloc(a, sizeof(char *) * (size_t)src->nargs);
        for (int i = 0; i < src->nargs; i++) {
            L->arg_known[i] = src->arg_known[i];
            L->arg_value[i] = src->arg_value[i];
            L->arg_text[i] = dup_or_null(a, src->arg_text[i]);
        }
    }
    return L;
}

/* Does the host file spell one of m's kernel names as a string literal? */
static bool names_a_kernel(const HostFile *f, const Model *m)
{
    for (int q = 0; q < m->nkernels; q++) {
        const char *k = m->kernels[q].base_name;
        size_t n = strlen(k);
        char *quoted = xmalloc(n + 3);
        snprintf(quoted, n + 3, "\"%s\"", k);
        bool hit = contains(f->text, f->size, quoted);
        free(quoted);
        if (hit) return true;
    }
    return false;
}

/* Is the host file clearly about the .cl file: beside it, or naming it? */
static bool about_file(const HostFile *f, const char *cl_dir, const char *base)
{
    if (strcmp(f->abs_dir, cl_dir) == 0) return true;
    if (contains(f->text, f->size, base)) return true;
    const char *dot = strrchr(base, '.');
    size_t stem = dot ? (size_t)(dot - base) : strlen(base);
    char *symbol = xmalloc(stem + 4);
    snprintf(symbol, stem + 4, "%.*s_cl", (int)stem, base);
    bool hit = contains(f->text, f->size, symbol);
    free(symbol);
    return hit;
}

void opencl_link_host_launches(Frontend *fe, const char *path, const char *project_root, Model *m)
{
    if (m->nkernels == 0) return;
    OpenclHostCache **cp = frontend_opencl_hosts(fe);
    if (!*cp) {
        *cp = xcalloc(1, sizeof **cp);
        if (!getcwd((*cp)->cwd, sizeof (*cp)->cwd)) (*cp)->cwd[0] = 0;
    }
    OpenclHostCache *cache = *cp;
    char cl_dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(cl_dir, sizeof cl_dir, "%.*s", slash ? (int)(slash == path ? 1 : slash - path) : 1, slash ? path : ".");
    char abs_dir[PATH_MAX];
    if (!realpath(cl_dir, abs_dir)) return;
    bool relative = path[0] != '/';
    HostProject *p = project_root && project_root[0] ? project_for(fe, cache, project_root, true, relative)
                                                     : project_for(fe, cache, abs_dir, false, relative);
    const char *base = slash ? slash + 1 : path;
    bool *use = xcalloc((size_t)p->nfiles + 1, sizeof *use);
    bool any_about = false;
    for (int i = 0; i < p->nfiles; i++)
        if (names_a_kernel(&p->files[i], m)) {
            use[i] = true;
            any_about |= about_file(&p->files[i], abs_dir, base);
        }
    for (int i = 0; i < p->nfiles; i++) {
        if (!use[i] || (any_about && !about_file(&p->files[i], abs_dir, base))) continue;
        const Model *hm = scanned(fe, &p->files[i]);
        for (int j = 0; hm && j < hm->nlaunches; j++)
            for (int q = 0; q < m->nkernels; q++) {
                if (strcmp(hm->launches[j].kernel_name, m->kernels[q].base_name) != 0) continue;
                copy_launch(m, &hm->launches[j]);
                link_launch(m, m->nlaunches - 1, q);
                break;
            }
    }
    free(use);
}
