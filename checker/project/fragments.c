/* fragments.c - see fragments.h. */
#include "project/fragments.h"

#include "frontend/file_language.h"
#include "util/arena.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_SCANNED_BYTES (4L * 1024 * 1024)

typedef struct {
    const char *root;
    const char *const *files; int nfiles;   /* the project's index (real paths) */
    StrMap index;                           /* path -> file + 1 */
    FragmentInfo *info;                     /* per file */
    const char ***owned; int *nowned;       /* per file: the fragments it owns */
    const char ***root_sets; int nroot_sets; /* per include component: the translation units reaching it */
    bool *root_set_owned;                   /* which of root_sets to free (others are shared) */
    const char **kernel_aliases; int nkernel_aliases; /* `#define NAME __global__` anywhere in the project */
} Graph;

struct FragmentSet {
    ProjectSet *ps;
    Graph **graphs; int ngraphs;
    Arena arena;
};

FragmentSet *fragments_new(ProjectSet *ps)
{
    FragmentSet *fs = xcalloc(1, sizeof *fs);
    fs->ps = ps;
    return fs;
}

void fragments_free(FragmentSet *fs)
{
    if (!fs) return;
    for (int g = 0; g < fs->ngraphs; g++) {
        Graph *gr = fs->graphs[g];
        for (int i = 0; i < gr->nroot_sets; i++)
            if (gr->root_set_owned[i]) free(gr->root_sets[i]);
        free(gr->root_sets);
        free(gr->root_set_owned);
        for (int i = 0; i < gr->nfiles; i++) {
            free(gr->info[i].includers);
            free(gr->owned[i]);
        }
        free(gr->info);
        free(gr->kernel_aliases);
        free(gr->owned);
        free(gr->nowned);
        strmap_free(&gr->index);
        free(gr);
    }
    free(fs->graphs);
    arena_free(&fs->arena);
    free(fs);
}

static const char *extension(const char *path)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot : "";
}

static bool is_cpp_header(const char *path)
{
    const char *e = extension(path);
    return strcmp(e, ".h") == 0 || strcmp(e, ".hh") == 0 || strcmp(e, ".hpp") == 0 || strcmp(e, ".hxx") == 0;
}

static bool is_fragment_kind(const char *path, bool defines_kernel)
{
    const char *e = extension(path);
    return strcmp(e, ".cu") == 0 || strcmp(e, ".cuh") == 0 || strcmp(e, ".inl") == 0 || strcmp(e, ".inc") == 0 ||
           (defines_kernel && is_cpp_header(path));
}

static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Whether the word at p (len n) is `__global__`, or one of aliases[0..naliases)
 * followed by `void` (a kernel declared through `#define GLOBAL __global__`). */
static bool kernel_word_at(const char *text, const char *p, const char *const *aliases, int naliases)
{
    if (p != text && is_word_char(p[-1])) return false;
    if (strncmp(p, "__global__", 10) == 0 && !is_word_char(p[10])) return true;
    for (int k = 0; k < naliases; k++) {
        size_t n = strlen(aliases[k]);
        if (strncmp(p, aliases[k], n) != 0 || is_word_char(p[n])) continue;
        const char *q = p + n;
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
        if (strncmp(q, "void", 4) == 0 && !is_word_char(q[4])) return true;
    }
    return false;
}

/* text_defines_cuda_kernel, with kernel aliases (below). */
static bool text_defines_kernel(const char *text, const char *const *aliases, int naliases)
{
    enum { CODE, LINE_COMMENT, BLOCK_COMMENT, STRING, CHAR } st = CODE;
    bool line_start = true, directive = false;
    for (const char *p = text; *p; p++) {
        char c = *p;
        if (c == '\\' && p[1] == '\n') { /* a continued line stays what it was */
            p++;
            continue;
        }
        if (c == '\n') {
            if (st == LINE_COMMENT || st == STRING || st == CHAR) st = CODE;
            line_start = true;
            directive = false;
            continue;
        }
        switch (st) {
        case LINE_COMMENT: continue;
        case BLOCK_COMMENT:
            if (c == '*' && p[1] == '/') { st = CODE; p++; }
            continue;
        case STRING:
        case CHAR:
            if (c == '\\' && p[1]) p++;
            else if (c == (st == STRING ? '"' : '\'')) st = CODE;
            continue;
        case CODE: break;
        }
        if (c == ' ' || c == '\t' || c == '\r') continue;
        if (line_start && c == '#') directive = true;
        line_start = false;
        if (c == '/' && p[1] == '/') { st = LINE_COMMENT; p++; continue; }
        if (c == '/' && p[1] == '*') { st = BLOCK_COMMENT; p++; continue; }
        if (c == '"') { st = STRING; continue; }
        if (c == '\'') { st = CHAR; continue; }
        if (!directive && (c == '_' || isalpha((unsigned char)c)) && kernel_word_at(text, p, aliases, naliases))
            return true;
    }
    return false;
}

