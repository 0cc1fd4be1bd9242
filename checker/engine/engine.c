/* engine.c - see engine.h.  Bad input never stops a run: each problem is
 * recorded with its file and reason, and the other files are analysed. */
#include "engine/engine.h"
#include "engine/project.h"
#include "model/dump.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_FILE_BYTES (64L * 1024 * 1024)

struct Engine {
    EngineOptions options;
    Frontend *frontend;
    ProjectSet *projects;        /* NULL with --no-project */
    const char **user_include_dirs; int nuser_include_dirs;
    char shim_dir[PATH_MAX];
};

/* ------------------------------------------------------------ collection */

/* -x cl / -x cuda: every file named on the command line is GPU source of
 * that language (directories are still searched by extension). */
static const char *forced_language;

void engine_force_language(const char *language)
{
    forced_language = language;
}

static bool has_gpu_extension(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) return false;
    return strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0 || strcmp(dot, ".cl") == 0 || strcmp(dot, ".clh") == 0 ||
           strcmp(dot, ".opencl") == 0;
}

bool is_gpu_source(const char *path)
{
    return forced_language || has_gpu_extension(path);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk_dir(const char *dir, FileList *out, int depth)
{
    if (depth > 64) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char **names = NULL;
    int nnames = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue; /* ., .., .git and other hidden entries */
        *VEC_PUSH(names, nnames) = xstrdup(e->d_name);
    }
    closedir(d);
    if (nnames) qsort(names, (size_t)nnames, sizeof *names, cmp_str);
    for (int i = 0; i < nnames; i++) {
        size_t n = strlen(dir) + strlen(names[i]) + 2;
        char *p = xmalloc(n);
        snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            walk_dir(p, out, depth + 1);
            free(p);
        } else if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && has_gpu_extension(p)) {
            *VEC_PUSH(out->paths, out->n) = p;
        } else {
            free(p);
        }
        free(names[i]);
    }
    free(names);
}

void engine_collect_files(const char *const *paths, int npaths, FileList *files, Diagnostics *diags)
{
    memset(files, 0, sizeof *files);
    for (int i = 0; i < npaths; i++) {
        const char *p = paths[i];
        struct stat st;
        if (stat(p, &st) != 0) {
            diag_error(diags, p, 0, 0, "cannot open: %s", strerror(errno));
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            int before = files->n;
            walk_dir(p, files, 0);
            if (files->n == before) diag_error(diags, p, 0, 0, "no .cu or .cuh files (nor OpenCL .cl, .clh, .opencl) found in this directory");
            continue;
        }
        if (!S_ISREG(st.st_mode)) {
            diag_error(diags, p, 0, 0, "not a regular file");
            continue;
        }
        if (!is_gpu_source(p)) {
            diag_error(diags, p, 0, 0, "not a CUDA source file, nor OpenCL (gpulint reads .cu, .cuh, .cl, .clh and .opencl files; -x cl or -x cuda names the language of others)");
            continue;
        }
        *VEC_PUSH(files->paths, files->n) = xstrdup(p);
    }
    /* Path order, whatever the order of the command line: reports come out
     * ordered and the -2, -3 suffixes of ids stay stable. */
    if (files->n > 1) qsort(files->paths, (size_t)files->n, sizeof *files->paths, cmp_str);
}

void file_list_free(FileList *l)
{
    for (int i = 0; i < l->n; i++) free(l->paths[i]);
    free(l->paths);
    memset(l, 0, sizeof *l);
}

/* -------------------------------------------------------------- one file */

static bool check_head(Diagnostics *d, const char *path, const unsigned char *head, size_t n, long size,
                       bool *empty)
{
    if (size > MAX_FILE_BYTES) {
        diag_error(d, path, 0, 0, "file too large to analyse (%ld MiB; the limit is %ld MiB)", size >> 20,
                   MAX_FILE_BYTES >> 20);
        return false;
    }
    if (n == 0) {
        *empty = true;
        return true;
    }
    if (memchr(head, 0, n)) {
        diag_error(d, path, 0, 0, "binary file (it contains NUL bytes), not CUDA source");
        return false;
    }
    return true;
}

