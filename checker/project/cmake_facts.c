/* cmake_facts.c - see cmake_facts.h. */
#include "project/cmake_facts.h"
#include "project/cmake_definitions.h"
#include "util/arena.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ARGS 64
#define MAX_EXPANSION_DEPTH 8

typedef struct {
    const char *output_tail;      /* the output path after its last ${...} */
    const char *template_path;    /* an existing file */
    bool at_only;
} Configured;

/* A source file the CMake code reads with file(READ) and rewrites with
 * string(REPLACE) into generated sources (one per combination of values
 * in foreach() loops). */
typedef struct {
    const char *pattern;          /* the file(READ) path, each unread ${...} a `*` (fnmatch) */
    const char *var;              /* the variable holding its text */
    const char *cmake;            /* the CMake file */
    struct { const char *from, *to; } *replace; int nreplace; /* placeholders and their first values */
    bool unknown;                 /* a replacement's value could not be read */
} SourceTemplate;

struct CmakeFacts {
    Arena arena;
    StrMap var_index;             /* name -> index + 1 into values */
    const char **values; int nvalues;
    Configured *configured; int nconfigured;
    const char **linux_defs; int nlinux_defs;
    StrMap linux_seen;
    CmakeDefinitions *definitions;  /* by CMakeLists directory (cmake_definitions.h) */
    /* CUDA sources a CMakeLists.txt lists: at its top level (always built),
     * or only inside if(NAME) (built when NAME is on) */
    StrMap always_built;
    StrMap optional_index;        /* path -> index + 1 into optional_switch */
    const char **optional_switch; int noptional;
    StrMap option_off;            /* option(NAME "..." OFF) or with no default */
    SourceTemplate *templates; int ntemplates;
};

/* ------------------------------------------------------------ variables */

static void set_var(CmakeFacts *f, const char *name, const char *value)
{
    int *slot = strmap_get(&f->var_index, name);
    if (*slot) return; /* the first set() wins: if() is not evaluated */
    *VEC_PUSH(f->values, f->nvalues) = arena_strdup(&f->arena, value);
    *slot = f->nvalues;
}

static const char *var(CmakeFacts *f, const char *name)
{
    int *slot = strmap_get(&f->var_index, name); /* an unknown name stays 0 */
    return *slot ? f->values[*slot - 1] : NULL;
}

/* `text` with each ${NAME} replaced by its value; NULL when one is unknown. */
static char *expand(CmakeFacts *f, const char *text, int depth)
{
    if (depth > MAX_EXPANSION_DEPTH) return NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&out, &len);
    if (!s) return NULL;
    bool ok = true;
    for (const char *p = text; *p && ok;) {
        if (p[0] == '$' && p[1] == '{') {
            const char *end = strchr(p + 2, '}');
            if (!end) { fputs(p, s); break; }
            char name[256];
            size_t n = (size_t)(end - p - 2);
            if (n >= sizeof name) { ok = false; break; }
            memcpy(name, p + 2, n);
            name[n] = 0;
            const char *v = var(f, name);
            char *inner = v ? expand(f, v, depth + 1) : NULL;
            if (!inner) ok = false;
            else fputs(inner, s);
            free(inner);
            p = end + 1;
        } else {
            fputc(*p++, s);
        }
    }
    fclose(s);
    if (!ok) {
        free(out);
        return NULL;
    }
    return out;
}

/* ------------------------------------------------------- reading commands */

typedef struct {
    char name[64];
    const char *raw; size_t raw_len;  /* the text between the parentheses */
    char *args[MAX_ARGS]; int nargs;  /* split at blanks, quotes removed (malloc'd) */
} Command;

static const char *skip_comment(const char *p)
{
    if (p[0] == '#' && p[1] == '[' && (p[2] == '[' || p[2] == '=')) { /* a bracket comment */
        const char *end = strstr(p, "]]");
        if (!end) end = strstr(p, "]=");
        return end ? end + 2 : p + strlen(p);
    }
    const char *nl = strchr(p, '\n');
    return nl ? nl : p + strlen(p);
}

