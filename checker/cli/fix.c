/* fixit.c - gpulint --fix: applies the fix-its of double-literal in place.
 *
 * Each file is rewritten through a temporary file in its own directory and
 * renamed over the original, so a file is never left half edited.  Only the
 * files the findings were reported in are touched, and only when that is
 * safe:
 * - a file named twice (./a.cu a.cu, a symbolic link in a walked directory)
 *   is one file: edits are grouped by its identity (st_dev, st_ino) and each
 *   applied once;
 * - a symbolic link is resolved once: the target is edited and the link kept;
 * - a read-only file is refused, as is a file with more than one hard link
 *   (the rename would split it from its other names; gpulint does not write
 *   in place), each with a message;
 * - the edited file keeps its permission bits;
 * - the edits of one finding's fixes (a literal and the math call that
 *   depends on it) are applied all together or not at all, and an edit whose
 *   text is no longer exactly what the finding saw, or that lies past the end
 *   of the file, is reported. */
#include "cli/fix.h"
#include "rules/rules.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    const char *file;        /* as reported (for messages) */
    dev_t dev;               /* identity of the file it edits */
    ino_t ino;
    int group;               /* the finding whose fixes it belongs to */
    unsigned line, col, end_line, end_col;
    const char *text;
    const char *original;
    long start, end;         /* byte offsets, filled when applying */
    bool dup;                /* the same edit as an earlier one: applied once */
} Edit;

static int cmp_edit(const void *pa, const void *pb)
{
    const Edit *a = pa, *b = pb;
    if (a->dev != b->dev) return a->dev < b->dev ? -1 : 1;
    if (a->ino != b->ino) return a->ino < b->ino ? -1 : 1;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    return a->group < b->group ? -1 : a->group > b->group;
}

static bool word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* Is the text at [start, end) exactly `original`, as a whole token: not the
 * front of a longer one (`exp` in `expf`, `0.01` in `0.01f`, what an edit
 * applied twice would find)? */
static bool text_is(const char *src, long size, long start, long end, const char *original)
{
    size_t n = strlen(original);
    if (end - start != (long)n || memcmp(src + start, original, n) != 0) return false;
    if (n && word_char(original[n - 1]) && end < size && word_char(src[end])) return false;
    if (n && word_char(original[0]) && start > 0 && word_char(src[start - 1])) return false;
    return true;
}

static bool group_ok(const bool *bad, int group) { return !bad[group]; }

/* Applies the edits of one file (sorted, same identity).  Edits of a group
 * (finding) marked in `bad` are not applied; groups found unusable here are
 * marked.  Returns the count of edits applied, or -1. */