bool text_defines_cuda_kernel(const char *text)
{
    return text_defines_kernel(text, NULL, 0);
}

/* `#define NAME __global__` (the directive's text after '#', blanks
 * skipped): NAME, a kernel alias, in the arena; else NULL.  Projects that
 * compile the same headers as host C++ spell kernels so, under a compiler
 * guard (`#ifdef __CUDACC__ ... #else #define GLOBAL #endif`). */
static const char *kernel_alias_defined(Arena *arena, const char *q)
{
    if (strncmp(q, "define", 6) != 0 || (q[6] != ' ' && q[6] != '\t')) return NULL;
    q += 6;
    while (*q == ' ' || *q == '\t') q++;
    size_t n = 0;
    while (is_word_char(q[n])) n++;
    const char *body = q + n;
    if (!n || isdigit((unsigned char)q[0]) || (*body != ' ' && *body != '\t')) return NULL;
    while (*body == ' ' || *body == '\t') body++;
    if (strncmp(body, "__global__", 10) != 0 || is_word_char(body[10])) return NULL;
    for (body += 10; *body == ' ' || *body == '\t' || *body == '\r'; body++) {}
    if (*body && !(body[0] == '/' && (body[1] == '/' || body[1] == '*'))) return NULL;
    return arena_strndup(arena, q, n);
}

/* The kernel aliases that `path` and the files it includes with quotes,
 * found next to their includer, define: up to 32 files, 4 levels deep. */
static void nearby_kernel_aliases(Arena *arena, const char *path, int depth, StrMap *seen, const char ***aliases,
                                  int *naliases)
{
    if (depth > 4 || seen->n >= 32 || strmap_increment(seen, path) > 1) return;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_SCANNED_BYTES) return;
    long size;
    char *text = read_file(path, &size);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        if (*q++ == '#') {
            while (*q == ' ' || *q == '\t') q++;
            const char *alias = kernel_alias_defined(arena, q);
            if (alias) *VEC_PUSH(*aliases, *naliases) = alias;
            if (strncmp(q, "include", 7) == 0) {
                for (q += 7; *q == ' ' || *q == '\t'; q++) {}
                const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
                const char *slash = strrchr(path, '/');
                char near[PATH_MAX];
                if (end && end > q + 1 && q[1] != '/' &&
                    snprintf(near, sizeof near, "%.*s%.*s", slash ? (int)(slash - path + 1) : 0, path,
                             (int)(end - q - 1), q + 1) < (int)sizeof near)
                    nearby_kernel_aliases(arena, near, depth + 1, seen, aliases, naliases);
            }
        }
        line = next;
    }
    free(text);
}

/* Whether some "void" follows an upper-case word (`GLOBAL void f(`): the
 * only shape an alias-declared kernel has; a cheap test before the
 * neighbours are read. */
static bool word_before_void(const char *text)
{
    for (const char *p = strstr(text, "void"); p; p = strstr(p + 4, "void")) {
        if (is_word_char(p[4])) continue;
        const char *q = p;
        while (q > text && (q[-1] == ' ' || q[-1] == '\t')) q--;
        if (q == p) continue;
        int caps = 0;
        while (q > text && (isupper((unsigned char)q[-1]) || isdigit((unsigned char)q[-1]) || q[-1] == '_')) q--, caps++;
        if (caps >= 2 && !(q > text && is_word_char(q[-1]))) return true;
    }
    return false;
}

bool is_cuda_kernel_header(const char *path)
{
    if (!is_cpp_header(path)) return false;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_SCANNED_BYTES) return false;
    long size;
    char *text = read_file(path, &size);
    bool yes = text && text_defines_cuda_kernel(text);
    if (text && !yes && word_before_void(text)) { /* kernels through an alias the header or its neighbours define */
        Arena arena = {0};
        StrMap seen;
        memset(&seen, 0, sizeof seen);
        const char **aliases = NULL;
        int naliases = 0;
        nearby_kernel_aliases(&arena, path, 0, &seen, &aliases, &naliases);
        yes = naliases && text_defines_kernel(text, aliases, naliases);
        free(aliases);
        strmap_free(&seen);
        arena_free(&arena);
    }
    free(text);
    return yes;
}