/* The next command invocation from *pos, or false at the end. */
static bool next_command(const char **pos, Command *c)
{
    const char *p = *pos;
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ')')) p++;
        if (!*p) return false;
        if (*p == '#') { p = skip_comment(p); continue; }
        if (!isalpha((unsigned char)*p) && *p != '_') { p++; continue; }
        const char *start = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        size_t n = (size_t)(p - start);
        const char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        if (*q != '(') continue;
        /* the argument text: up to the matching parenthesis, outside quotes and comments */
        const char *open = q + 1;
        int depth = 1;
        bool quoted = false;
        for (q = open; *q && depth; q++) {
            if (quoted) {
                if (*q == '\\' && q[1]) q++;
                else if (*q == '"') quoted = false;
            } else if (*q == '"') quoted = true;
            else if (*q == '#') { q = skip_comment(q) - 1; }
            else if (*q == '(') depth++;
            else if (*q == ')') depth--;
        }
        memset(c, 0, sizeof *c);
        snprintf(c->name, sizeof c->name, "%.*s", (int)(n < 63 ? n : 63), start);
        for (char *l = c->name; *l; l++) *l = (char)tolower((unsigned char)*l);
        c->raw = open;
        c->raw_len = (size_t)(q - open) - (depth ? 0 : 1);
        /* split */
        for (const char *a = open; a < open + c->raw_len && c->nargs < MAX_ARGS;) {
            while (a < open + c->raw_len && isspace((unsigned char)*a)) a++;
            if (a >= open + c->raw_len) break;
            if (*a == '#') { a = skip_comment(a); continue; }
            char *buf = NULL;
            size_t blen = 0;
            FILE *s = open_memstream(&buf, &blen);
            if (!s) break;
            if (*a == '"') {
                for (a++; a < open + c->raw_len && *a != '"'; a++) {
                    if (*a == '\\' && a + 1 < open + c->raw_len) a++;
                    fputc(*a, s);
                }
                a++;
            } else {
                while (a < open + c->raw_len && !isspace((unsigned char)*a)) fputc(*a++, s);
            }
            fclose(s);
            c->args[c->nargs++] = buf;
        }
        *pos = q;
        return true;
    }
}

static void free_command(Command *c)
{
    for (int i = 0; i < c->nargs; i++) free(c->args[i]);
    c->nargs = 0;
}

/* A template argument (${SOME_SOURCE_DIR}/cmake/x.h.in, or relative to the
 * CMake file's directory) as an existing file: tried in the CMake file's
 * directory and each directory above it. */
static const char *find_template(CmakeFacts *f, const char *arg, const char *cmake_dir)
{
    const char *tail = strrchr(arg, '}') ? strrchr(arg, '}') + 1 : arg;
    if (tail[0] == '/' && tail == arg) return is_regular_file(tail) ? arena_strdup(&f->arena, tail) : NULL;
    while (*tail == '/') tail++;
    if (!*tail || strstr(tail, "..")) return NULL;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", cmake_dir);
    for (;;) {
        char path[PATH_MAX * 2];
        snprintf(path, sizeof path, "%s/%s", dir, tail);
        if (is_regular_file(path)) return arena_strdup(&f->arena, path);
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir) return NULL;
        *slash = 0;
    }
}

static void add_linux_definitions(CmakeFacts *f, const Command *c)
{
    static const char marker[] = "$<$<PLATFORM_ID:Linux>:";
    const char *end = c->raw + c->raw_len;
    for (const char *p = c->raw; p < end;) {
        const char *m = strstr(p, marker);
        if (!m || m >= end) break;
        p = m + sizeof marker - 1;
        while (p < end && *p != '>') {
            while (p < end && (isspace((unsigned char)*p) || *p == ';')) p++;
            const char *w = p;
            while (p < end && !isspace((unsigned char)*p) && *p != ';' && *p != '>' && *p != '$') p++;
            if (p < end && *p == '$') break; /* a nested expression: not a plain list */
            const char *name = w[0] == '-' && w[1] == 'D' ? w + 2 : w;
            if (p > name && (isalpha((unsigned char)*name) || *name == '_')) {
                const char *def = arena_strndup(&f->arena, name, (size_t)(p - name));
                if (strspn(def, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_=") == strlen(def) &&
                    strmap_increment(&f->linux_seen, def) == 1)
                    *VEC_PUSH(f->linux_defs, f->nlinux_defs) = def;
            }
        }
    }
}

/* if(NAME) or if(${NAME}): NAME; any other condition: NULL */
static const char *simple_condition(CmakeFacts *f, const Command *c)
{
    if (c->nargs != 1) return NULL;
    const char *a = c->args[0];
    size_t n = strlen(a);
    if (n > 3 && a[0] == '$' && a[1] == '{' && a[n - 1] == '}') {
        a += 2;
        n -= 3;
    }
    if (!n || isdigit((unsigned char)a[0])) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)a[i]) && a[i] != '_') return NULL;
    return arena_strndup(&f->arena, a, n);
}

