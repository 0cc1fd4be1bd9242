/* fragments.c - see fragments.h. */
#include "engine/fragments.h"
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
        for (int i = 0; i < gr->nfiles; i++) {
            free(gr->info[i].roots);
            free(gr->info[i].includers);
            free(gr->owned[i]);
        }
        free(gr->info);
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

bool text_defines_cuda_kernel(const char *text)
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
        if (!directive && c == '_' && strncmp(p, "__global__", 10) == 0 && (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
            !(isalnum((unsigned char)p[10]) || p[10] == '_'))
            return true;
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
    free(text);
    return yes;
}

static bool is_translation_unit(const Graph *g, int i)
{
    return strcmp(extension(g->files[i]), ".cu") == 0 && g->info[i].nincluders == 0;
}

/* Adds an edge includer -> included for each #include of file i
 * that resolves to a file of the index (conditions are not evaluated). */
static void scan_file(FragmentSet *fs, Graph *g, int i)
{
    struct stat st;
    if (stat(g->files[i], &st) != 0 || st.st_size > MAX_SCANNED_BYTES) return;
    long size;
    char *text = read_file(g->files[i], &size);
    if (!text) return;
    if (!g->info[i].fragment_kind && is_cpp_header(g->files[i]) && text_defines_cuda_kernel(text))
        g->info[i].fragment_kind = true;
    int line_no = 0;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        line_no++;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        if (*q++ == '#') {
            while (*q == ' ' || *q == '\t') q++;
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

/* The translation units that reach file f through includes (breadth first
 * up the includers; `stamp` marks what this walk has seen). */
static void find_roots(Graph *g, int f, int *stamp, int *queue)
{
    FragmentInfo *fi = &g->info[f];
    int nq = 0;
    queue[nq++] = f;
    stamp[f] = f + 1;
    for (int qi = 0; qi < nq; qi++) {
        const FragmentInfo *cur = &g->info[queue[qi]];
        for (int k = 0; k < cur->nincluders; k++) {
            int from = *strmap_get(&g->index, cur->includers[k].path) - 1;
            if (from < 0 || stamp[from] == f + 1) continue;
            stamp[from] = f + 1;
            if (is_translation_unit(g, from)) *VEC_PUSH(fi->roots, fi->nroots) = g->files[from];
            else queue[nq++] = from;
        }
    }
    if (fi->nroots > 1) qsort(fi->roots, (size_t)fi->nroots, sizeof *fi->roots, cmp_str);
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
    int *stamp = xcalloc(n, sizeof *stamp), *queue = xcalloc(n, sizeof *queue);
    for (int i = 0; i < g->nfiles; i++) {
        FragmentInfo *fi = &g->info[i];
        if (fi->nincluders > 1) qsort(fi->includers, (size_t)fi->nincluders, sizeof *fi->includers, cmp_includer);
    }
    for (int i = 0; i < g->nfiles; i++) {
        FragmentInfo *fi = &g->info[i];
        if (!fi->fragment_kind || !fi->nincluders) continue;
        find_roots(g, i, stamp, queue);
        if (!fi->nroots) continue;
        fi->owner = fi->roots[0];
        int o = *strmap_get(&g->index, fi->owner) - 1;
        *VEC_PUSH(g->owned[o], g->nowned[o]) = g->files[i];
    }
    free(stamp);
    free(queue);
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
