/* fixit.c - gpulint --fix: applies the fix-its of rules that declare them safe
 * (Rule.fixes_are_safe: double-literal) in place.
 * Each file is rewritten through a temporary file in its own directory and
 * renamed over the original, so a file is never left half edited.  Only the
 * files the findings were reported in are touched. */
#include "engine/fix.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/vec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    const char *file;
    unsigned line, col, end_line, end_col;
    const char *text;
    const char *original;
    long start, end; /* byte offsets, filled when applying */
} Edit;

/* Only rules that declare their fix-its safe to apply unreviewed. */
static bool fixable(const char *rule)
{
    const Rule *r = rule_by_id(rule);
    return r && r->fixes_are_safe;
}

static int cmp_edit(const void *pa, const void *pb)
{
    const Edit *a = pa, *b = pb;
    int c = strcmp(a->file, b->file);
    if (c) return c;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    return a->col < b->col ? -1 : a->col > b->col;
}

static long offset_of(const char *src, long size, unsigned line, unsigned col)
{
    long off = 0;
    for (unsigned l = 1; l < line && off < size; off++)
        if (src[off] == '\n') l++;
    off += (long)col - 1;
    return off <= size ? off : -1;
}

/* Applies the edits of one file (sorted, same file). Returns edits applied or -1. */
static int apply_file(const char *path, Edit *e, int n, Diagnostics *diags)
{
    long size;
    char *src = read_file(path, &size);
    if (!src) {
        diag_error(diags, path, 0, 0, "cannot read for --fix: %s", strerror(errno));
        return -1;
    }
    int kept = 0;
    long last_end = -1;
    for (int i = 0; i < n; i++) {
        e[i].start = offset_of(src, size, e[i].line, e[i].col);
        e[i].end = offset_of(src, size, e[i].end_line, e[i].end_col);
        if (e[i].start < 0 || e[i].end < e[i].start) continue;
        /* Never edit text that is not what the finding saw. */
        if (e[i].original && (e[i].end - e[i].start != (long)strlen(e[i].original) ||
                              strncmp(src + e[i].start, e[i].original, strlen(e[i].original)) != 0)) {
            diag_note(diags, path, e[i].line, e[i].col, "--fix skipped an edit: the text there is not '%s'",
                      e[i].original);
            continue;
        }
        if (e[i].start < last_end) continue; /* overlapping: keep the first */
        last_end = e[i].end;
        e[kept++] = e[i];
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.gpulint-fix-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_error(diags, path, 0, 0, "cannot write a temporary file for --fix: %s", strerror(errno));
        free(src);
        return -1;
    }
    FILE *out = fdopen(fd, "wb");
    long pos = 0;
    for (int i = 0; i < kept; i++) {
        fwrite(src + pos, 1, (size_t)(e[i].start - pos), out);
        fputs(e[i].text, out);
        pos = e[i].end;
    }
    fwrite(src + pos, 1, (size_t)(size - pos), out);
    struct stat st;
    bool ok = fflush(out) == 0 && fsync(fd) == 0;
    if (stat(path, &st) == 0) fchmod(fd, st.st_mode & 07777);
    ok = fclose(out) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        diag_error(diags, path, 0, 0, "--fix could not replace the file: %s (unchanged)", strerror(errno));
        unlink(tmp);
        free(src);
        return -1;
    }
    free(src);
    return kept;
}

int gpulint_apply_fixes(const Finding *const *findings, int nfindings, Diagnostics *diags, FILE *log)
{
    Edit *edits = NULL;
    int n = 0;
    for (int i = 0; i < nfindings; i++) {
        const Finding *f = findings[i];
        if (!fixable(f->rule)) continue;
        for (int j = 0; j < f->nfixes; j++)
            for (int q = 0; q < f->fixes[j].nreplacements; q++) {
                const Replacement *rp = &f->fixes[j].replacements[q];
                if (!rp->range.file || strcmp(rp->range.file, f->range.file) != 0) {
                    diag_note(diags, f->range.file, f->range.line, f->range.col,
                              "--fix leaves %s alone (not an analysed file)", rp->range.file ? rp->range.file : "?");
                    continue;
                }
                bool dup = false;
                for (int k = 0; k < n && !dup; k++)
                    dup = strcmp(edits[k].file, rp->range.file) == 0 && edits[k].line == rp->range.line &&
                          edits[k].col == rp->range.col && strcmp(edits[k].text, rp->text) == 0;
                if (dup) continue;
                Edit *e = VEC_PUSH(edits, n);
                e->file = rp->range.file;
                e->line = rp->range.line;
                e->col = rp->range.col;
                e->end_line = rp->range.end_line;
                e->end_col = rp->range.end_col;
                e->text = rp->text;
                e->original = rp->original;
            }
    }
    if (n > 1) qsort(edits, (size_t)n, sizeof *edits, cmp_edit);
    int status = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && strcmp(edits[j].file, edits[i].file) == 0) j++;
        int applied = apply_file(edits[i].file, edits + i, j - i, diags);
        if (applied < 0) status = 2;
        else fprintf(log, "gpulint: --fix: %d edit%s in %s\n", applied, applied == 1 ? "" : "s", edits[i].file);
        i = j;
    }
    free(edits);
    return status;
}