/* Reads the head of the file (or buffer) to reject what is not source text. */
static bool check_readable(Diagnostics *d, const char *path, const char *contents, size_t size, bool *empty)
{
    *empty = false;
    if (contents) {
        size_t n = size < 8192 ? size : 8192;
        return check_head(d, path, (const unsigned char *)contents, n, (long)(size > LONG_MAX ? LONG_MAX : size),
                          empty);
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_error(d, path, 0, 0, "cannot read: %s", strerror(errno));
        return false;
    }
    unsigned char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    bool err = ferror(f) != 0;
    fseek(f, 0, SEEK_END);
    long fsize = ftell(f);
    fclose(f);
    if (err) {
        diag_error(d, path, 0, 0, "cannot read: I/O error");
        return false;
    }
    return check_head(d, path, buf, n, fsize, empty);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool rule_selected(const EngineOptions *o, const char *id)
{
    if (o->nrules == 0) return true;
    for (int i = 0; i < o->nrules; i++)
        if (strcmp(o->rules[i], id) == 0) return true;
    return false;
}

/* The one place rules are invoked. */
static void run_rules(const EngineOptions *o, const Model *m, FindingList *out)
{
    for (int i = 0; i < gpulint_nrules; i++)
        if (rule_selected(o, gpulint_rules[i]->id)) rule_run(gpulint_rules[i], m, NULL, out);
    /* OpenCL findings say so (benchmarks of them are CUDA: --emit-bench notes it) */
    for (int i = 0; m->language == LANG_OPENCL && i < out->n; i++) finding_str(out, &out->items[i], "language", "opencl");
}

/* Parse diagnostics become problems; after a missing include, the errors
 * that follow from it are notes. */
static void add_parse_problems(const FrontendReport *pr, const char *path, Diagnostics *d)
{
    bool missing_include = false;
    for (int i = 0; i < pr->ndiags; i++)
        if (strstr(pr->diags[i].message, "file not found")) missing_include = true;
    for (int i = 0; i < pr->ndiags; i++) {
        const Diag *g = &pr->diags[i];
        const char *file = g->file ? g->file : path;
        if (strstr(g->message, "file not found")) {
            diag_note(d, file, g->line, g->col, "%s (analysis continues without it)", g->message);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->level == DIAG_NOTE) { /* the front end judged it (OpenCL names set by -D) */
            diag_note(d, file, g->line, g->col, "%s", g->message);
        } else if (missing_include) {
            diag_note(d, file, g->line, g->col, "%s (probably caused by the missing include)", g->message);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else
            diag_error(d, file, g->line, g->col, "%s", g->message);
    }
}

static bool lint(Engine *e, const char *path, const char *contents, size_t size, FileResult *r)
{
    const EngineOptions *o = &e->options;
    FILE *log = o->log ? o->log : stderr;
    if (o->verbose) fprintf(log, "gpulint: %s\n", path);
    bool empty;
    if (!check_readable(&r->problems, path, contents, size, &empty)) return false;
    r->read = true;
    if (empty) {
        diag_note(&r->problems, path, 0, 0, "empty file: nothing to analyse");
        return true;
    }
    Model m;
    model_init(&m, path);
    FrontendReport pr;
    FileArgs fa = {NULL, 0, false, false};
    if (e->projects) {
        FileFlags ff;
        projects_flags_for(e->projects, path, contents, size, &ff);
        fa.args = ff.args;
        fa.nargs = ff.nargs;
        fa.real_headers = ff.real_headers;
        fa.no_pch = ff.changes_pch;
        if (o->show_project && o->verbose) {
            fprintf(log, "gpulint: %s: project %s%s%s%s", path, ff.root, ff.compile_db ? ", database " : "",
                    ff.compile_db ? ff.compile_db : "", ff.compile_db && !ff.from_database ? " (a neighbour's entry)" : "");
            fprintf(log, "%s%s; flags:", ff.real_headers ? ", CUDA toolkit headers" : "",
                    ff.fast_math ? ", --use_fast_math" : "");
            for (int i = 0; i < ff.nargs; i++) fprintf(log, " %s", ff.args[i]);
            fputc('\n', log);
        }
    }
    if (!frontend_analyse_with(e->frontend, path, contents, size, e->projects ? &fa : NULL, &m, &pr)) {
        diag_error(&r->problems, path, 0, 0, "%s", pr.fatal_message);
        frontend_report_free(&pr);
        model_free(&m);
        return false;
    }
    add_parse_problems(&pr, path, &r->problems);
    for (int i = 0; i < m.nnotes; i++) /* parts of the file the model builder had to skip */
        diag_note(&r->problems, m.notes[i].range.file ? m.notes[i].range.file : path, m.notes[i].range.line,
                  m.notes[i].range.col, "%s", m.notes[i].message);
    if (o->verbose)
        fprintf(log, "gpulint: %s: parse %.1f ms, model %.1f ms%s\n", path, pr.parse_seconds * 1e3,
                pr.model_seconds * 1e3, pr.used_real_headers ? " (real CUDA headers)" : "");
    r->kernels = m.nkernels;
    if (o->dump_model) model_dump(log, &m);
    run_rules(o, &m, &r->findings);
    findings_finish(&r->findings);
    model_free(&m);
    frontend_report_free(&pr);
    return true;
}

bool engine_lint_file(Engine *e, const char *path, const char *contents, size_t size, FileResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    double t0 = now_seconds();
    r->path = xstrdup(path);
    bool ok = lint(e, path, contents, size, r);
    r->seconds = now_seconds() - t0;
    file_status_compute(r, ok);
    return ok;
}

void file_result_free(FileResult *r)
{
    free((char *)r->path);
    free(r->reasons);
    free(r->missing_headers);
    findings_free(&r->findings);
    diagnostics_free(&r->problems);
    memset(r, 0, sizeof *r);
}

/* --------------------------------------------------------------- session */

Engine *engine_new(const EngineOptions *o, char *err, int errsize)
{
    Frontend *fe = frontend_new(&o->frontend, err, errsize);
    if (!fe) return NULL;
    Engine *e = xcalloc(1, sizeof *e);
    e->options = *o;
    e->frontend = fe;
    if (!o->no_project) {
        const FrontendOptions *fo = &o->frontend;
        for (int i = 0; i < fo->nextra; i++) {
            if (strcmp(fo->extra[i], "-I") == 0 && i + 1 < fo->nextra)
                *VEC_PUSH(e->user_include_dirs, e->nuser_include_dirs) = fo->extra[++i];
            else if (strncmp(fo->extra[i], "-I", 2) == 0 && fo->extra[i][2])
                *VEC_PUSH(e->user_include_dirs, e->nuser_include_dirs) = fo->extra[i] + 2;
        }
        snprintf(e->shim_dir, sizeof e->shim_dir, "%s/include/shim", fo->data_dir ? fo->data_dir : ".");
        ProjectOptions po = {o->compile_db_dir, e->user_include_dirs, e->nuser_include_dirs, e->shim_dir,
                             frontend_cuda_path(fe), fo->headers == HEADERS_SHIM};
        e->projects = projects_new(&po);
    }
    return e;
}

void engine_describe_projects(const Engine *e, FILE *out)
{
    if (e && e->projects) projects_describe(e->projects, out);
}

void engine_free(Engine *e)
{
    if (!e) return;
    projects_free(e->projects);
    free(e->user_include_dirs);
    frontend_free(e->frontend);
    free(e);
}
