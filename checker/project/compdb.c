/* compdb.c - see compdb.h.  A whitelist, not a strip list: only flags that
 * change what the preprocessor and parser see are kept, so an nvcc option
 * gpulint has never heard of cannot become a clang "unknown argument". */
#include "project/compdb.h"

#include "model/target.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RESPONSE_DEPTH 8
/* Response files read for one command line: one that names itself (or
 * another) n times would otherwise be read n^8 times (found by fuzzing). */
#define MAX_RESPONSE_FILES 64

int compdb_split(Arena *a, const char *s, const char ***words)
{
    int n = 0;
    *words = NULL;
    size_t len = strlen(s);
    char *buf = xmalloc(len + 1);
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (!*p) break;
        size_t k = 0;
        char quote = 0;
        for (; *p; p++) {
            if (quote) {
                if (*p == quote) quote = 0;
                else if (*p == '\\' && quote == '"' && (p[1] == '"' || p[1] == '\\')) buf[k++] = *++p;
                else buf[k++] = *p;
            } else if (*p == '"' || *p == '\'') {
                quote = *p;
            } else if (*p == '\\' && p[1]) {
                buf[k++] = *++p;
            } else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
                break;
            } else {
                buf[k++] = *p;
            }
        }
        *VEC_PUSH(*words, n) = arena_strndup(a, buf, k);
    }
    free(buf);
    return n;
}

static const char *absolute(Arena *a, const char *directory, const char *path)
{
    if (path[0] == '/' || !directory || !directory[0]) return arena_strdup(a, path);
    return arena_printf(a, "%s/%s", directory, path);
}

typedef struct {
    Arena *a;
    const char *directory;
    CompileEntry *e;
    int response_files;      /* read so far */
} Translation;

static void keep(Translation *t, const char *flag, const char *value)
{
    *VEC_PUSH(t->e->args, t->e->nargs) = arena_strdup(t->a, flag);
    if (value) *VEC_PUSH(t->e->args, t->e->nargs) = value;
}

static void keep_dir(Translation *t, const char *flag, const char *dir)
{
    const char *abs = absolute(t->a, t->directory, dir);
    char resolved[PATH_MAX];
    if (realpath(abs, resolved)) abs = arena_strdup(t->a, resolved); /* build/../include -> include */
    keep(t, flag, abs);
    *VEC_PUSH(t->e->include_dirs, t->e->ninclude_dirs) = abs;
}

/* "-Ifoo", "-I", "foo", "--include-path=foo": the value of an option that
 * takes one, whichever way it is written; advances *i past it. */
static const char *value_of(const char *const *argv, int argc, int *i, const char *const *names)
{
    const char *arg = argv[*i];
    for (const char *const *n = names; *n; n++) {
        size_t len = strlen(*n);
        if (strncmp(arg, *n, len) != 0) continue;
        if (arg[len] == 0) {
            if (*i + 1 >= argc) return NULL;
            return argv[++*i];
        }
        if (arg[len] == '=') return arg + len + 1;
        if ((*n)[1] != '-' && strlen(*n) == 2) return arg + len; /* -Ifoo, -DX */
    }
    return NULL;
}

static void translate(Translation *t, const char *const *argv, int argc, int depth);

static void splice_response_file(Translation *t, const char *path, int depth)
{
    if (depth >= MAX_RESPONSE_DEPTH || t->response_files >= MAX_RESPONSE_FILES) return;
    const char *abs = absolute(t->a, t->directory, path);
    /* a FIFO would block the run in open, a device need not end */
    if (!is_regular_file(abs)) return;
    t->response_files++;
    long size;
    char *text = read_file(abs, &size);
    if (!text) return;
    const char **words;
    int n = compdb_split(t->a, text, &words);
    free(text);
    /* argv[0] of translate is the compiler: give it a placeholder */
    const char **argv = xmalloc(((size_t)n + 1) * sizeof *argv);
    argv[0] = "";
    for (int i = 0; i < n; i++) argv[i + 1] = words[i];
    translate(t, argv, n + 1, depth + 1);
    free(argv);
    free(words);
}

