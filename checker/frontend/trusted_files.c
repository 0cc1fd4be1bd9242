/* trusted_files.c - see trusted_files.h. */
#include "frontend/trusted_files.h"

#include "util/oom.h"
#include "util/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void trusted_dirs_add(TrustedDirs *t, const char *dir)
{
    char real[PATH_MAX];
    if (!dir || !*dir || !realpath(dir, real)) return;
    size_t len = strlen(real);
    while (len > 1 && real[len - 1] == '/') real[--len] = 0;
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->dirs[i], real) == 0) return;
    *VEC_PUSH(t->dirs, t->n) = xstrdup(real);
}

void trusted_dirs_add_dir_of(TrustedDirs *t, const char *file)
{
    if (!file) return;
    const char *slash = strrchr(file, '/');
    if (!slash) {
        trusted_dirs_add(t, ".");
        return;
    }
    char *dir = xstrdup(file);
    dir[slash - file > 0 ? slash - file : 1] = 0;
    trusted_dirs_add(t, dir);
    free(dir);
}

void trusted_dirs_add_include_args(TrustedDirs *t, const char *const *args, int n)
{
    static const char *const flags[] = {"-I", "-isystem", "-idirafter", "-iquote", "--include-directory=",
                                        "--cuda-path="};
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        for (size_t k = 0; a && k < sizeof flags / sizeof flags[0]; k++) {
            size_t len = strlen(flags[k]);
            if (strncmp(a, flags[k], len) != 0) continue;
            if (a[len]) trusted_dirs_add(t, a + len);
            else if (flags[k][len - 1] != '=' && i + 1 < n) trusted_dirs_add(t, args[++i]);
            break;
        }
    }
}

static bool under(const char *dir, const char *path)
{
    size_t len = strlen(dir);
    if (strcmp(dir, "/") == 0) return true;
    return strncmp(dir, path, len) == 0 && (path[len] == '/' || path[len] == 0);
}

bool trusted_dirs_contain(TrustedDirs *t, const char *file)
{
    if (!file || !*file) return true;
    if (t->last_file && strcmp(t->last_file, file) == 0) return t->last_answer;
    char real[PATH_MAX];
    bool yes = true;
    if (realpath(file, real)) {
        yes = false;
        for (int i = 0; i < t->n && !yes; i++) yes = under(t->dirs[i], real);
    }
    free(t->last_file);
    t->last_file = xstrdup(file);
    t->last_answer = yes;
    return yes;
}

void trusted_dirs_free(TrustedDirs *t)
{
    for (int i = 0; i < t->n; i++) free(t->dirs[i]);
    free(t->dirs);
    free(t->last_file);
    memset(t, 0, sizeof *t);
}
