/* host_opencl_index.c - which host files launch a .cl file's kernels.
 *
 * OpenCL kernels are launched from C/C++ host files anywhere in their
 * project.  For each project root (the engine's: compile database, .git or
 * top-level build file; without one, the .cl file's own directory) the
 * C/C++ files are read once per run, as text, and only those that mention
 * a launch (`nqueueNDRangeKernel`, matching clEnqueueNDRangeKernel and
 * queue.enqueueNDRangeKernel, or `EnqueueArgs`) and a way of making kernel
 * objects that host_opencl.c reads (clCreateKernel, cl::Kernel,
 * KernelFunctor, make_kernel) are kept.  A .cl file's
 * launches come from the kept files that spell one of its kernel names as
 * a string literal ("name"); those files are parsed and scanned
 * (host_opencl.c) the first time a .cl file needs them, and the result is
 * cached for the rest of the run (of the process: each worker of -j keeps
 * its own).  Per kernel, host files that are clearly about this .cl file
 * win: in its directory, or mentioning its file name (`stencil.cl`) or the
 * symbol a build makes of it (`stencil_cl`).  When none is, a host file
 * that only names the kernel counts if no other OpenCL file of the project
 * defines a function of that name (two kernels of one name: which one is
 * launched is not known).  Host files are scanned, never linted. */
#include "frontend/shape_comment.h"
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
    char **cl_paths; int ncl;      /* the project's OpenCL sources (absolute) */
    char **cl_texts;               /* read when a kernel name's uniqueness is asked, else NULL */
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
        for (int j = 0; j < p->ncl; j++) {
            free(p->cl_paths[j]);
            free(p->cl_texts[j]);
        }
        free(p->cl_paths);
        free(p->cl_texts);
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

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* `word` in the text as a whole name (`cl::Kernel`, not `opencl::Kernel`). */
static bool contains_word(const char *text, long size, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; (p = memmem(p, (size_t)size - (size_t)(p - text), word, n)) != NULL; p++)
        if ((p == text || !ident_char(p[-1])) && (p + n == text + size || !ident_char(p[n]))) return true;
    return false;
}

/* The cheap test before any parse: does the text launch OpenCL kernels,
 * and make kernel objects in a way host_opencl.c reads? */
static bool mentions_launch(const char *text, long size)
{
    return (contains(text, size, "nqueueNDRangeKernel") || contains(text, size, "EnqueueArgs")) &&
           (contains(text, size, "clCreateKernel") || contains_word(text, size, "cl::Kernel") ||
            contains(text, size, "KernelFunctor") || contains(text, size, "make_kernel"));
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
            else if (S_ISREG(st.st_mode) && is_opencl_path(names[i])) {
                *VEC_PUSH(p->cl_paths, p->ncl) = xstrdup(child);
                p->cl_texts = xrealloc(p->cl_texts, (size_t)p->ncl * sizeof *p->cl_texts);
                p->cl_texts[p->ncl - 1] = NULL;
            }
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

static HostProject *project_for(OpenclHostCache *cache, const char *root, bool recursive, bool relative,
                                FrontendReport *rep)
{
    for (int i = 0; i < cache->nprojects; i++)
        if (cache->projects[i].recursive == recursive && strcmp(cache->projects[i].root, root) == 0)
            return &cache->projects[i];
    HostProject *p = VEC_PUSH(cache->projects, cache->nprojects);
    memset(p, 0, sizeof *p);
    p->root = xstrdup(root);
    p->recursive = recursive;
    walk(p, cache, root, 0, relative);
    if (p->nfiles > 1) qsort(p->files, (size_t)p->nfiles, sizeof *p->files, cmp_host_file); /* stable launch order */
    rep->host_sources_read += p->sources_read;
    return p;
}

static const Model *scanned(Frontend *fe, HostFile *f, FrontendReport *rep)
{
    if (f->scanned) return f->model;
    f->scanned = true;
    rep->host_files_scanned++;
    f->model = opencl_host_scan(fe, f->path);
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
    L->block_comment = NULL; /* the source model's; set from the host file's text */
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
    L->arg_sets = NULL; /* owned by the source model's arena */
    if (src->arg_sets && src->nargs > 0) {
        L->arg_sets = arena_alloc(a, sizeof *L->arg_sets * (size_t)src->nargs);
        for (int i = 0; i < src->nargs; i++) {
            L->arg_sets[i] = src->arg_sets[i];
            L->arg_sets[i].how = dup_or_null(a, src->arg_sets[i].how);
        }
    }
    return L;
}

static bool same_base_name(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    return strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b) == 0;
}