bool is_hip_source(const char *path)
{
    const char *e = extension(path);
    if (!is_cpp_header(path) && strcmp(e, ".cpp") != 0 && strcmp(e, ".cc") != 0 && strcmp(e, ".cxx") != 0 &&
        strcmp(e, ".c++") != 0)
        return false;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_SCANNED_BYTES) return false;
    long size;
    char *text = read_file(path, &size);
    bool yes = text && text_defines_cuda_kernel(text) && source_includes_hip_header(text, (size_t)size, path);
    free(text);
    return yes;
}

static bool is_translation_unit(const Graph *g, int i)
{
    const char *e = extension(g->files[i]); /* CUDA's and HIP's translation units */
    return (strcmp(e, ".cu") == 0 || strcmp(e, ".hip") == 0) && g->info[i].nincluders == 0;
}

/* Adds an edge includer -> included for each #include of file i
 * that resolves to a file of the index (conditions are not evaluated). */
/* `template <...>` right before a `__global__` (no declaration between). */
static bool defines_kernel_template(const char *text)
{
    for (const char *k = strstr(text, "__global__"); k; k = strstr(k + 10, "__global__")) {
        const char *from = k - text > 300 ? k - 300 : text;
        for (const char *t = k; t > from;) {
            t--;
            if (*t == ';' || *t == '{' || *t == '}') break;
            if (strncmp(t, "template", 8) == 0 && (t == text || !isalnum((unsigned char)t[-1]))) return true;
        }
    }
    return false;
}

static void scan_file(FragmentSet *fs, Graph *g, int i)
{
    struct stat st;
    if (stat(g->files[i], &st) != 0 || st.st_size > MAX_SCANNED_BYTES) return;
    long size;
    char *text = read_file(g->files[i], &size);
    if (!text) return;
    if (!g->info[i].fragment_kind && is_cpp_header(g->files[i]) && text_defines_cuda_kernel(text))
        g->info[i].fragment_kind = true;
    g->info[i].kernel_template = defines_kernel_template(text);
    int line_no = 0;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        line_no++;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        if (*q++ == '#') {
            while (*q == ' ' || *q == '\t') q++;
            const char *alias = kernel_alias_defined(&fs->arena, q);
            if (alias) *VEC_PUSH(g->kernel_aliases, g->nkernel_aliases) = alias;
            if (strncmp(q, "include", 7) == 0) {
                q += 7;
                while (*q == ' ' || *q == '\t') q++;
                bool angled = *q == '<';
                const char *end = *q == '"' ? strchr(q + 1, '"') : angled ? strchr(q + 1, '>') : NULL;
                char spelling[PATH_MAX], found[PATH_MAX * 2];
                if (end && end > q + 1 && end - q - 1 < (long)sizeof spelling) {
                    snprintf(spelling, sizeof spelling, "%.*s", (int)(end - q - 1), q + 1);
                    int to = projects_resolve_include(fs->ps, g->root, g->files[i], spelling, angled, found, sizeof found)
                                 ? *strmap_get(&g->index, found) - 1
                                 : -1;
                    FragmentInfo *t = to >= 0 && to != i ? &g->info[to] : NULL;
                    if (t && !(t->nincluders && strcmp(t->includers[t->nincluders - 1].path, g->files[i]) == 0)) {
                        Includer *inc = VEC_PUSH(t->includers, t->nincluders);
                        inc->path = g->files[i];
                        inc->line = line_no;
                    }
                }
            }
        }
        line = next;
    }
    free(text);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_includer(const void *a, const void *b)
{
    const Includer *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : x->line - y->line;
}

/* The translation units that reach each file through includes, for every
 * file at once: a walk up the includers from each fragment separately was
 * quadratic (a 10,000-header include chain took minutes per process).
 *
 * Files that include each other (directly or through others: guarded
 * cycles) reach the same translation units, so the includer graph is first
 * cut into its strongly connected components (Tarjan's algorithm, without
 * recursion: chains are deep).  Tarjan completes a component only after the
 * components of all its includers, so each component's set is the union of
 * its includers' sets (or the includer itself, for a translation unit),
 * ready when needed.  A component with one source of roots shares that
 * source's sorted array: a chain holds one array, not one per file. */
typedef struct {
    int *incl, *incl_start;        /* includer indices of file i: incl[incl_start[i] .. incl_start[i+1]) */
    int *comp;                     /* component of each file; -1: not yet completed */
    const char ***set; int *nset;  /* per component: its translation units, sorted; shared or owned */
    bool *owned;                   /* per component: set[c] is its own allocation */
    int ncomp;
} RootWalk;

