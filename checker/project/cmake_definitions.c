/* cmake_definitions.c - see cmake_definitions.h. */
#include "project/cmake_definitions.h"
#include "util/arena.h"
#include "util/fileio.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_BLOCKS 32

/* What the commands of the current branch of a block see. */
typedef enum { BRANCH_UNKNOWN, BRANCH_TAKEN, BRANCH_SKIPPED, BRANCH_NVIDIA, BRANCH_AMD } Branch;

typedef struct {
    bool is_if;         /* else function(), macro() or a loop: never read */
    Branch state;       /* the current branch's */
    bool any_taken;     /* a branch so far was taken in every build */
    bool all_skipped;   /* every branch so far was skipped in every build */
    int branches;
    Branch first;
} Block;

typedef struct {
    const char *dir;
    const char *definition;
    CmakeVendor vendor;
} ScopedDefinition;

struct CmakeDefinitions {
    Arena arena;
    CmakeExpandFn expand;
    void *ctx;
    Block blocks[MAX_BLOCKS];
    int depth;                 /* may exceed MAX_BLOCKS: those blocks are unknown */
    ScopedDefinition *scoped; int nscoped;
    StrMap seen;               /* dir \n vendor \n definition */
    StrMap interface_libs;     /* add_library(NAME INTERFACE) */
};

CmakeDefinitions *cmake_definitions_new(CmakeExpandFn expand, void *ctx)
{
    CmakeDefinitions *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->expand = expand;
    d->ctx = ctx;
    return d;
}

void cmake_definitions_free(CmakeDefinitions *d)
{
    if (!d) return;
    strmap_free(&d->seen);
    strmap_free(&d->interface_libs);
    free(d->scoped);
    arena_free(&d->arena);
    free(d);
}

/* ------------------------------------------------------------ conditions */

static bool part_is(const char *part, size_t n, const char *const *words)
{
    for (; *words; words++)
        if (strlen(*words) == n && strncasecmp(part, *words, n) == 0) return true;
    return false;
}

/* How a name reads as a backend switch: CMAKE_NVIDIA for CUDA or NVIDIA,
 * CMAKE_AMD for HIP, ROCM or AMD, as one of its '_' parts beside only a
 * leading project prefix and words such as USE, WITH, ENABLE, BACKEND,
 * FOUND or COMPILER; CMAKE_ANY_VENDOR for any other name. */
static CmakeVendor backend_switch(const char *name)
{
    static const char *const nvidia[] = {"CUDA", "NVIDIA", NULL};
    static const char *const amd[] = {"HIP", "ROCM", "AMD", NULL};
    static const char *const selectors[] = {"USE", "WITH", "ENABLE", "ENABLED", "BUILD", "BACKEND", "GPU",
                                            "SUPPORT", "FOUND", "COMPILER", "HAS", "HAVE", NULL};
    CmakeVendor found = CMAKE_ANY_VENDOR;
    int index = 0;
    for (const char *p = name; *p; index++) {
        const char *end = strchr(p, '_');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        CmakeVendor v = part_is(p, n, nvidia) ? CMAKE_NVIDIA : part_is(p, n, amd) ? CMAKE_AMD : CMAKE_ANY_VENDOR;
        if (v != CMAKE_ANY_VENDOR) {
            if (found != CMAKE_ANY_VENDOR && found != v) return CMAKE_ANY_VENDOR;
            found = v;
        } else if (n && !part_is(p, n, selectors) && index > 0) {
            return CMAKE_ANY_VENDOR; /* USE_CUDA_GRAPHS: a feature, not the backend */
        }
        p = end ? end + 1 : p + n;
    }
    return found;
}

static Branch negate(Branch b)
{
    switch (b) {
    case BRANCH_TAKEN: return BRANCH_SKIPPED;
    case BRANCH_SKIPPED: return BRANCH_TAKEN;
    case BRANCH_NVIDIA: return BRANCH_AMD;
    case BRANCH_AMD: return BRANCH_NVIDIA;
    default: return BRANCH_UNKNOWN;
    }
}

bool cmake_false_constant(const char *v)
{
    static const char *const no[] = {"0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND", ""};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (strcasecmp(v, no[i]) == 0) return true;
    size_t n = strlen(v);
    return n >= 9 && strcmp(v + n - 9, "-NOTFOUND") == 0;
}

static bool true_constant(const char *v)
{
    static const char *const yes[] = {"1", "ON", "YES", "TRUE", "Y", NULL};
    return part_is(v, strlen(v), yes);
}