/* The .cu/.cuh files a list(APPEND), set(), add_library(), add_executable()
 * or target_sources() names (plain paths, relative to the CMakeLists.txt):
 * always built at the top level, built only when `condition` is on inside
 * one if(condition), unknown anywhere else. */
static void add_sources(CmakeFacts *f, const char *dir, const Command *c, int depth, const char *condition)
{
    int first;
    if (strcmp(c->name, "list") == 0) first = c->nargs > 0 && strcmp(c->args[0], "APPEND") == 0 ? 2 : c->nargs;
    else if (strcmp(c->name, "set") == 0 || strcmp(c->name, "add_library") == 0 ||
             strcmp(c->name, "add_executable") == 0 || strcmp(c->name, "cuda_add_library") == 0 ||
             strcmp(c->name, "cuda_add_executable") == 0 || strcmp(c->name, "target_sources") == 0)
        first = 1;
    else return;
    if (depth > 1 || (depth == 1 && !condition)) return;
    for (int i = first; i < c->nargs; i++) {
        const char *a = c->args[i];
        size_t n = strlen(a);
        bool cuda = (n > 3 && strcmp(a + n - 3, ".cu") == 0) || (n > 4 && strcmp(a + n - 4, ".cuh") == 0);
        if (!cuda || strchr(a, '$') || strstr(a, "..")) continue;
        const char *path = a[0] == '/' ? a : arena_printf(&f->arena, "%s/%s", dir, a[0] == '.' && a[1] == '/' ? a + 2 : a);
        if (depth == 0) {
            strmap_increment(&f->always_built, path);
            continue;
        }
        int *slot = strmap_get(&f->optional_index, path);
        if (*slot) continue; /* the first if() that lists it */
        *VEC_PUSH(f->optional_switch, f->noptional) = condition;
        *slot = f->noptional;
    }
}

/* ----------------------------------------------------- source templates */

static char *value_of_name(CmakeFacts *f, const char *name)
{
    const char *v = var(f, name);
    return v ? expand(f, v, 0) : NULL;
}

/* The i-th element of a CMake list ("a;b;c"), malloc'd; NULL past the end. */
static char *list_element(const char *list, int i)
{
    for (const char *p = list; p; i--) {
        const char *semi = strchr(p, ';');
        if (i == 0) return strndup(p, semi ? (size_t)(semi - p) : strlen(p));
        p = semi ? semi + 1 : NULL;
    }
    return NULL;
}

/* A file(READ) path as a pattern over the files it can name: the current
 * directory's variables are `dir`, any other ${...} matches any text. */
static const char *read_pattern(CmakeFacts *f, const char *arg, const char *dir)
{
    char *out = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&out, &len);
    if (!s) return NULL;
    if (arg[0] != '/' && arg[0] != '$') fprintf(s, "%s/", dir);
    for (const char *p = arg; *p;) {
        if (p[0] == '$' && p[1] == '{' && strchr(p, '}')) {
            const char *end = strchr(p, '}');
            size_t n = (size_t)(end - p - 2);
            if ((n == 24 && strncmp(p + 2, "CMAKE_CURRENT_SOURCE_DIR", n) == 0) ||
                (n == 22 && strncmp(p + 2, "CMAKE_CURRENT_LIST_DIR", n) == 0))
                fputs(dir, s);
            else
                fputc('*', s);
            p = end + 1;
        } else {
            if (*p == '*' || *p == '?' || *p == '[' || *p == '\\') fputc('\\', s);
            fputc(*p++, s);
        }
    }
    fclose(s);
    const char *pattern = arena_strdup(&f->arena, out);
    free(out);
    return strstr(pattern, "..") ? NULL : pattern;
}

/* `text` with every occurrence of `from` (not empty) replaced by `to`, as
 * CMake's string(REPLACE) does (malloc'd). */