static void includer_indices(Graph *g, RootWalk *w)
{
    size_t n = (size_t)g->nfiles;
    w->incl_start = xcalloc(n + 1, sizeof *w->incl_start);
    int edges = 0;
    for (int i = 0; i < g->nfiles; i++) {
        w->incl_start[i] = edges;
        edges += g->info[i].nincluders;
    }
    w->incl_start[n] = edges;
    w->incl = xcalloc(edges ? (size_t)edges : 1, sizeof *w->incl);
    for (int i = 0; i < g->nfiles; i++)
        for (int k = 0; k < g->info[i].nincluders; k++)
            w->incl[w->incl_start[i] + k] = *strmap_get(&g->index, g->info[i].includers[k].path) - 1;
}

/* The roots of component c, whose members are members[0..nm). */
static void component_roots(Graph *g, RootWalk *w, int c, const int *members, int nm, int *stamp)
{
    const char **set = NULL;
    int n = 0, source = -1, nsources = 0;
    for (int m = 0; m < nm; m++) {
        int v = members[m];
        for (int e = w->incl_start[v]; e < w->incl_start[v + 1]; e++) {
            int u = w->incl[e];
            if (u < 0 || w->comp[u] == c) continue;
            if (is_translation_unit(g, u)) {
                nsources += 2; /* a translation unit itself: never shared */
                if (stamp[u] != -(c + 2)) {
                    stamp[u] = -(c + 2);
                    *VEC_PUSH(set, n) = g->files[u];
                }
                continue;
            }
            int cu = w->comp[u];
            if (!w->nset[cu] || cu == source) continue;
            source = cu;
            nsources++;
            for (int k = 0; k < w->nset[cu]; k++) {
                int t = *strmap_get(&g->index, w->set[cu][k]) - 1;
                if (stamp[t] == -(c + 2)) continue;
                stamp[t] = -(c + 2);
                *VEC_PUSH(set, n) = w->set[cu][k];
            }
        }
    }
    if (nsources == 1) { /* exactly the source's set: share it */
        free(set);
        w->set[c] = w->set[source];
        w->nset[c] = w->nset[source];
        return;
    }
    if (n > 1) qsort(set, (size_t)n, sizeof *set, cmp_str);
    w->set[c] = set;
    w->nset[c] = n;
    w->owned[c] = true;
}

static void find_all_roots(Graph *g, RootWalk *w)
{
    size_t n = g->nfiles > 0 ? (size_t)g->nfiles : 1;
    includer_indices(g, w);
    int *index = xmalloc(n * sizeof *index), *low = xmalloc(n * sizeof *low);
    int *stack = xmalloc(n * sizeof *stack), *call = xmalloc(n * sizeof *call), *edge = xmalloc(n * sizeof *edge);
    int *stamp = xmalloc(n * sizeof *stamp);
    bool *on_stack = xcalloc(n, sizeof *on_stack);
    w->comp = xmalloc(n * sizeof *w->comp);
    w->set = xcalloc(n, sizeof *w->set);
    w->nset = xcalloc(n, sizeof *w->nset);
    w->owned = xcalloc(n, sizeof *w->owned);
    for (size_t i = 0; i < n; i++) index[i] = w->comp[i] = stamp[i] = -1;
    int counter = 0, sp = 0;
    for (int root = 0; root < g->nfiles; root++) {
        if (index[root] >= 0) continue;
        int depth = 0;
        call[depth] = root;
        edge[depth] = w->incl_start[root];
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        on_stack[root] = true;
        while (depth >= 0) {
            int v = call[depth];
            if (edge[depth] < w->incl_start[v + 1]) {
                int u = w->incl[edge[depth]++];
                if (u < 0) continue;
                if (index[u] < 0) {
                    call[++depth] = u;
                    edge[depth] = w->incl_start[u];
                    index[u] = low[u] = counter++;
                    stack[sp++] = u;
                    on_stack[u] = true;
                } else if (on_stack[u] && index[u] < low[v]) {
                    low[v] = index[u];
                }
                continue;
            }
            if (low[v] == index[v]) { /* v heads a component: pop it */
                int c = w->ncomp++, first = sp;
                do {
                    int x = stack[--first];
                    on_stack[x] = false;
                    w->comp[x] = c;
                } while (stack[first] != v);
                component_roots(g, w, c, stack + first, sp - first, stamp);
                sp = first;
            }
            if (--depth >= 0 && low[v] < low[call[depth]]) low[call[depth]] = low[v];
        }
    }
    free(index);
    free(low);
    free(stack);
    free(call);
    free(edge);
    free(stamp);
    free(on_stack);
}