static int apply_file(const char *path, Edit *e, int n, bool *bad, Diagnostics *diags)
{
    /* The file is resolved once: a symbolic link's target is edited and the
     * link stays. */
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        diag_error(diags, path, 0, 0, "cannot resolve for --fix: %s", strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(real, &st) != 0) {
        diag_error(diags, path, 0, 0, "cannot read for --fix: %s", strerror(errno));
        return -1;
    }
    if ((st.st_mode & 0222) == 0 || access(real, W_OK) != 0) {
        diag_error(diags, path, 0, 0, "--fix leaves a read-only file alone (make it writable to fix it)");
        return -1;
    }
    if (st.st_nlink > 1) {
        diag_error(diags, path, 0, 0,
                   "--fix leaves a file with %lu hard links alone (rewriting it would split it from its other names)",
                   (unsigned long)st.st_nlink);
        return -1;
    }
    long size;
    char *src = read_file(real, &size);
    if (!src) {
        diag_error(diags, path, 0, 0, "cannot read for --fix: %s", strerror(errno));
        return -1;
    }
    for (int i = 0; i < n; i++) {
        e[i].start = text_offset(src, size, e[i].line, e[i].col);
        e[i].end = text_offset(src, size, e[i].end_line, e[i].end_col);
        if (e[i].start < 0 || e[i].end < e[i].start) {
            diag_note(diags, path, e[i].line, e[i].col,
                      "--fix skipped a fix: %u:%u is past the end of the file (changed since it was analysed?)",
                      e[i].start < 0 ? e[i].line : e[i].end_line, e[i].start < 0 ? e[i].col : e[i].end_col);
            bad[e[i].group] = true;
        } else if (e[i].original && !text_is(src, size, e[i].start, e[i].end, e[i].original)) {
            /* Never edit text that is not what the finding saw. */
            diag_note(diags, path, e[i].line, e[i].col, "--fix skipped a fix: the text there is not '%s'", e[i].original);
            bad[e[i].group] = true;
        }
    }
    /* Overlapping edits of different groups: the first group wins, the later
     * one is dropped whole.  Dropping a group can free a position, so repeat
     * until nothing changes (at most once per edit). */
    for (bool changed = true; changed;) {
        changed = false;
        long last_start = -1, last_end = -1;
        const Edit *last = NULL;
        for (int i = 0; i < n; i++) {
            e[i].dup = false;
            if (!group_ok(bad, e[i].group)) continue;
            if (last && e[i].start == last_start && e[i].end == last_end && strcmp(e[i].text, last->text) == 0) {
                e[i].dup = true; /* the same edit from another finding, or the file under another name */
                continue;
            }
            if (last && (e[i].start < last_end || (e[i].start == last_start && e[i].start == e[i].end))) {
                diag_note(diags, path, e[i].line, e[i].col, "--fix skipped a fix: it overlaps another fix");
                bad[e[i].group] = true;
                changed = true;
                break;
            }
            last = &e[i];
            last_start = e[i].start;
            last_end = e[i].end;
        }
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (group_ok(bad, e[i].group) && !e[i].dup) e[kept++] = e[i];
    if (kept == 0) {
        free(src);
        return 0;
    }
    char tmp[PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s.gpulint-fix-XXXXXX", real);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_error(diags, path, 0, 0, "cannot write a temporary file for --fix: %s", strerror(errno));
        free(src);
        return -1;
    }
    FILE *out = fdopen(fd, "wb");
    if (!out) {
        diag_error(diags, path, 0, 0, "cannot write a temporary file for --fix: %s", strerror(errno));
        close(fd);
        unlink(tmp);
        free(src);
        return -1;
    }
    long pos = 0;
    for (int i = 0; i < kept; i++) {
        fwrite(src + pos, 1, (size_t)(e[i].start - pos), out);
        fputs(e[i].text, out);
        pos = e[i].end;
    }
    fwrite(src + pos, 1, (size_t)(size - pos), out);
    /* The permission bits of the original (mkstemp makes 0600). */
    bool ok = !ferror(out) && fflush(out) == 0 && fchmod(fd, st.st_mode & 07777) == 0 && fsync(fd) == 0;
    ok = fclose(out) == 0 && ok;
    if (!ok || rename(tmp, real) != 0) {
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
    int n = 0, status = 0;
    for (int i = 0; i < nfindings; i++) {
        const Finding *f = findings[i];
        if (!rule_fixes_are_safe(f->rule)) continue; /* the rule says whether its fixes may be applied unreviewed */
        for (int j = 0; j < f->nfixes; j++)
            for (int q = 0; q < f->fixes[j].nreplacements; q++) {
                const Replacement *rp = &f->fixes[j].replacements[q];
                if (!rp->range.file || strcmp(rp->range.file, f->range.file) != 0) {
                    diag_note(diags, f->range.file, f->range.line, f->range.col,
                              "--fix leaves %s alone (not an analysed file)", rp->range.file ? rp->range.file : "?");
                    continue;
                }
                struct stat st;
                if (stat(rp->range.file, &st) != 0) {
                    diag_error(diags, rp->range.file, 0, 0, "cannot read for --fix: %s", strerror(errno));
                    status = 2;
                    continue;
                }
                Edit *e = VEC_PUSH(edits, n);
                memset(e, 0, sizeof *e);
                e->file = rp->range.file;
                e->dev = st.st_dev;
                e->ino = st.st_ino;
                e->group = i;
                e->line = rp->range.line;
                e->col = rp->range.col;
                e->end_line = rp->range.end_line;
                e->end_col = rp->range.end_col;
                e->text = rp->text;
                e->original = rp->original;
            }
    }
    bool *bad = xcalloc((size_t)nfindings + 1, sizeof *bad); /* per finding: its fixes are not applied */
    if (n > 1) qsort(edits, (size_t)n, sizeof *edits, cmp_edit);
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && edits[j].dev == edits[i].dev && edits[j].ino == edits[i].ino) j++;
        int applied = apply_file(edits[i].file, edits + i, j - i, bad, diags);
        if (applied < 0) status = 2;
        else fprintf(log, "gpulint: --fix: %d edit%s in %s\n", applied, applied == 1 ? "" : "s", edits[i].file);
        i = j;
    }
    free(bad);
    free(edits);
    return status;
}