static char *replace_all(const char *text, const char *from, const char *to)
{
    size_t m = strlen(from), r = strlen(to), n = 0;
    for (const char *p = strstr(text, from); p; p = strstr(p + m, from)) n++;
    char *out = xmalloc(strlen(text) + n * r + 1), *w = out;
    for (const char *p = text;;) {
        const char *hit = strstr(p, from);
        size_t keep = hit ? (size_t)(hit - p) : strlen(p);
        memcpy(w, p, keep);
        w += keep;
        if (!hit) break;
        memcpy(w, to, r);
        w += r;
        p = hit + m;
    }
    *w = 0;
    return out;
}

static bool placeholder_name(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_') return false;
    size_t n = 0;
    for (; s[n]; n++)
        if (!isalnum((unsigned char)s[n]) && s[n] != '_') return false;
    return n >= 3;
}

static SourceTemplate *template_of_var(CmakeFacts *f, const char *name)
{
    for (int i = f->ntemplates - 1; i >= 0; i--)
        if (strcmp(f->templates[i].var, name) == 0) return &f->templates[i];
    return NULL;
}

/* file(READ), string(REPLACE), list(GET) and foreach(): what makes a
 * template's first generated source (each loop at its first value). */
static void template_command(CmakeFacts *f, const char *path, const char *dir, const Command *c)
{
    if (strcmp(c->name, "file") == 0 && c->nargs >= 3 && strcmp(c->args[0], "READ") == 0) {
        const char *pattern = read_pattern(f, c->args[1], dir);
        if (pattern)
            *VEC_PUSH(f->templates, f->ntemplates) =
                (SourceTemplate){pattern, arena_strdup(&f->arena, c->args[2]), arena_strdup(&f->arena, path),
                                 NULL, 0, false};
    } else if (strcmp(c->name, "string") == 0 && c->nargs >= 5 && strcmp(c->args[0], "REPLACE") == 0) {
        SourceTemplate *t = template_of_var(f, c->args[3]);
        char *to = expand(f, c->args[2], 0);
        if (t && c->args[1][0]) {
            /* a placeholder is a name, and its value keeps the lines: a
             * replacement of quotes or newlines (a text made into a C
             * string for embedding) is no template */
            if (!placeholder_name(c->args[1]) || (to && strchr(to, '\n'))) t->unknown = true;
            VEC_PUSH(t->replace, t->nreplace)->from = arena_strdup(&f->arena, c->args[1]);
            t->replace[t->nreplace - 1].to = to ? arena_strdup(&f->arena, to) : "";
            if (!to) t->unknown = true;
        } else if (!t && to && c->args[1][0]) {
            char *in = expand(f, c->args[4], 0);
            char *out = in ? replace_all(in, c->args[1], to) : NULL; /* a plain string(REPLACE) gpulint can read */
            if (out) set_var(f, c->args[3], out);
            free(out);
            free(in);
        }
        free(to);
    } else if (strcmp(c->name, "list") == 0 && c->nargs == 4 && strcmp(c->args[0], "GET") == 0) {
        char *list = value_of_name(f, c->args[1]);
        char *e = list && isdigit((unsigned char)c->args[2][0]) ? list_element(list, atoi(c->args[2])) : NULL;
        if (e) set_var(f, c->args[3], e);
        free(e);
        free(list);
    } else if (strcmp(c->name, "foreach") == 0 && c->nargs >= 2) {
        char *first = NULL;
        if (strcmp(c->args[1], "IN") == 0) {
            if (c->nargs >= 4 && strcmp(c->args[2], "LISTS") == 0) first = value_of_name(f, c->args[3]);
            else if (c->nargs >= 4 && strcmp(c->args[2], "ITEMS") == 0) first = expand(f, c->args[3], 0);
        } else if (strcmp(c->args[1], "RANGE") != 0) {
            first = expand(f, c->args[1], 0);
        }
        char *e = first ? list_element(first, 0) : NULL;
        if (e && *e) set_var(f, c->args[0], e);
        free(e);
        free(first);
    }
}

static bool is_block_start(const char *name)
{
    return strcmp(name, "if") == 0 || strcmp(name, "function") == 0 || strcmp(name, "macro") == 0 ||
           strcmp(name, "foreach") == 0 || strcmp(name, "while") == 0;
}

static bool is_block_end(const char *name)
{
    return strcmp(name, "endif") == 0 || strcmp(name, "endfunction") == 0 || strcmp(name, "endmacro") == 0 ||
           strcmp(name, "endforeach") == 0 || strcmp(name, "endwhile") == 0;
}

