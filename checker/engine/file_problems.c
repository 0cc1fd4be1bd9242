/* file_problems.c - see file_problems.h. */
#include "engine/file_problems.h"
#include "finding/file_result.h"
#include "util/utf8.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILE_BYTES (64L * 1024 * 1024)

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
    const char *not_text = text_problem(head, n);
    if (not_text) {
        diag_error(d, path, 0, 0, "%s, not CUDA source", not_text);
        return false;
    }
    return true;
}

bool check_readable(Diagnostics *d, const char *path, const char *contents, size_t size, bool *empty)
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

static bool same_statement_before(const FrontendReport *pr, int i)
{
    const Diag *g = &pr->diags[i];
    for (int j = 0; j < i; j++) {
        const Diag *h = &pr->diags[j];
        if (h->nvcc_statement && h->line == g->line && h->col == g->col && h->file && g->file &&
            strcmp(h->file, g->file) == 0)
            return true;
    }
    return false;
}

void add_parse_problems(const FrontendReport *pr, const char *path, Diagnostics *d)
{
    bool missing_include = false, gpu_touched = false;
    for (int i = 0; i < pr->ndiags; i++) {
        bool missing = strstr(pr->diags[i].message, "file not found") != NULL;
        missing_include |= missing;
        gpu_touched |= !missing && pr->diags[i].level != DIAG_INFO && pr->diags[i].in_gpu_code;
    }
    for (int i = 0; i < pr->ndiags; i++) {
        const Diag *g = &pr->diags[i];
        const char *file = g->file ? g->file : path;
        if (strstr(g->message, "file not found")) {
            diag_note(d, file, g->line, g->col, "%s (analysis continues without it%s)", g->message,
                      gpu_touched ? "" : "; " HOST_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->level == DIAG_INFO) {
            diag_note(d, file, g->line, g->col, "%s", g->message);
            d->notes[d->nnotes - 1].informational = true;
        } else if (g->level == DIAG_NOTE) { /* the front end judged it (OpenCL names set by -D) */
            diag_note(d, file, g->line, g->col, "%s", g->message);
            /* each error a name set at build time causes, and the note that names them: in the file's one line */
            d->notes[d->nnotes - 1].parse_detail = g->build_time_error || g->status_line;
            d->notes[d->nnotes - 1].summarised = g->build_time_error;
        } else if (g->nvcc_statement) {
            if (same_statement_before(pr, i)) continue; /* each instance of a template repeats it */
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, NVCC_DROPPED_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->shim_redeclared) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, SHIM_REDECLARED_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->target_asm) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, TARGET_ASM_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (g->nvcc_dialect) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, NVCC_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (!gpu_touched) {
            diag_note(d, file, g->line, g->col, "%s (%s)", g->message, HOST_ONLY_NOTE);
            d->notes[d->nnotes - 1].parse_detail = true;
        } else if (missing_include) {
            diag_note(d, file, g->line, g->col, "%s (%sprobably caused by the missing include)", g->message,
                      g->in_gpu_code ? "in GPU code; " : "");
            d->notes[d->nnotes - 1].parse_detail = true;
        } else
            diag_error(d, file, g->line, g->col, "%s", g->message);
    }
}

void problems_relative_paths(const char *path, Diagnostics *d)
{
    char cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd) || strcmp(cwd, "/") == 0) return;
    size_t n = strlen(cwd);
    cwd[n++] = '/';
    cwd[n] = 0;
    Problem *lists[2] = {d->notes, d->errors};
    int counts[2] = {d->nnotes, d->nerrors};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            Problem *p = &lists[l][i];
            if (p->file && strncmp(p->file, cwd, n) == 0 && p->file[n]) p->file += n;
            if (!p->message || !strstr(p->message, cwd)) continue;
            size_t len = strlen(p->message);
            char *text = arena_alloc(&d->arena, len + 1), *out = text;
            for (const char *s = p->message; *s;) {
                if (strncmp(s, cwd, n) == 0 && s[n] && s[n] != ' ') s += n;
                else *out++ = *s++;
            }
            *out = 0;
            p->message = text;
        }
}
