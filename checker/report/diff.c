/* diff.c - see diff.h. */
#include "report/diff.h"

#include "util/repo.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* ------------------------------------------------------------ running git
 *
 * The repository is not gpulint's: its .git/config may name commands that
 * git runs while diffing (core.fsmonitor, an external diff or textconv
 * driver, a clean/smudge/process filter selected by .gitattributes, a pager,
 * hooks, a transport for a lazy fetch).  git is run with that configuration
 * made inert: the options below switch off each of them, and since a filter
 * driver has a name git cannot be told to ignore in general, the
 * repository's filter names are read first (`git config --get-regexp`, which
 * runs nothing) and each is given empty commands.  The system and global
 * configuration are not read either, so the result depends on the
 * repository alone.  A file that a filter would rewrite is then diffed as it
 * is on disk (more lines may count as changed, never fewer). */

/* The caller's variables that would point git at another repository. */
static const char *const location_env[] = {
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR", "GIT_NAMESPACE",
};
/* Those that would run something or change the diff, and those set below. */
static const char *const behaviour_env[] = {
    "GIT_EXTERNAL_DIFF", "GIT_DIFF_OPTS", "GIT_PAGER", "PAGER", "GIT_CONFIG", "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL", "GIT_TERMINAL_PROMPT", "GIT_OPTIONAL_LOCKS", "GIT_ATTR_NOSYSTEM",
    "GIT_NO_LAZY_FETCH", "GIT_CONFIG_COUNT",
};
static const char *const inert_env[] = {
    "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_ATTR_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
    "GIT_OPTIONAL_LOCKS=0", /* no index refresh written back, so no post-index-change hook */
    "GIT_NO_LAZY_FETCH=1", "GIT_PAGER=cat", "PAGER=cat",
};
/* -c settings before the subcommand (they win over every file). */
#define INERT_CONFIG                                                                                              \
    "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.attributesFile=/dev/null", "-c", \
        "diff.external=", "-c", "protocol.allow=never", "-c", "core.quotePath=false", "--no-pager"

typedef struct {
    char **items; int n;
} Strings;

static void strings_add(Strings *s, char *owned)
{
    *VEC_PUSH(s->items, s->n) = owned;
}

static char *concat(const char *a, const char *b, const char *c)
{
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *r = xmalloc(n);
    snprintf(r, n, "%s%s%s", a, b, c);
    return r;
}

static void strings_free(Strings *s)
{
    for (int i = 0; i < s->n; i++) free(s->items[i]);
    free(s->items);
    s->items = NULL;
    s->n = 0;
}

static bool named(const char *entry, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if (strncmp(entry, names[i], len) == 0 && entry[len] == '=') return true;
    }
    return false;
}

/* The environment for git: the caller's without location_env; when inert,
 * also without behaviour_env, plus inert_env and `config` (key, value, key,
 * value...) as GIT_CONFIG_KEY_n/VALUE_n, numbered after the caller's own
 * (passed this way a value may hold '=' or any other character).
 * NULL-terminated. */
static char **git_env(bool inert, const Strings *config)
{
    extern char **environ;
    Strings env = {NULL, 0};
    long user_count = 0;
    const char *uc = getenv("GIT_CONFIG_COUNT");
    if (uc) {
        char *end;
        user_count = strtol(uc, &end, 10);
        if (*end || user_count < 0 || user_count > 100000) user_count = 0;
    }
    for (char **e = environ; *e; e++) {
        bool drop = named(*e, location_env, sizeof location_env / sizeof *location_env) ||
                    (inert && named(*e, behaviour_env, sizeof behaviour_env / sizeof *behaviour_env));
        if (!drop) strings_add(&env, xstrdup(*e));
    }
    if (inert) {
        for (size_t i = 0; i < sizeof inert_env / sizeof *inert_env; i++) strings_add(&env, xstrdup(inert_env[i]));
        char num[32];
        for (int i = 0; i + 1 < config->n; i += 2) {
            snprintf(num, sizeof num, "%ld=", user_count + i / 2);
            strings_add(&env, concat("GIT_CONFIG_KEY_", num, config->items[i]));
            strings_add(&env, concat("GIT_CONFIG_VALUE_", num, config->items[i + 1]));
        }
        snprintf(num, sizeof num, "%ld", user_count + config->n / 2);
        strings_add(&env, concat("GIT_CONFIG_COUNT=", num, ""));
    }
    strings_add(&env, NULL);
    return env.items;
}