static void root_walk_free(RootWalk *w)
{
    free(w->incl);
    free(w->incl_start);
    free(w->comp);
    free(w->nset);
    free(w->owned);
    free(w->set);
}

/* C++ headers whose kernels are declared through a kernel alias of the
 * project (`GLOBAL void render(...)`) are kernel headers too. */
static void mark_alias_kernel_headers(Graph *g)
{
    for (int i = 0; i < g->nfiles; i++) {
        if (g->info[i].fragment_kind || !is_cpp_header(g->files[i])) continue;
        struct stat st;
        if (stat(g->files[i], &st) != 0 || st.st_size > MAX_SCANNED_BYTES) continue;
        long size;
        char *text = read_file(g->files[i], &size);
        if (text && text_defines_kernel(text, g->kernel_aliases, g->nkernel_aliases)) g->info[i].fragment_kind = true;
        free(text);
    }
}

static Graph *build_graph(FragmentSet *fs, const char *root)
{
    Graph *g = xcalloc(1, sizeof *g);
    g->root = arena_strdup(&fs->arena, root);
    g->nfiles = projects_index_files(fs->ps, root, &g->files);
    size_t n = g->nfiles > 0 ? (size_t)g->nfiles : 1;
    g->info = xcalloc(n, sizeof *g->info);
    g->owned = xcalloc(n, sizeof *g->owned);
    g->nowned = xcalloc(n, sizeof *g->nowned);
    for (int i = 0; i < g->nfiles; i++) *strmap_get(&g->index, g->files[i]) = i + 1;
    for (int i = 0; i < g->nfiles; i++) g->info[i].fragment_kind = is_fragment_kind(g->files[i], false);
    for (int i = 0; i < g->nfiles; i++) scan_file(fs, g, i);
    if (g->nkernel_aliases) mark_alias_kernel_headers(g);
    for (int i = 0; i < g->nfiles; i++) {
        FragmentInfo *fi = &g->info[i];
        if (fi->nincluders > 1) qsort(fi->includers, (size_t)fi->nincluders, sizeof *fi->includers, cmp_includer);
    }
    RootWalk w = {0};
    find_all_roots(g, &w);
    g->root_sets = w.set;
    g->root_set_owned = w.owned;
    g->nroot_sets = w.ncomp;
    w.set = NULL;
    w.owned = NULL;
    for (int i = 0; i < g->nfiles; i++) {
        FragmentInfo *fi = &g->info[i];
        if (!fi->fragment_kind || !fi->nincluders) continue;
        int c = w.comp[i];
        if (!w.nset[c]) continue;
        fi->roots = g->root_sets[c];
        fi->nroots = w.nset[c];
        fi->owner = fi->roots[0];
        int o = *strmap_get(&g->index, fi->owner) - 1;
        *VEC_PUSH(g->owned[o], g->nowned[o]) = g->files[i];
    }
    root_walk_free(&w);
    return g;
}

static Graph *graph_of(FragmentSet *fs, const char *abs_path)
{
    const char *root = projects_root_of(fs->ps, abs_path);
    for (int i = 0; i < fs->ngraphs; i++)
        if (strcmp(fs->graphs[i]->root, root) == 0) return fs->graphs[i];
    Graph *g = build_graph(fs, root);
    *VEC_PUSH(fs->graphs, fs->ngraphs) = g;
    return g;
}

const FragmentInfo *fragments_info(FragmentSet *fs, const char *abs_path)
{
    Graph *g = graph_of(fs, abs_path);
    int i = *strmap_get(&g->index, abs_path) - 1;
    return i >= 0 ? &g->info[i] : NULL;
}

int fragments_owned_by(FragmentSet *fs, const char *abs_tu, const char *const **out)
{
    Graph *g = graph_of(fs, abs_tu);
    int i = *strmap_get(&g->index, abs_tu) - 1;
    *out = i >= 0 ? g->owned[i] : NULL;
    return i >= 0 ? g->nowned[i] : 0;
}

int fragments_launchers_reached(FragmentSet *fs, const char *abs_tu, const char ***out)
{
    *out = NULL;
    int n = 0;
    Graph *g = graph_of(fs, abs_tu);
    for (int i = 0; i < g->nfiles; i++) {
        const FragmentInfo *fi = &g->info[i];
        if (!fi->kernel_template || !fi->owner || strcmp(fi->owner, abs_tu) == 0) continue;
        for (int r = 1; r < fi->nroots; r++)
            if (strcmp(fi->roots[r], abs_tu) == 0) {
                *VEC_PUSH(*out, n) = g->files[i];
                break;
            }
    }
    return n;
}