/* Does the host file spell kernel `k` as a string literal ("k")? */
static bool names_kernel(const HostFile *f, const char *k)
{
    size_t n = strlen(k);
    char *quoted = xmalloc(n + 3);
    snprintf(quoted, n + 3, "\"%s\"", k);
    bool hit = contains(f->text, f->size, quoted);
    free(quoted);
    return hit;
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

/* Does the OpenCL text define a function `name` (`void name (`)? */
static bool defines_function(const char *text, size_t size, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; (p = memmem(p, size - (size_t)(p - text), name, n)) != NULL; p += n) {
        if ((p > text && ident_char(p[-1])) || ident_char(p[n])) continue;
        const char *a = p + n;
        while (a < text + size && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r')) a++;
        if (a >= text + size || *a != '(') continue;
        const char *b = p;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r')) b--;
        if (b - text >= 4 && strncmp(b - 4, "void", 4) == 0 && (b - text == 4 || !ident_char(b[-5]))) return true;
    }
    return false;
}

/* Is a kernel of this name defined in another OpenCL file of the project?
 * Then a host file that only names it may launch the other one. */
static bool defined_elsewhere(HostProject *p, const char *name, const char *cl_abs)
{
    for (int i = 0; i < p->ncl; i++) {
        if (strcmp(p->cl_paths[i], cl_abs) == 0) continue;
        if (!p->cl_texts[i]) {
            long size;
            char *text = read_file(p->cl_paths[i], &size);
            p->cl_texts[i] = text ? text : xstrdup("");
        }
        if (defines_function(p->cl_texts[i], strlen(p->cl_texts[i]), name)) return true;
    }
    return false;
}

void opencl_link_host_launches(Frontend *fe, const char *path, const char *project_root, Model *m,
                               FrontendReport *rep)
{
    if (m->nkernels == 0) return;
    double t = monotonic_seconds();
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
    HostProject *p = project_root && project_root[0] ? project_for(cache, project_root, true, relative, rep)
                                                     : project_for(cache, abs_dir, false, relative, rep);
    const char *base = slash ? slash + 1 : path;
    char cl_abs[PATH_MAX + NAME_MAX + 2];
    snprintf(cl_abs, sizeof cl_abs, "%s/%s", abs_dir, base);
    /* use[i * nkernels + q]: host file i's launches of kernel q join m */
    int nk = m->nkernels;
    bool *use = xcalloc((size_t)(p->nfiles + 1) * (size_t)nk, sizeof *use);
    bool *about = xcalloc((size_t)p->nfiles + 1, sizeof *about);
    for (int i = 0; i < p->nfiles; i++) about[i] = about_file(&p->files[i], abs_dir, base);
    for (int q = 0; q < nk; q++) {
        const char *k = m->kernels[q].base_name;
        bool any_about = false, any = false;
        for (int i = 0; i < p->nfiles; i++)
            if (names_kernel(&p->files[i], k)) {
                use[i * nk + q] = true;
                any = true;
                any_about |= about[i];
            }
        bool by_name_only = any && !any_about && !defined_elsewhere(p, k, cl_abs);
        for (int i = 0; i < p->nfiles; i++)
            if (use[i * nk + q] && !about[i] && !by_name_only) use[i * nk + q] = false;
    }
    for (int i = 0; i < p->nfiles; i++) {
        bool wanted = false;
        for (int q = 0; q < nk; q++) wanted |= use[i * nk + q];
        if (!wanted) continue;
        const Model *hm = scanned(fe, &p->files[i], rep);
        for (int j = 0; hm && j < hm->nlaunches; j++)
            for (int q = 0; q < nk; q++) {
                if (!use[i * nk + q] || strcmp(hm->launches[j].kernel_name, m->kernels[q].base_name) != 0) continue;
                Launch *L = copy_launch(m, &hm->launches[j]);
                char comment[160]; /* the host file's own text: what a comment by the local size says */
                if (L->block_range.line && L->block_range.file && same_base_name(L->block_range.file, p->files[i].path) &&
                    shape_tuned_comment(p->files[i].text, (size_t)p->files[i].size,
                                                               L->block_range.line, comment, sizeof comment))
                    L->block_comment = arena_strdup(&m->arena, comment);
                link_launch(m, m->nlaunches - 1, q);
                break;
            }
    }
    free(use);
    free(about);
    rep->host_seconds = monotonic_seconds() - t;
}