static void env_free(char **env)
{
    for (char **e = env; *e; e++) free(*e);
    free(env);
}

/* Appends what fd has to give (until end of file) to *buf. */
static bool drain(int fd, char **buf, size_t *len, size_t *cap, size_t limit)
{
    char chunk[8192];
    ssize_t r = read(fd, chunk, sizeof chunk);
    if (r < 0) return errno == EINTR || errno == EAGAIN;
    if (r == 0) return false;
    size_t keep = *len + (size_t)r > limit ? (limit > *len ? limit - *len : 0) : (size_t)r;
    if (*len + keep + 1 > *cap) {
        while (*len + keep + 1 > *cap) *cap = *cap ? *cap * 2 : 8192;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *len, chunk, keep);
    *len += keep;
    return true;
}

/* Runs argv with env, stdin from /dev/null, and returns its standard output
 * (NUL-terminated) with its exit status in *status (127: git could not be
 * run; 128 + N: killed by signal N) and its length in *length.  The start
 * of its standard error goes to err.  NULL when it could not be started. */
static char *run_capture(char *const argv[], char **env, int *status, size_t *length, char *err, size_t errsize)
{
    int out[2], errp[2];
    err[0] = 0;
    if (pipe2(out, O_CLOEXEC) != 0) return NULL;
    if (pipe2(errp, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        return NULL;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0);
        dup2(out[1], 1);
        dup2(errp[1], 2);
        signal(SIGPIPE, SIG_DFL); /* gpulint ignores it; git expects the default */
        execvpe(argv[0], argv, env);
        _exit(127);
    }
    close(out[1]);
    close(errp[1]);
    if (pid < 0) {
        close(out[0]);
        close(errp[0]);
        return NULL;
    }
    char *buf = NULL, *ebuf = NULL;
    size_t len = 0, cap = 0, elen = 0, ecap = 0;
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {errp[0], POLLIN, 0}};
    /* both at once: git blocks on a full stderr pipe as on a full stdout */
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !fds[i].revents) continue;
            bool more = i == 0 ? drain(fds[i].fd, &buf, &len, &cap, (size_t)-1)
                               : drain(fds[i].fd, &ebuf, &elen, &ecap, errsize > 1 ? errsize - 1 : 0);
            if (!more) {
                close(fds[i].fd);
                fds[i].fd = -1;
            }
        }
    }
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    buf = buf ? buf : xmalloc(1);
    buf[len] = 0;
    *length = len;
    if (ebuf) {
        memcpy(err, ebuf, elen);
        err[elen] = 0;
        free(ebuf);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return buf;
}

/* git's reason, from its standard error: the first "fatal:"/"error:" line
 * (without that word), else the first line. */
static void git_reason(const char *err, int status, char *out, size_t n)
{
    const char *line = err, *p = err;
    while (*p) {
        if (strncmp(p, "fatal: ", 7) == 0 || strncmp(p, "error: ", 7) == 0) {
            line = p + 7;
            break;
        }
        const char *eol = strchr(p, '\n');
        if (!eol) break;
        p = eol + 1;
    }
    size_t len = strcspn(line, "\n");
    if (status == 127 && !len) snprintf(out, n, "cannot run git (is it installed?)");
    else if (!len) snprintf(out, n, "git exited with status %d", status);
    else snprintf(out, n, "%.*s", (int)(len < 400 ? len : 400), line);
}

/* The safe.directory entries of the user's own configuration (system,
 * global, command line; never a repository's), for a repository owned by
 * another user: git reads them from the files gpulint's git does not read. */
