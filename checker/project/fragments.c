/* fragments.c - see fragments.h. */
#include "project/fragments.h"
#include "project/computed_include.h"
#include "project/kernel_text.h"

#include "frontend/file_language.h"
#include "frontend/frontend.h"
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

static bool is_fragment_kind(const char *path, bool defines_kernel)
{
    const char *e = path_extension(path);
    return strcmp(e, ".cu") == 0 || strcmp(e, ".cuh") == 0 || strcmp(e, ".inl") == 0 || strcmp(e, ".inc") == 0 ||
           strcmp(e, ".cl") == 0 ||
           (defines_kernel && path_is_cpp_header(path));
}

static bool is_translation_unit(const Graph *g, int i)
{
    const char *e = path_extension(g->files[i]); /* CUDA's, HIP's and OpenCL's translation units */
    if (strcmp(e, ".cl") == 0) /* a kernel file the host builds on its own, even when others include it */
        return g->info[i].nincluders == 0 || g->info[i].opencl_kernels;
    return (strcmp(e, ".cu") == 0 || strcmp(e, ".hip") == 0) && g->info[i].nincluders == 0;
}

static void scan_file(FragmentSet *fs, Graph *g, int i)
{
    struct stat st;
    if (stat(g->files[i], &st) != 0 || st.st_size > KERNEL_TEXT_MAX_BYTES) return;
    long size;
    char *text = read_file(g->files[i], &size);
    if (!text) return;
    if (!g->info[i].fragment_kind && path_is_cpp_header(g->files[i]) && text_defines_cuda_kernel(text))
        g->info[i].fragment_kind = true;
    g->info[i].kernel_template = text_defines_kernel_template(text);
    if (strcmp(path_extension(g->files[i]), ".cl") == 0) {
        g->info[i].opencl_kernels = frontend_text_defines_opencl_kernel(text, (size_t)size);
        g->info[i].fragment_kind = !g->info[i].opencl_kernels; /* helpers and statements others include */
    }
    int line_no = 0;
    ComputedIncludes computed = {.n = 0};
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
            if (strncmp(q, "define", 6) == 0) computed_include_define(&computed, q + 6);
            if (strncmp(q, "include", 7) == 0) {
                q += 7;
                while (*q == ' ' || *q == '\t') q++;
                bool angled = *q == '<';
                const char *end = *q == '"' ? strchr(q + 1, '"') : angled ? strchr(q + 1, '>') : NULL;
                char spelling[PATH_MAX], found[PATH_MAX * 2];
                bool named = end && end > q + 1 && end - q - 1 < (long)sizeof spelling;
                if (named) snprintf(spelling, sizeof spelling, "%.*s", (int)(end - q - 1), q + 1);
                /* a macro's folder: only the includer's own (a copy of the file elsewhere includes nothing) */
                bool computed_named = !named && computed_include_spelling(&computed, q, spelling, sizeof spelling);
                const char *slash = strrchr(g->files[i], '/');
                if (computed_named && slash)
                    snprintf(found, sizeof found, "%.*s/%s", (int)(slash - g->files[i]), g->files[i], spelling);
                if (named || computed_named) {
                    int to = computed_named ? (slash ? *strmap_get(&g->index, found) - 1 : -1)
                             : projects_resolve_include(fs->ps, g->root, g->files[i], spelling, angled, found, sizeof found)
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
        if (g->info[i].fragment_kind || !path_is_cpp_header(g->files[i])) continue;
        struct stat st;
        if (stat(g->files[i], &st) != 0 || st.st_size > KERNEL_TEXT_MAX_BYTES) continue;
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