/* -Xcompiler a,b,c: host compiler flags; the ones that change parsing are
 * kept like nvcc's own. */
static void translate_host_flags(Translation *t, const char *list, int depth)
{
    const char **argv = NULL;
    int argc = 0;
    *VEC_PUSH(argv, argc) = "";
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len) *VEC_PUSH(argv, argc) = arena_strndup(t->a, p, len);
        p += len + (comma ? 1 : 0);
    }
    translate(t, argv, argc, depth + 1);
    free(argv);
}

static void translate(Translation *t, const char *const *argv, int argc, int depth)
{
    static const char *const inc[] = {"-I", "--include-path", NULL};
    static const char *const sys[] = {"-isystem", "--system-include", NULL};
    static const char *const def[] = {"-D", "--define-macro", NULL};
    static const char *const undef[] = {"-U", "--undefine-macro", NULL};
    static const char *const pre[] = {"-include", "--pre-include", NULL};
    static const char *const stdn[] = {"-std", "--std", NULL};
    static const char *const optf[] = {"--options-file", "-optf", NULL};
    static const char *const host[] = {"-Xcompiler", "--compiler-options", NULL};
    /* options whose value is a separate word that must not be read as a file */
    static const char *const skip_value[] = {"-o", "-x", "-ccbin", "--compiler-bindir", "-gencode",
                                             "--generate-code", "-arch", "--gpu-architecture", "-code",
                                             "--gpu-code", "-Xptxas", "-Xcudafe", "-Xfatbin", "-Xnvlink",
                                             "-Xlinker", "-maxrregcount", "--maxrregcount", "-MF", "-MT",
                                             "-MQ", "--default-stream", "-t", "--threads", "-rdc",
                                             "--relocatable-device-code", "-iquote", NULL};
    if (depth == 0 && argc > 0) { /* the compiler: hipcc compiles any source as HIP */
        const char *slash = strrchr(argv[0], '/');
        const char *cc = slash ? slash + 1 : argv[0];
        if (strncmp(cc, "hipcc", 5) == 0) t->e->hip = true;
    }
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v;
        bool arch_next = false;
        const char *arch = target_arch_in_arg(arg, i + 1 < argc ? argv[i + 1] : NULL, &arch_next);
        if (arch && target_for_arch(arch)) {
            if (!t->e->offload_arch) t->e->offload_arch = arena_strdup(t->a, arch);
            if (arch_next) i++;
            continue;
        }
        if ((strcmp(arg, "-x") == 0 && i + 1 < argc && strcmp(argv[i + 1], "hip") == 0) || strcmp(arg, "-xhip") == 0)
            t->e->hip = true;
        if (arg[0] == '@' && arg[1]) {
            splice_response_file(t, arg + 1, depth);
        } else if ((v = value_of(argv, argc, &i, optf))) {
            splice_response_file(t, v, depth);
        } else if ((v = value_of(argv, argc, &i, host))) {
            translate_host_flags(t, v, depth);
        } else if (strncmp(arg, "-isystem", 8) == 0 && (v = value_of(argv, argc, &i, sys))) {
            keep_dir(t, "-isystem", v);
        } else if (strncmp(arg, "--system-include", 16) == 0 && (v = value_of(argv, argc, &i, sys))) {
            keep_dir(t, "-isystem", v);
        } else if (strncmp(arg, "-include", 8) == 0 || strncmp(arg, "--pre-include", 13) == 0) {
            if ((v = value_of(argv, argc, &i, pre))) keep(t, "-include", absolute(t->a, t->directory, v));
        } else if ((v = value_of(argv, argc, &i, inc))) {
            keep_dir(t, "-I", v);
        } else if ((v = value_of(argv, argc, &i, def))) {
            keep(t, "-D", arena_strdup(t->a, v));
        } else if ((v = value_of(argv, argc, &i, undef))) {
            keep(t, "-U", arena_strdup(t->a, v));
        } else if (strncmp(arg, "-std", 4) == 0 || strncmp(arg, "--std", 5) == 0) {
            if ((v = value_of(argv, argc, &i, stdn))) t->e->std = arena_strdup(t->a, v);
        } else if (strcmp(arg, "--use_fast_math") == 0 || strcmp(arg, "-use_fast_math") == 0) {
            t->e->fast_math = true;
        } else {
            for (const char *const *s = skip_value; *s; s++)
                if (strcmp(arg, *s) == 0 && i + 1 < argc) {
                    i++;
                    break;
                }
        }
    }
}

