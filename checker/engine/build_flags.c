/* build_flags.c - the flags nvcc needs to compile a file the way its project
 * does, for a replay of one of its kernels (bench/replay.c): the -I, -isystem,
 * -D, -U, -include and -std that the compile database, the CMake files or
 * include discovery give it, and the user's own -I/-D; never gpulint's stand-in
 * header directories (nvcc compiles with the real toolkit). */
#include "engine/engine.h"
#include "project/project.h"
#include "util/oom.h"
#include "util/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct BuildFlags {
    ProjectSet *projects;
    const FrontendOptions *fo;
    char data_dir[PATH_MAX];
    char shim[PATH_MAX + 16], cuda_path[PATH_MAX]; /* the project set keeps pointers to them */
    const char **include_dirs;
    int ninclude_dirs;
};

BuildFlags *engine_build_flags_new(const EngineOptions *o)
{
    BuildFlags *b = xcalloc(1, sizeof *b);
    b->fo = &o->frontend;
    if (!o->frontend.data_dir || !realpath(o->frontend.data_dir, b->data_dir)) b->data_dir[0] = 0;
    if (o->no_project) return b;
    for (int i = 0; i < b->fo->nextra; i++)
        if (strcmp(b->fo->extra[i], "-I") == 0 && i + 1 < b->fo->nextra)
            *VEC_PUSH(b->include_dirs, b->ninclude_dirs) = b->fo->extra[++i];
        else if (strncmp(b->fo->extra[i], "-I", 2) == 0 && b->fo->extra[i][2])
            *VEC_PUSH(b->include_dirs, b->ninclude_dirs) = b->fo->extra[i] + 2;
    snprintf(b->shim, sizeof b->shim, "%s/include/shim", b->fo->data_dir ? b->fo->data_dir : ".");
    frontend_options_cuda_path(b->fo, b->cuda_path, sizeof b->cuda_path);
    ProjectOptions po = {o->compile_db_dir, b->include_dirs, b->ninclude_dirs, b->shim, b->cuda_path,
                         b->fo->headers == HEADERS_SHIM, b->fo->extra, b->fo->nextra, o->named_paths, o->nnamed_paths};
    b->projects = projects_new(&po);
    return b;
}

void engine_build_flags_free(BuildFlags *b)
{
    if (!b) return;
    if (b->projects) projects_free(b->projects);
    free(b->include_dirs);
    free(b);
}

/* A directory of gpulint's own data (the shim, the framework stand-ins). */
static bool ours(const BuildFlags *b, const char *dir)
{
    char real[PATH_MAX];
    size_t n = strlen(b->data_dir);
    return n && realpath(dir, real) && strncmp(real, b->data_dir, n) == 0 && (real[n] == '/' || !real[n]);
}

static void add(char ***out, int *n, const char *a, const char *b)
{
    size_t la = strlen(a), lb = b ? strlen(b) : 0;
    char *s = xmalloc(la + lb + 1);
    memcpy(s, a, la);
    if (b) memcpy(s + la, b, lb);
    s[la + lb] = 0;
    *VEC_PUSH(*out, *n) = s;
}

/* The flags, from args as the project gives them (one option and its value
 * as two words), into nvcc's. */
static void translate(const BuildFlags *b, const char *const *args, int nargs, char ***out, int *n)
{
    for (int i = 0; i < nargs; i++) {
        const char *a = args[i], *v = i + 1 < nargs ? args[i + 1] : NULL;
        if ((strcmp(a, "-I") == 0 || strcmp(a, "-isystem") == 0 || strcmp(a, "-idirafter") == 0) && v) {
            i++;
            if (ours(b, v)) continue;
            add(out, n, strcmp(a, "-isystem") == 0 ? "-isystem=" : "-I", v);
        } else if ((strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0) && v) {
            i++;
            add(out, n, a, v);
        } else if (strcmp(a, "-include") == 0 && v) {
            i++;
            if (!ours(b, v)) add(out, n, "-include=", v);
        } else if (strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0 || strncmp(a, "-std=", 5) == 0) {
            add(out, n, a, NULL);
        } else if (strncmp(a, "-I", 2) == 0 && a[2] && !ours(b, a + 2)) {
            add(out, n, a, NULL);
        }
    }
}

char **engine_build_flags_for(void *ctx, const char *path, int *n)
{
    BuildFlags *b = ctx;
    char **out = NULL;
    *n = 0;
    if (b->projects) {
        FileFlags ff;
        projects_flags_for(b->projects, path, NULL, 0, &ff);
        translate(b, ff.args, ff.nargs, &out, n);
        translate(b, ff.vendor_args[0], ff.nvendor_args[0], &out, n); /* replays run on NVIDIA GPUs */
    }
    translate(b, b->fo->extra, b->fo->nextra, &out, n);
    return out;
}