static void add_user_safe_directories(Strings *config)
{
    char *argv[] = {"git", "-C", "/", "config", "-z", "--show-scope", "--get-all", "safe.directory", NULL};
    char **env = git_env(false, NULL);
    char err[256];
    int status = 0;
    size_t len = 0;
    char *out = run_capture(argv, env, &status, &len, err, sizeof err);
    env_free(env);
    if (!out) return;
    /* scope NUL value NUL ...; a value may be empty (it empties the list) */
    for (const char *p = out, *end = out + len; p < end;) {
        const char *scope = p;
        p += strlen(p) + 1;
        if (p >= end) break;
        const char *value = p;
        p += strlen(p) + 1;
        if (strcmp(scope, "local") != 0 && strcmp(scope, "worktree") != 0) {
            strings_add(config, xstrdup("safe.directory"));
            strings_add(config, xstrdup(value));
        }
    }
    free(out);
}
/* Does root or its .git belong to another user?  git then refuses the
 * repository (its "dubious ownership" check, safe.directory). */
static bool owned_by_other(const char *root, uid_t *owner)
{
    struct stat st;
    char *git = concat(root, strcmp(root, "/") == 0 ? "" : "/", ".git");
    bool other = false;
    if (lstat(root, &st) == 0 && st.st_uid != geteuid()) other = true;
    else if (lstat(git, &st) == 0 && st.st_uid != geteuid()) other = true;
    if (other) *owner = st.st_uid;
    free(git);
    return other;
}

/* Empty commands for every filter driver the repository's configuration
 * names, so that no clean, smudge or process filter runs, whichever files
 * .gitattributes gives it.  False (reason in why) when the configuration
 * cannot be read. */
static bool neutralise_filters(const char *root, Strings *config, char *why, size_t nwhy)
{
    char *argv[] = {"git", "-C", (char *)root, INERT_CONFIG, "config", "-z", "--name-only", "--get-regexp",
                    "^filter\\.", NULL};
    char **env = git_env(true, config);
    char err[512];
    int status = 0;
    size_t len = 0;
    char *out = run_capture(argv, env, &status, &len, err, sizeof err);
    env_free(env);
    if (!out || (status != 0 && status != 1)) { /* 1: no filter at all */
        git_reason(out ? err : strerror(errno), out ? status : 127, why, nwhy);
        free(out);
        return false;
    }
    StrMap seen = {0};
    /* filter.<name>.<key> NUL ...; the name may hold dots */
    for (const char *p = out, *end = out + len; p < end; p += strlen(p) + 1) {
        const char *dot = strrchr(p, '.');
        if (strncmp(p, "filter.", 7) != 0 || !dot || dot < p + 7) continue;
        char *name = xmalloc((size_t)(dot - p) + 1);
        memcpy(name, p, (size_t)(dot - p));
        name[dot - p] = 0;
        if (strmap_increment(&seen, name) == 1) {
            static const char *const keys[][2] = {{".clean", ""}, {".smudge", ""}, {".process", ""}, {".required", "false"}};
            for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
                strings_add(config, concat(name, keys[k][0], ""));
                strings_add(config, xstrdup(keys[k][1]));
            }
        }
        free(name);
    }
    strmap_free(&seen);
    free(out);
    return true;
}

/* Does git refuse the repository for its ownership?  `git diff` does not
 * say so: outside a repository it takes its arguments as paths to compare
 * and prints its usage, or blames the ref.  `rev-parse --git-dir` (which
 * runs nothing) sets the repository up strictly and names it.  The
 * directory git names goes to dir (for safe.directory). */