void compdb_translate(Arena *a, const char *directory, const char *const *argv, int argc, CompileEntry *e)
{
    Translation t = {a, directory, e, 0};
    translate(&t, argv, argc, 0);
}

static const char *json_string(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

bool compdb_load(CompileDb *db, const char *path, char *err, int errsize)
{
    memset(db, 0, sizeof *db);
    long size;
    char *text = read_file(path, &size);
    if (!text) {
        snprintf(err, (size_t)errsize, "cannot read %s", path);
        return false;
    }
    bool ok = compdb_parse(db, path, text, (size_t)size, err, errsize);
    free(text);
    return ok;
}

bool compdb_parse(CompileDb *db, const char *path, const char *text, size_t size, char *err, int errsize)
{
    memset(db, 0, sizeof *db);
    cJSON *root = cJSON_ParseWithLength(text, size);
    if (!cJSON_IsArray(root)) {
        snprintf(err, (size_t)errsize, "%s is not a JSON array of compile commands", path);
        cJSON_Delete(root);
        return false;
    }
    db->path = arena_strdup(&db->arena, path);
    const cJSON *item;
    cJSON_ArrayForEach(item, root) {
        const char *dir = json_string(item, "directory"), *file = json_string(item, "file");
        if (!file) continue;
        const char **argv = NULL;
        int argc = 0;
        const char *command = json_string(item, "command");
        const cJSON *arguments = cJSON_GetObjectItemCaseSensitive(item, "arguments");
        if (command) {
            argc = compdb_split(&db->arena, command, &argv);
        } else if (cJSON_IsArray(arguments)) {
            const cJSON *w;
            cJSON_ArrayForEach(w, arguments) if (cJSON_IsString(w)) *VEC_PUSH(argv, argc) =
                arena_strdup(&db->arena, w->valuestring);
        }
        CompileEntry *e = VEC_PUSH(db->entries, db->n);
        e->directory = arena_strdup(&db->arena, dir ? dir : "");
        const char *abs = absolute(&db->arena, dir, file);
        char resolved[PATH_MAX];
        e->file = realpath(abs, resolved) ? arena_strdup(&db->arena, resolved) : abs;
        compdb_translate(&db->arena, e->directory, argv, argc, e);
        free(argv);
        int *slot = strmap_get(&db->by_file, e->file);
        if (!*slot) *slot = db->n;
    }
    cJSON_Delete(root);
    return true;
}

void compdb_free(CompileDb *db)
{
    for (int i = 0; i < db->n; i++) {
        free(db->entries[i].args);
        free(db->entries[i].include_dirs);
    }
    free(db->entries);
    strmap_free(&db->by_file);
    arena_free(&db->arena);
    memset(db, 0, sizeof *db);
}

const CompileEntry *compdb_find(CompileDb *db, const char *file)
{
    int i = *strmap_get(&db->by_file, file);
    return i > 0 ? &db->entries[i - 1] : NULL;
}

static size_t common_dir_prefix(const char *a, const char *b)
{
    size_t last = 0;
    for (size_t i = 0; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/') last = i + 1;
    return last;
}

const CompileEntry *compdb_nearest(const CompileDb *db, const char *file)
{
    const CompileEntry *best = NULL;
    size_t best_len = 0;
    for (int i = 0; i < db->n; i++) {
        size_t len = common_dir_prefix(db->entries[i].file, file);
        if (!best || len > best_len) {
            best = &db->entries[i];
            best_len = len;
        }
    }
    return best;
}
