/* driver.c - see driver.h.  Bad input never stops the run: each problem is
 * recorded with its file and reason, and the other files are analysed. */
#include "engine/engine.h"
#include "model/dump.h"
#include "util/vec.h"
#include "rules/rules.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_FILE_BYTES (64L * 1024 * 1024)

static void problem(RunResult *r, bool error, const char *file, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

#include <stdarg.h>
static void problem(RunResult *r, bool error, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
    Problem *p = error ? VEC_PUSH(r->errors, r->nerrors) : VEC_PUSH(r->notes, r->nnotes);
    p->file = file ? arena_strdup(&r->arena, file) : NULL;
    p->line = line;
    p->col = col;
    va_list ap;
    va_start(ap, fmt);
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    p->message = arena_strdup(&r->arena, buf);
}

bool is_gpu_source(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) return false;
    return strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0;
}

typedef struct {
    char **v;
    int n;
} FileList;

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
        *VEC_PUSH(names, nnames) = strdup(e->d_name);
    }
    closedir(d);
    if (nnames) qsort(names, (size_t)nnames, sizeof *names, cmp_str);
    for (int i = 0; i < nnames; i++) {
        size_t n = strlen(dir) + strlen(names[i]) + 2;
        char *p = malloc(n);
        snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            walk_dir(p, out, depth + 1);
            free(p);
        } else if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && is_gpu_source(p)) {
            *VEC_PUSH(out->v, out->n) = p;
        } else {
            free(p);
        }
        free(names[i]);
    }
    free(names);
}

static void collect_files(const RunOptions *o, RunResult *r, FileList *files)
{
    for (int i = 0; i < o->npaths; i++) {
        const char *p = o->paths[i];
        struct stat st;
        if (stat(p, &st) != 0) {
            problem(r, true, p, 0, 0, "cannot open: %s", strerror(errno));
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            int before = files->n;
            walk_dir(p, files, 0);
            if (files->n == before) problem(r, true, p, 0, 0, "no .cu or .cuh files found in this directory");
            continue;
        }
        if (!S_ISREG(st.st_mode)) {
            problem(r, true, p, 0, 0, "not a regular file");
            continue;
        }
        if (!is_gpu_source(p)) {
            problem(r, true, p, 0, 0, "not a CUDA source file (gpulint reads .cu and .cuh files)");
            continue;
        }
        *VEC_PUSH(files->v, files->n) = strdup(p);
    }
}

/* Reads the head of the file to reject what is not source text. */
static bool check_readable(RunResult *r, const char *path, bool *empty)
{
    *empty = false;
    FILE *f = fopen(path, "rb");
    if (!f) {
        problem(r, true, path, 0, 0, "cannot read: %s", strerror(errno));
        return false;
    }
    unsigned char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    bool err = ferror(f) != 0;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    if (err) {
        problem(r, true, path, 0, 0, "cannot read: I/O error");
        return false;
    }
    if (size > MAX_FILE_BYTES) {
        problem(r, true, path, 0, 0, "file too large to analyse (%ld MiB; the limit is %ld MiB)", size >> 20,
                MAX_FILE_BYTES >> 20);
        return false;
    }
    if (n == 0) {
        *empty = true;
        return true;
    }
    if (memchr(buf, 0, n)) {
        problem(r, true, path, 0, 0, "binary file (it contains NUL bytes), not CUDA source");
        return false;
    }
    return true;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool rule_selected(const RunOptions *o, const char *id)
{
    if (o->nrules == 0) return true;
    for (int i = 0; i < o->nrules; i++)
        if (strcmp(o->rules[i], id) == 0) return true;
    return false;
}

static void lint_file(const RunOptions *o, Frontend *fe, const char *path, RunResult *r)
{
    bool empty;
    if (!check_readable(r, path, &empty)) return;
    r->files++;
    if (empty) {
        problem(r, false, path, 0, 0, "empty file: nothing to analyse");
        return;
    }
    Model m;
    model_init(&m, path);
    FrontendReport pr;
    if (!frontend_analyse(fe, path, NULL, 0, &m, &pr)) {
        problem(r, true, path, 0, 0, "%s", pr.fatal_message);
        frontend_report_free(&pr);
        model_free(&m);
        return;
    }
    bool missing_include = false;
    for (int i = 0; i < pr.ndiags; i++)
        if (strstr(pr.diags[i].message, "file not found")) missing_include = true;
    for (int i = 0; i < pr.ndiags; i++) {
        const Diag *d = &pr.diags[i];
        const char *file = d->file ? d->file : path;
        if (strstr(d->message, "file not found"))
            problem(r, false, file, d->line, d->col, "%s (analysis continues without it)", d->message);
        else if (missing_include)
            problem(r, false, file, d->line, d->col, "%s (probably caused by the missing include)", d->message);
        else
            problem(r, true, file, d->line, d->col, "%s", d->message);
    }
    for (int i = 0; i < m.nnotes; i++) /* parts of the file the model builder had to skip */
        problem(r, false, m.notes[i].range.file ? m.notes[i].range.file : path, m.notes[i].range.line,
                m.notes[i].range.col, "%s", m.notes[i].message);
    if (o->verbose)
        fprintf(stderr, "gpulint: %s: parse %.1f ms, model %.1f ms%s\n", path, pr.parse_seconds * 1e3,
                pr.model_seconds * 1e3, pr.used_real_headers ? " (real CUDA headers)" : "");
    r->kernels += m.nkernels;
    if (o->dump_model) model_dump(stderr, &m);
    for (int i = 0; i < gpulint_nrules; i++)
        if (rule_selected(o, gpulint_rules[i]->id)) rule_run(gpulint_rules[i], &m, NULL, &r->findings);
    model_free(&m);
    frontend_report_free(&pr);
}

void run_lint(const RunOptions *o, RunResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    double t0 = now_seconds();
    FileList files = {NULL, 0};
    collect_files(o, r, &files);
    char err[512];
    Frontend *fe = frontend_new(&o->fe, err, sizeof err);
    if (!fe) problem(r, true, NULL, 0, 0, "cannot set up the parser: %s", err);
    for (int i = 0; i < files.n; i++) {
        if (fe) {
            if (o->verbose) fprintf(stderr, "gpulint: %s\n", files.v[i]);
            lint_file(o, fe, files.v[i], r);
        }
        free(files.v[i]);
    }
    free(files.v);
    frontend_free(fe);
    findings_finish(&r->findings);
    r->seconds = now_seconds() - t0;
}

void run_result_free(RunResult *r)
{
    findings_free(&r->findings);
    free(r->errors);
    free(r->notes);
    arena_free(&r->arena);
    memset(r, 0, sizeof *r);
}