static void read_commands(CmakeFacts *f, const char *path, const char *text)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    /* only a CMakeLists.txt has a directory scope; an included *.cmake
     * module's definitions go wherever it is included */
    bool lists_file = slash && strcmp(slash + 1, "CMakeLists.txt") == 0;
    int depth = 0; /* if(), function() and loop bodies: their sources are optional or unknown */
    const char *condition[8] = {NULL}; /* per open block: the NAME of if(NAME) before any else */
    Command c;
    cmake_definitions_begin_file(f->definitions);
    for (const char *pos = text; next_command(&pos, &c); free_command(&c)) {
        cmake_definitions_command(f->definitions, dir, lists_file, c.name, c.args, c.nargs);
        if (is_block_start(c.name)) {
            template_command(f, path, dir, &c); /* foreach(): its loop variable's first value */
            if (depth < 8) condition[depth] = strcmp(c.name, "if") == 0 ? simple_condition(f, &c) : NULL;
            depth++;
            continue;
        }
        if (is_block_end(c.name) && depth > 0) depth--;
        else if ((strcmp(c.name, "else") == 0 || strcmp(c.name, "elseif") == 0) && depth > 0 && depth <= 8)
            condition[depth - 1] = NULL;
        if (lists_file) add_sources(f, dir, &c, depth, depth == 1 ? condition[0] : NULL);
        template_command(f, path, dir, &c);
        if (strcmp(c.name, "set") == 0 && c.nargs >= 2) {
            set_var(f, c.args[0], c.args[1]);
        } else if (strcmp(c.name, "option") == 0 && c.nargs >= 1) {
            set_var(f, c.args[0], c.nargs >= 3 ? c.args[2] : "OFF");
            if (c.nargs < 3 || strcasecmp(c.args[2], "OFF") == 0) strmap_increment(&f->option_off, c.args[0]);
        } else if (strcmp(c.name, "project") == 0 && c.nargs >= 1) {
            const char *name = c.args[0];
            set_var(f, "PROJECT_NAME", name);
            for (int i = 1; i + 1 < c.nargs; i++) {
                if (strcmp(c.args[i], "VERSION") != 0) continue;
                const char *v = c.args[i + 1];
                int parts[4] = {0, 0, 0, 0};
                int np = sscanf(v, "%d.%d.%d.%d", &parts[0], &parts[1], &parts[2], &parts[3]);
                static const char *const suffix[] = {"MAJOR", "MINOR", "PATCH", "TWEAK"};
                const char *prefixes[] = {name, "PROJECT"};
                for (int k = 0; k < 2; k++) {
                    set_var(f, arena_printf(&f->arena, "%s_VERSION", prefixes[k]), v);
                    for (int j = 0; j < np && j < 4; j++)
                        set_var(f, arena_printf(&f->arena, "%s_VERSION_%s", prefixes[k], suffix[j]),
                                arena_printf(&f->arena, "%d", parts[j]));
                }
            }
        } else if (strcmp(c.name, "configure_file") == 0 && c.nargs >= 2) {
            const char *tmpl = find_template(f, c.args[0], dir);
            const char *out = c.args[1];
            const char *tail = strrchr(out, '}') ? strrchr(out, '}') + 1 : out;
            if (tmpl && *tail) {
                Configured *k = VEC_PUSH(f->configured, f->nconfigured);
                k->template_path = tmpl;
                k->output_tail = arena_strdup(&f->arena, tail);
                for (int i = 2; i < c.nargs; i++)
                    if (strcmp(c.args[i], "@ONLY") == 0) k->at_only = true;
            }
        } else if (strcmp(c.name, "target_compile_definitions") == 0 || strcmp(c.name, "add_compile_definitions") == 0 ||
                   strcmp(c.name, "add_definitions") == 0 || strcmp(c.name, "target_compile_options") == 0 ||
                   strcmp(c.name, "add_compile_options") == 0) {
            add_linux_definitions(f, &c);
        }
    }
}

static char *expand_text(void *facts, const char *text)
{
    return expand(facts, text, 0);
}

static CmakeFacts *facts_new(void)
{
    CmakeFacts *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->definitions = cmake_definitions_new(expand_text, f);
    if (!f->definitions) {
        free(f);
        return NULL;
    }
    return f;
}

CmakeFacts *cmake_facts_read(const char *const *cmake_files, int n)
{
    CmakeFacts *f = facts_new();
    if (!f) return NULL;
    for (int i = 0; i < n; i++) {
        long size;
        char *text = read_file(cmake_files[i], &size);
        if (!text) continue;
        read_commands(f, cmake_files[i], text);
        free(text);
    }
    return f;
}