/* if(NAME), if(${NAME}), if(NOT NAME), with any parentheses; else unknown. */
static Branch read_condition(CmakeDefinitions *d, char *const *args, int nargs)
{
    char text[512];
    size_t len = 0;
    for (int i = 0; i < nargs; i++) {
        int w = snprintf(text + len, sizeof text - len, "%s ", args[i]);
        if (w < 0 || (size_t)w >= sizeof text - len) return BRANCH_UNKNOWN;
        len += (size_t)w;
    }
    for (char *p = text; *p; p++)
        if (*p == '(' || *p == ')') *p = ' ';
    char *tokens[3];
    int ntokens = 0;
    for (char *save = NULL, *t = strtok_r(text, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        if (ntokens == 2) return BRANCH_UNKNOWN;
        tokens[ntokens++] = t;
    }
    bool negated = ntokens == 2 && strcmp(tokens[0], "NOT") == 0;
    if (ntokens == 0 || (ntokens == 2 && !negated)) return BRANCH_UNKNOWN;
    char *name = tokens[ntokens - 1];
    size_t n = strlen(name);
    if (n > 3 && name[0] == '$' && name[1] == '{' && name[n - 1] == '}') {
        name[n - 1] = 0;
        name += 2;
    }
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') return BRANCH_UNKNOWN;
    Branch b = BRANCH_UNKNOWN;
    CmakeVendor vendor = backend_switch(name);
    if (vendor != CMAKE_ANY_VENDOR) {
        b = vendor == CMAKE_NVIDIA ? BRANCH_NVIDIA : BRANCH_AMD;
    } else if (true_constant(name) || cmake_false_constant(name)) {
        b = true_constant(name) ? BRANCH_TAKEN : BRANCH_SKIPPED;
    } else {
        char ref[300];
        snprintf(ref, sizeof ref, "${%s}", name);
        char *v = d->expand(d->ctx, ref);
        if (v) b = cmake_false_constant(v) ? BRANCH_SKIPPED : BRANCH_TAKEN;
        free(v);
    }
    return negated ? negate(b) : b;
}

static void enter(CmakeDefinitions *d, bool is_if, Branch state)
{
    if (d->depth < MAX_BLOCKS)
        d->blocks[d->depth] = (Block){is_if, state, state == BRANCH_TAKEN, state == BRANCH_SKIPPED, 1, state};
    d->depth++;
}

static void next_branch(CmakeDefinitions *d, bool is_else, char *const *args, int nargs)
{
    if (d->depth == 0 || d->depth > MAX_BLOCKS) return;
    Block *b = &d->blocks[d->depth - 1];
    if (!b->is_if) return;
    Branch s;
    if (b->any_taken) s = BRANCH_SKIPPED;
    else if (b->all_skipped) s = is_else ? BRANCH_TAKEN : read_condition(d, args, nargs);
    else if (is_else && b->branches == 1) s = negate(b->first); /* the other vendor's side */
    else s = BRANCH_UNKNOWN;
    b->state = s;
    b->any_taken = b->any_taken || s == BRANCH_TAKEN;
    b->all_skipped = b->all_skipped && s == BRANCH_SKIPPED;
    b->branches++;
}

/* Where a command at the current point applies: -1 nowhere (known to be
 * skipped, or unknown), else the vendor whose builds run it. */
static int current_scope(const CmakeDefinitions *d)
{
    if (d->depth > MAX_BLOCKS) return -1;
    CmakeVendor v = CMAKE_ANY_VENDOR;
    for (int i = 0; i < d->depth; i++) {
        const Block *b = &d->blocks[i];
        if (!b->is_if || b->state == BRANCH_UNKNOWN || b->state == BRANCH_SKIPPED) return -1;
        if (b->state == BRANCH_TAKEN) continue;
        CmakeVendor bv = b->state == BRANCH_NVIDIA ? CMAKE_NVIDIA : CMAKE_AMD;
        if (v != CMAKE_ANY_VENDOR && v != bv) return -1;
        v = bv;
    }
    return (int)v;
}

/* ----------------------------------------------------------- definitions */

/* NAME or NAME=VALUE with a plain value (no quotes or generator
 * expressions, which gpulint does not evaluate). */
static bool plain_definition(const char *def)
{
    if (!isalpha((unsigned char)*def) && *def != '_') return false;
    const char *eq = strchr(def, '=');
    size_t name_len = eq ? (size_t)(eq - def) : strlen(def);
    for (size_t i = 0; i < name_len; i++)
        if (!isalnum((unsigned char)def[i]) && def[i] != '_') return false;
    if (!eq) return true;
    for (const char *v = eq + 1; *v; v++)
        if (!isalnum((unsigned char)*v) && *v != '_' && *v != '.' && *v != '-') return false;
    return true;
}

static void add_scoped(CmakeDefinitions *d, const char *dir, const char *definition, CmakeVendor vendor)
{
    char *value = strchr(definition, '$') ? d->expand(d->ctx, definition) : NULL;
    if (value) definition = value;
    if (!strchr(definition, '$') && plain_definition(definition)) {
        char *key = arena_printf(&d->arena, "%s\n%d\n%s", dir, (int)vendor, definition);
        if (strmap_increment(&d->seen, key) == 1)
            *VEC_PUSH(d->scoped, d->nscoped) =
                (ScopedDefinition){arena_strdup(&d->arena, dir), strrchr(key, '\n') + 1, vendor};
    }
    free(value);
}

/* add_definitions(-DX), add_compile_definitions(X) or
 * target_compile_definitions(T PRIVATE|PUBLIC X), or INTERFACE X when T is
 * a header-only library (its users are the project's sources). */
static void add_directory_definitions(CmakeDefinitions *d, const char *dir, const char *name, char *const *args,
                                      int nargs, CmakeVendor vendor)
{
    bool target = strcmp(name, "target_compile_definitions") == 0;
    bool dash_d = strcmp(name, "add_definitions") == 0;
    if (!target && !dash_d && strcmp(name, "add_compile_definitions") != 0) return;
    bool header_only = target && nargs > 0 && *strmap_get(&d->interface_libs, args[0]);
    bool skip = false;
    int genex_depth = 0; /* inside a $<...> split at blanks: its words are not plain */
    for (int i = target ? 1 : 0; i < nargs; i++) {
        const char *a = args[i];
        int depth_before = genex_depth;
        for (const char *p = a; *p; p++) {
            if (p[0] == '$' && p[1] == '<') genex_depth++;
            else if (*p == '>' && genex_depth > 0) genex_depth--;
        }
        if (depth_before || strstr(a, "$<") || strchr(a, '>')) continue;
        if (target && (strcmp(a, "PRIVATE") == 0 || strcmp(a, "PUBLIC") == 0 || strcmp(a, "INTERFACE") == 0)) {
            skip = strcmp(a, "INTERFACE") == 0 && !header_only;
            continue;
        }
        if (skip) continue;
        if (a[0] == '-' && a[1] == 'D') a += 2;
        else if (dash_d) continue;
        add_scoped(d, dir, a, vendor);
    }
}

void cmake_definitions_begin_file(CmakeDefinitions *d)
{
    d->depth = 0;
}

void cmake_definitions_command(CmakeDefinitions *d, const char *dir, bool lists_file, const char *name,
                               char *const *args, int nargs)
{
    if (strcmp(name, "if") == 0) {
        enter(d, true, read_condition(d, args, nargs));
    } else if (strcmp(name, "function") == 0 || strcmp(name, "macro") == 0 || strcmp(name, "foreach") == 0 ||
               strcmp(name, "while") == 0) {
        enter(d, false, BRANCH_UNKNOWN);
    } else if (strcmp(name, "elseif") == 0 || strcmp(name, "else") == 0) {
        next_branch(d, name[4] == 0, args, nargs);
    } else if (strcmp(name, "endif") == 0 || strcmp(name, "endfunction") == 0 || strcmp(name, "endmacro") == 0 ||
               strcmp(name, "endforeach") == 0 || strcmp(name, "endwhile") == 0) {
        if (d->depth > 0) d->depth--;
    } else if (lists_file) {
        int scope = current_scope(d);
        if (scope < 0) return;
        if (strcmp(name, "add_library") == 0 && nargs >= 2 && strcmp(args[1], "INTERFACE") == 0)
            strmap_increment(&d->interface_libs, args[0]);
        add_directory_definitions(d, dir, name, args, nargs, (CmakeVendor)scope);
    }
}

int cmake_definitions_for_path(CmakeDefinitions *d, const char *path, CmakeVendor vendor, const char ***defs, int n)
{
    for (int i = 0; d && i < d->nscoped; i++) {
        const ScopedDefinition *s = &d->scoped[i];
        if (s->vendor != vendor || !path_is_under(path, s->dir)) continue;
        bool seen = false;
        for (int k = 0; k < n && !seen; k++) seen = strcmp((*defs)[k], s->definition) == 0;
        if (!seen) *VEC_PUSH(*defs, n) = s->definition;
    }
    return n;
}

int cmake_definitions_at(CmakeDefinitions *d, int i, const char **dir, const char **definition, CmakeVendor *vendor)
{
    if (!d || i < 0 || i >= d->nscoped) return 0;
    *dir = d->scoped[i].dir;
    *definition = d->scoped[i].definition;
    *vendor = d->scoped[i].vendor;
    return 1;
}
