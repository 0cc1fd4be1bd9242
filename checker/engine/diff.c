/* diff.c - see diff.h. */
#include "engine/diff.h"

#include "engine/repo.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    unsigned first, last;
} LineSpan;

typedef struct {
    LineSpan *spans; int n;
} FileChanges;

struct ChangedLines {
    char *ref;                 /* NULL for a patch file */
    StrMap files;              /* absolute path -> 1 + index in changes */
    FileChanges *changes; int nchanges;
    StrMap repos;              /* repository roots read from git: 1 ok, 2 failed */
};

static FileChanges *changes_of(ChangedLines *c, const char *abs, bool create)
{
    int *slot = strmap_get(&c->files, abs);
    if (*slot == 0) {
        if (!create) return NULL;
        *VEC_PUSH(c->changes, c->nchanges) = (FileChanges){NULL, 0};
        *slot = c->nchanges;
    }
    return &c->changes[*slot - 1];
}

/* Reads "+++ b/PATH" and "@@ -a,b +c,d @@" lines; everything else is
 * skipped.  Paths are relative to root. */
static void parse_unified(ChangedLines *c, const char *text, const char *root)
{
    FileChanges *cur = NULL;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        if (n > 6 && strncmp(p, "+++ ", 4) == 0) {
            cur = NULL;
            const char *name = p + 4;
            size_t m = n - 4;
            while (m > 0 && (name[m - 1] == '\r' || name[m - 1] == '\t')) m--;
            if (m > 2 && strncmp(name, "b/", 2) == 0) {
                size_t len = strlen(root) + m + 2;
                char *full = xmalloc(len);
                snprintf(full, len, "%s/%.*s", root, (int)(m - 2), name + 2);
                char *abs = absolute_path(full);
                cur = changes_of(c, abs, true);
                free(abs);
                free(full);
            }
        } else if (cur && n > 4 && strncmp(p, "@@ ", 3) == 0) {
            const char *plus = memchr(p, '+', n);
            if (plus) {
                char *end;
                unsigned long start = strtoul(plus + 1, &end, 10);
                unsigned long count = 1;
                if (*end == ',') count = strtoul(end + 1, NULL, 10);
                if (count > 0) *VEC_PUSH(cur->spans, cur->n) = (LineSpan){(unsigned)start, (unsigned)(start + count - 1)};
            }
        }
        p += n + (eol ? 1 : 0);
    }
}

/* Runs argv and returns its standard output (NUL-terminated), or NULL with
 * the exit status in *status. */
static char *run_capture(char *const argv[], int *status)
{
    int fd[2];
    if (pipe(fd) != 0) return NULL;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) buf = xrealloc(buf, cap = cap ? cap * 2 : 8192);
        ssize_t r = read(fd[0], buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fd[0]);
    buf = buf ? buf : xmalloc(1);
    buf[len] = 0;
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    if (*status != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The repository's changes since the ref; false when git fails. */
static bool load_repo(ChangedLines *c, const char *root)
{
    char *argv[] = {"git", "-C", (char *)root, "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff",
                    "--unified=0", "--src-prefix=a/", "--dst-prefix=b/", c->ref, "--", NULL};
    int status = 0;
    char *out = run_capture(argv, &status);
    if (!out) return false;
    parse_unified(c, out, root);
    free(out);
    return true;
}

ChangedLines *changed_lines_git(const char *ref)
{
    ChangedLines *c = xcalloc(1, sizeof *c);
    c->ref = xstrdup(ref);
    return c;
}

ChangedLines *changed_lines_patch(const char *patch, const char *root, Diagnostics *d)
{
    long size;
    char *text = read_file(patch, &size);
    if (!text) {
        diag_error(d, patch, 0, 0, "--diff-file: cannot read: %s", strerror(errno));
        return NULL;
    }
    ChangedLines *c = xcalloc(1, sizeof *c);
    parse_unified(c, text, root);
    free(text);
    return c;
}

void changed_lines_free(ChangedLines *c)
{
    if (!c) return;
    for (int i = 0; i < c->nchanges; i++) free(c->changes[i].spans);
    free(c->changes);
    strmap_free(&c->files);
    strmap_free(&c->repos);
    free(c->ref);
    free(c);
}

bool changed_file(ChangedLines *c, const char *path, Diagnostics *d)
{
    char *abs = absolute_path(path);
    if (c->ref) {
        char *dir = xstrdup(abs);
        char *slash = strrchr(dir, '/');
        if (slash == dir) dir[1] = 0; /* a file in / */
        else if (slash) *slash = 0;
        char *root = find_repo_root(dir);
        int *state = strmap_get(&c->repos, root ? root : "");
        if (*state == 0) {
            *state = root && load_repo(c, root) ? 1 : 2;
            if (*state == 2)
                diag_error(d, path, 0, 0, "--diff %s: %s", c->ref,
                           root ? "git diff failed in this file's repository (is the ref known there?)"
                                : "the file is not in a git repository");
        }
        free(root);
        free(dir);
    }
    bool found = changes_of(c, abs, false) != NULL;
    free(abs);
    return found;
}

bool changed_range(ChangedLines *c, const char *path, unsigned first, unsigned last)
{
    char *abs = absolute_path(path);
    FileChanges *fc = changes_of(c, abs, false);
    free(abs);
    if (last < first) last = first;
    for (int i = 0; fc && i < fc->n; i++)
        if (fc->spans[i].first <= last && first <= fc->spans[i].last) return true;
    return false;
}