CmakeFacts *cmake_facts_read_texts(const char *const *cmake_files, const char *const *texts, int n)
{
    CmakeFacts *f = facts_new();
    if (!f) return NULL;
    for (int i = 0; i < n; i++) read_commands(f, cmake_files[i], texts[i]);
    return f;
}

void cmake_facts_free(CmakeFacts *f)
{
    if (!f) return;
    strmap_free(&f->var_index);
    strmap_free(&f->linux_seen);
    cmake_definitions_free(f->definitions);
    strmap_free(&f->always_built);
    strmap_free(&f->optional_index);
    strmap_free(&f->option_off);
    free(f->optional_switch);
    free(f->values);
    free(f->configured);
    free(f->linux_defs);
    for (int i = 0; i < f->ntemplates; i++) free(f->templates[i].replace);
    free(f->templates);
    arena_free(&f->arena);
    free(f);
}

/* ------------------------------------------------------------ templates */

static const Configured *configured_for(CmakeFacts *f, const char *spelling)
{
    size_t m = strlen(spelling);
    for (int i = 0; f && i < f->nconfigured; i++) {
        const char *t = f->configured[i].output_tail;
        size_t n = strlen(t);
        if (n == m ? strcmp(t, spelling) == 0 : n > m && t[n - m - 1] == '/' && strcmp(t + n - m, spelling) == 0)
            return &f->configured[i];
    }
    return NULL;
}

const char *cmake_template_for(CmakeFacts *f, const char *spelling)
{
    const Configured *k = configured_for(f, spelling);
    return k ? k->template_path : NULL;
}

/* Not one of CMake's false constants (the unknown, NULL, is false too). */
static bool truthy(const char *v)
{
    return v && !cmake_false_constant(v);
}

static char *value_of(CmakeFacts *f, const char *name)
{
    const char *v = var(f, name);
    return v ? expand(f, v, 0) : NULL;
}

/* One reference's replacement: its value, or 0 ("" between quotes). */
static void put_value(CmakeFacts *f, FILE *s, const char *name, bool in_quotes)
{
    char *v = value_of(f, name);
    fputs(v ? v : in_quotes ? "" : "0", s);
    free(v);
}

static bool var_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-' || c == '+' || c == '/';
}

static void substitute_line(CmakeFacts *f, FILE *s, const char *line, size_t len, bool at_only)
{
    bool in_quotes = false;
    for (size_t i = 0; i < len;) {
        char c = line[i];
        if (c == '"') in_quotes = !in_quotes;
        size_t j = i + 1;
        if (c == '@') {
            while (j < len && var_char(line[j])) j++;
            if (j < len && line[j] == '@' && j > i + 1) {
                char name[256];
                snprintf(name, sizeof name, "%.*s", (int)(j - i - 1), line + i + 1);
                put_value(f, s, name, in_quotes);
                i = j + 1;
                continue;
            }
        } else if (c == '$' && !at_only && i + 1 < len && line[i + 1] == '{') {
            j = i + 2;
            while (j < len && var_char(line[j])) j++;
            if (j < len && line[j] == '}') {
                char name[256];
                snprintf(name, sizeof name, "%.*s", (int)(j - i - 2), line + i + 2);
                put_value(f, s, name, in_quotes);
                i = j + 1;
                continue;
            }
        }
        fputc(c, s);
        i++;
    }
}

/* "#cmakedefine NAME rest" or "#cmakedefine01 NAME": true when handled. */
static bool cmakedefine(CmakeFacts *f, FILE *s, const char *line, size_t len, bool at_only)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= len || line[i] != '#') return false;
    i++;
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    static const char kw[] = "cmakedefine";
    if (len - i < sizeof kw - 1 || strncmp(line + i, kw, sizeof kw - 1) != 0) return false;
    i += sizeof kw - 1;
    bool zero_one = len - i >= 2 && line[i] == '0' && line[i + 1] == '1';
    if (zero_one) i += 2;
    if (i >= len || (line[i] != ' ' && line[i] != '\t')) return false;
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    size_t name_start = i;
    while (i < len && (isalnum((unsigned char)line[i]) || line[i] == '_')) i++;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(i - name_start), line + name_start);
    if (!name[0]) return false;
    char *v = value_of(f, name);
    bool on = truthy(v);
    free(v);
    if (zero_one) {
        fprintf(s, "#define %s %d", name, on ? 1 : 0);
    } else if (on) {
        fprintf(s, "#define %s", name);
        substitute_line(f, s, line + i, len - i, at_only);
    } else {
        fprintf(s, "/* #undef %s */", name);
    }
    return true;
}