static bool ownership_refused(const char *root, const Strings *config, char *dir, size_t ndir)
{
    char *argv[] = {"git", "-C", (char *)root, INERT_CONFIG, "rev-parse", "--git-dir", NULL};
    char **git = git_env(true, config);
    size_t nenv = 0;
    while (git[nenv]) nenv++;
    /* git's own words, untranslated: first, so that they win over the caller's */
    char **env = xmalloc((nenv + 3) * sizeof *env);
    env[0] = xstrdup("LC_ALL=C");
    env[1] = xstrdup("LANGUAGE=C");
    memcpy(env + 2, git, (nenv + 1) * sizeof *env);
    free(git);
    char err[1024];
    int status = 0;
    size_t len = 0;
    char *out = run_capture(argv, env, &status, &len, err, sizeof err);
    env_free(env);
    bool failed = out && status != 0;
    free(out);
    /* "detected dubious ownership in repository at 'DIR'" (git 2.36 on),
     * "unsafe repository ('DIR' is owned by someone else)" (2.35.2) */
    static const char *const says[] = {"dubious ownership in repository at '", "unsafe repository ('"};
    const char *at = NULL;
    for (size_t i = 0; failed && !at && i < sizeof says / sizeof *says; i++)
        if ((at = strstr(err, says[i]))) at += strlen(says[i]);
    if (!at) return false;
    size_t n = strcspn(at, "'\n");
    snprintf(dir, ndir, "%.*s", (int)(n < ndir ? n : ndir - 1), at);
    return true;
}

/* The repository's changes since the ref; false with the reason in why. */
static bool load_repo(ChangedLines *c, const char *root, char *why, size_t nwhy)
{
    Strings config = {NULL, 0};
    uid_t owner = 0;
    bool by_owner = owned_by_other(root, &owner), foreign = by_owner;
    /* Not -c safe.directory=ROOT: the options here make the known commands
     * of a configuration inert, git's ownership check guards against all
     * others (and those of later gits); only the user's own entries lift it.
     * Ownership that stat does not show (a .git file pointing to another
     * user's git directory) is git's to find: asked first. */
    char refused[512] = "";
    if (!foreign && ownership_refused(root, &config, refused, sizeof refused)) foreign = true;
    if (foreign) add_user_safe_directories(&config);
    if (foreign && !ownership_refused(root, &config, refused, sizeof refused)) foreign = false;
    char reason[512];
    bool ok = !foreign && neutralise_filters(root, &config, reason, sizeof reason);
    if (ok) {
        char *worktree = concat("--work-tree=", root, ""); /* not core.worktree's */
        char *argv[] = {"git", "-C", (char *)root, INERT_CONFIG, worktree, "diff", "--no-color", "--no-ext-diff",
                        "--no-textconv", "--ignore-submodules=all", "--no-relative", "--unified=0",
                        "--inter-hunk-context=0", "--src-prefix=a/", "--dst-prefix=b/", "--end-of-options", c->ref,
                        "--", NULL};
        char **env = git_env(true, &config);
        char err[512];
        int status = 0;
        size_t len = 0;
        char *out = run_capture(argv, env, &status, &len, err, sizeof err);
        env_free(env);
        ok = out && status == 0;
        if (ok) parse_unified(c, out, root);
        else git_reason(out ? err : strerror(errno), out ? status : 127, reason, sizeof reason);
        free(out);
        free(worktree);
    }
    strings_free(&config);
    if (ok) return true;
    if (foreign && by_owner)
        snprintf(why, nwhy,
                 "git refuses to read the repository %s: it belongs to another user (uid %ld) and is not one of "
                 "your safe.directory entries (if you trust it: git config --global --add safe.directory %s)",
                 root, (long)owner, refused);
    else if (foreign)
        snprintf(why, nwhy,
                 "git refuses to read the repository %s: its git directory belongs to another user (git's "
                 "\"dubious ownership\") and it is not one of your safe.directory entries (if you trust it: "
                 "git config --global --add safe.directory %s)",
                 root, refused);
    else
        snprintf(why, nwhy, "git diff failed in the repository %s: %s", root, reason);
    return false;
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
            char why[1536] = "the file is not in a git repository";
            *state = root && load_repo(c, root, why, sizeof why) ? 1 : 2;
            if (*state == 2) diag_error(d, path, 0, 0, "--diff %s: %s", c->ref, why);
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
