/* repo.c - see repo.h. */
#include "util/repo.h"

#include "util/oom.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Removes "." and ".." components and doubled slashes of an absolute path. */
static void normalise(char *p)
{
    char *out = p;
    const char *in = p;
    while (*in) {
        while (*in == '/') in++;
        const char *end = strchr(in, '/');
        size_t n = end ? (size_t)(end - in) : strlen(in);
        if (n == 0) break;
        if (n == 1 && in[0] == '.') {
        } else if (n == 2 && in[0] == '.' && in[1] == '.') {
            while (out > p && *--out != '/') {}
        } else {
            *out++ = '/';
            memmove(out, in, n);
            out += n;
        }
        in += n;
    }
    if (out == p) *out++ = '/';
    *out = 0;
}

char *absolute_path(const char *path)
{
    char buf[PATH_MAX];
    if (realpath(path, buf)) return xstrdup(buf);
    char cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) cwd[0] = 0;
    size_t n = strlen(cwd) + strlen(path) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", cwd, path);
    normalise(p);
    return p;
}

char *find_repo_root(const char *dir)
{
    char *d = absolute_path(dir);
    size_t n = strlen(d) + 8;
    char *probe = xmalloc(n);
    for (;;) {
        struct stat st;
        snprintf(probe, n, "%s%s.git", d, strcmp(d, "/") == 0 ? "" : "/");
        if (stat(probe, &st) == 0) break;
        char *slash = strrchr(d, '/');
        if (!slash || slash == d) {
            if (strcmp(d, "/") == 0) {
                free(d);
                d = NULL;
                break;
            }
            d[1] = 0; /* the filesystem root */
            continue;
        }
        *slash = 0;
    }
    free(probe);
    return d;
}

char *path_relative_to(const char *root, const char *path)
{
    char *r = absolute_path(root);
    char *p = absolute_path(path);
    size_t n = strlen(r);
    char *rel = NULL;
    if (strcmp(r, "/") == 0) rel = xstrdup(p + 1);
    else if (strncmp(p, r, n) == 0 && p[n] == '/') rel = xstrdup(p + n + 1);
    free(r);
    free(p);
    return rel;
}

char *run_repo_root(const char *given)
{
    if (given) return absolute_path(given);
    char *root = find_repo_root(".");
    return root ? root : absolute_path(".");
}

/* The directory a named path stands for: itself, or a file's directory. */
static char *named_dir(const char *path)
{
    char *d = absolute_path(path);
    struct stat st;
    if (stat(d, &st) == 0 && S_ISDIR(st.st_mode)) return d;
    char *slash = strrchr(d, '/');
    if (slash == d) d[1] = 0;
    else if (slash) *slash = 0;
    return d;
}

char *report_root(const char *given, const char *const *paths, int npaths)
{
    char *root = run_repo_root(given);
    if (given || npaths <= 0) return root;
    bool outside = false;
    for (int i = 0; i < npaths && !outside; i++) {
        char *abs = absolute_path(paths[i]);
        char *rel = path_relative_to(root, abs);
        outside = !rel && strcmp(abs, root) != 0;
        free(rel);
        free(abs);
    }
    if (!outside) return root;
    free(root);
    char *common = named_dir(paths[0]);
    for (int i = 1; i < npaths; i++) {
        char *d = named_dir(paths[i]);
        size_t n = 0;
        while (common[n] && common[n] == d[n]) n++;
        /* back to a whole component: both end there or go on with '/' */
        if (!((common[n] == 0 || common[n] == '/') && (d[n] == 0 || d[n] == '/')))
            while (n > 0 && common[n] != '/') n--;
        common[n > 0 ? n : 1] = 0; /* "/" at least */
        free(d);
    }
    root = find_repo_root(common);
    if (!root) return common;
    free(common);
    return root;
}