/* A path in a C comment: no byte that could end the comment or the line. */
static void put_path_in_comment(FILE *s, const char *path)
{
    for (const char *p = path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || (c == '*' && p[1] == '/') || (c == '/' && p[1] == '*')) fputc('?', s);
        else fputc(c, s);
    }
}

char *cmake_configure(CmakeFacts *f, const char *spelling)
{
    const Configured *k = configured_for(f, spelling);
    if (!k) return NULL;
    long size;
    char *text = read_file(k->template_path, &size);
    if (!text) return NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&out, &len);
    if (!s) {
        free(text);
        return NULL;
    }
    fputs("/* gpulint: a stand-in for the header CMake's configure_file() makes from ", s);
    put_path_in_comment(s, k->template_path);
    fputs("; values gpulint cannot read are 0 */\n", s);
    for (const char *line = text; line < text + size;) {
        const char *nl = memchr(line, '\n', (size_t)(text + size - line));
        size_t n = nl ? (size_t)(nl - line) : (size_t)(text + size - line);
        if (!cmakedefine(f, s, line, n, k->at_only)) substitute_line(f, s, line, n, k->at_only);
        fputc('\n', s);
        line += n + 1;
    }
    fclose(s);
    free(text);
    return out;
}

int cmake_linux_definitions(CmakeFacts *f, const char *const **defs)
{
    *defs = f ? f->linux_defs : NULL;
    return f ? f->nlinux_defs : 0;
}

int cmake_definitions_for(CmakeFacts *f, const char *path, const char ***defs)
{
    *defs = NULL;
    int n = 0;
    if (!f) return 0;
    for (int i = 0; i < f->nlinux_defs; i++) *VEC_PUSH(*defs, n) = f->linux_defs[i];
    return cmake_definitions_for_path(f->definitions, path, CMAKE_ANY_VENDOR, defs, n);
}

int cmake_vendor_definitions_for(CmakeFacts *f, const char *path, bool amd, const char ***defs)
{
    *defs = NULL;
    return f ? cmake_definitions_for_path(f->definitions, path, amd ? CMAKE_AMD : CMAKE_NVIDIA, defs, 0) : 0;
}

int cmake_directory_definitions(CmakeFacts *f, int i, const char **dir, const char **definition, const char **vendor)
{
    CmakeVendor v = CMAKE_ANY_VENDOR;
    if (!f || !cmake_definitions_at(f->definitions, i, dir, definition, &v)) return 0;
    *vendor = v == CMAKE_NVIDIA ? "NVIDIA" : v == CMAKE_AMD ? "AMD" : NULL;
    return 1;
}

const char *cmake_optional_switch(CmakeFacts *f, const char *path)
{
    if (!f || *strmap_get(&f->always_built, path)) return NULL;
    int i = *strmap_get(&f->optional_index, path);
    if (!i) return NULL;
    const char *name = f->optional_switch[i - 1];
    return *strmap_get(&f->option_off, name) ? name : NULL;
}

char *cmake_source_template(CmakeFacts *f, const char *path, char **note)
{
    for (int i = 0; f && i < f->ntemplates; i++) {
        const SourceTemplate *t = &f->templates[i];
        if (!t->nreplace || t->unknown || fnmatch(t->pattern, path, FNM_PATHNAME) != 0) continue;
        long size;
        char *out = read_file(path, &size), *desc = NULL;
        if (!out) return NULL;
        size_t dlen = 0;
        FILE *d = open_memstream(&desc, &dlen);
        if (!d) abort();
        fprintf(d, "a source template: %s writes one source per combination of values from this file; analysed as "
                   "the first (", t->cmake);
        for (int k = 0; k < t->nreplace; k++) { /* in the order of the commands */
            char *next = replace_all(out, t->replace[k].from, t->replace[k].to);
            free(out);
            out = next;
            fprintf(d, "%s%s=%s", k ? ", " : "", t->replace[k].from, t->replace[k].to);
        }
        fputc(')', d);
        fclose(d);
        *note = desc;
        return out;
    }
    return NULL;
}
