/* host_wrappers.c - launches whose block a wrapper's callers give.
 *
 * Libraries often launch each kernel from a small exported host function
 * that takes the configuration as parameters (`void cudaF_scale(dim3 Gr,
 * dim3 Bl, ...) { _scale<<<Gr, Bl>>>(...); }`) and build the shape in
 * other files (`dim3 dimBlock(CU2DBLOCK, CU2DBLOCK); cuda_scale(dimGrid,
 * dimBlock, ...)`), sometimes through forwarding wrappers in a header.
 * The launch in the analysed file then has a parameter for its block.
 * For such a launch, the project's C/C++/CUDA files are read as text (once
 * per process and project) and indexed by the names they call; each call
 * of the wrapper with as many arguments as it has parameters gives the
 * block argument: a parameter of a forwarding function (its callers are
 * followed, up to MAX_FORWARDS deep), a `dim3 NAME(...)` declared before
 * the call in the caller's body, or `dim3(...)` in place.  Its dimensions
 * are integer literals or names the project #defines or declares
 * `const`/`constexpr` with one integer value (at most MAX_TOTAL_BYTES of a
 * project's files are kept).  Each call site so resolved
 * is a launch of the kernel, with its block written where the caller
 * spells it: rules report there.  Files are read, never parsed or run. */
#include "frontend/host_wrappers.h"
#include "frontend/shape_comment.h"
#include "frontend/interp.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/repo.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FORWARDS 3
#define MAX_WALK_DEPTH 32
#define MAX_FILES 100000
#define MAX_FILE_BYTES (8L << 20)
#define MAX_TOTAL_BYTES (512LL << 20) /* what one project may keep in memory */
#define MAX_SITES 64               /* call sites per launch */

typedef struct {
    int file;
    long at;                       /* offset of the called name */
} Call;

typedef struct {
    char *path;
    char *text;
    long size;
} TextFile;

typedef struct {
    char *root;
    TextFile *files; int nfiles;
    long long bytes;
    StrMap names;                  /* called name -> 1 + index into calls */
    Call **calls; int *ncalls; int nnames;
    StrMap constants;              /* name -> 1 + value index, or -1: none or several */
    long long *values; int nvalues;
} WrapperProject;

struct HostWrapperCache {
    WrapperProject *projects; int nprojects;
};

HostWrapperCache *host_wrapper_cache_new(void)
{
    return xcalloc(1, sizeof(HostWrapperCache));
}

void host_wrapper_cache_free(HostWrapperCache *c)
{
    if (!c) return;
    for (int i = 0; i < c->nprojects; i++) {
        WrapperProject *p = &c->projects[i];
        for (int f = 0; f < p->nfiles; f++) {
            free(p->files[f].path);
            free(p->files[f].text);
        }
        for (int n = 0; n < p->nnames; n++) free(p->calls[n]);
        free(p->files);
        free(p->calls);
        free(p->ncalls);
        free(p->values);
        free(p->root);
        strmap_free(&p->names);
        strmap_free(&p->constants);
    }
    free(c->projects);
    free(c);
}

static bool ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static bool is_source(const char *name)
{
    static const char *const exts[] = {".cc", ".cpp", ".cxx", ".c", ".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return false;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(WrapperProject *p, const char *dir, int depth)
{
    if (depth > MAX_WALK_DEPTH) return;
    DIR *d = opendir(dir);
    if (!d) return;
    char **names = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') *VEC_PUSH(names, n) = xstrdup(e->d_name);
    closedir(d);
    if (n > 1) qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++) {
        char path[PATH_MAX];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) < (int)sizeof path && lstat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode)) walk(p, path, depth + 1);
            else if (S_ISREG(st.st_mode) && is_source(names[i]) && st.st_size <= MAX_FILE_BYTES &&
                     p->nfiles < MAX_FILES && p->bytes + st.st_size <= MAX_TOTAL_BYTES) {
                long size;
                char *text = read_file(path, &size);
                if (text) {
                    *VEC_PUSH(p->files, p->nfiles) = (TextFile){xstrdup(path), text, size};
                    p->bytes += size;
                }
            }
        }
        free(names[i]);
    }
    free(names);
}

/* Past a comment, string or character literal at t[i], or i. */
static long skip_literal(const char *t, long i, long n)
{
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
        while (i < n && t[i] != '\n') i++;
        return i;
    }
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
        const char *end = strstr(t + i + 2, "*/");
        return end ? end - t + 2 : n;
    }
    if (t[i] == '"' || t[i] == '\'') {
        char q = t[i++];
        while (i < n && t[i] != q && t[i] != '\n') i += t[i] == '\\' ? 2 : 1;
        return i < n ? i + 1 : n;
    }
    return i;
}

/* Every name followed by '(' in the project's files. */
static void index_calls(WrapperProject *p)
{
    for (int f = 0; f < p->nfiles; f++) {
        const char *t = p->files[f].text;
        long n = p->files[f].size;
        for (long i = 0; i < n;) {
            long past = skip_literal(t, i, n);
            if (past != i) {
                i = past;
                continue;
            }
            if (!ident_start(t[i]) || (i > 0 && ident_char(t[i - 1]))) {
                i++;
                continue;
            }
            long start = i;
            while (i < n && ident_char(t[i])) i++;
            long k = i;
            while (k < n && (t[k] == ' ' || t[k] == '\t')) k++;
            if (k >= n || t[k] != '(' || i - start > 200) continue;
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)(i - start), t + start);
            int *slot = strmap_get(&p->names, name);
            if (!*slot) {
                *slot = ++p->nnames;
                p->calls = xrealloc(p->calls, (size_t)p->nnames * sizeof *p->calls);
                p->ncalls = xrealloc(p->ncalls, (size_t)p->nnames * sizeof *p->ncalls);
                p->calls[*slot - 1] = NULL;
                p->ncalls[*slot - 1] = 0;
            }
            *VEC_PUSH(p->calls[*slot - 1], p->ncalls[*slot - 1]) = (Call){f, start};
        }
    }
}

static WrapperProject *project_for(HostWrapperCache *c, const char *root)
{
    for (int i = 0; i < c->nprojects; i++)
        if (strcmp(c->projects[i].root, root) == 0) return &c->projects[i];
    WrapperProject *p = VEC_PUSH(c->projects, c->nprojects);
    memset(p, 0, sizeof *p);
    p->root = xstrdup(root);
    walk(p, root, 0);
    index_calls(p);
    return p;
}

/* The top-level arguments of the call whose '(' is at t[i]: their
 * [start, end) offsets; the offset past ')' (or -1 when it does not close). */
static long split_arguments(const char *t, long i, long n, long (*args)[2], int max, int *nargs)
{
    int depth = 0;
    *nargs = 0;
    long start = i + 1;
    for (long k = i; k < n && k < i + 8192; k++) {
        long past = skip_literal(t, k, n);
        if (past != k) {
            k = past - 1;
            continue;
        }
        char ch = t[k];
        if (ch == '(' || ch == '[' || ch == '{') depth++;
        else if (ch == ')' || ch == ']' || ch == '}') {
            if (--depth == 0) {
                if (*nargs < max) {
                    args[*nargs][0] = start;
                    args[*nargs][1] = k;
                }
                bool empty = true;
                for (long q = start; q < k; q++) empty &= isspace((unsigned char)t[q]) != 0;
                if (!empty || *nargs > 0) (*nargs)++;
                return k + 1;
            }
        } else if (ch == ',' && depth == 1) {
            if (*nargs < max) {
                args[*nargs][0] = start;
                args[*nargs][1] = k;
            }
            (*nargs)++;
            start = k + 1;
        } else if (ch == ';' && depth <= 1)
            return -1;
    }
    return -1;
}

static void trim(const char *t, long *a, long *b)
{
    while (*a < *b && isspace((unsigned char)t[*a])) (*a)++;
    while (*b > *a && isspace((unsigned char)t[*b - 1])) (*b)--;
}

static bool is_identifier(const char *t, long a, long b)
{
    if (a >= b || !ident_start(t[a])) return false;
    for (long k = a; k < b; k++)
        if (!ident_char(t[k])) return false;
    return true;
}

/* The function whose body holds offset `at`: its name's offset and the
 * offsets of its parameter list's '(' and of the body's '{'; false when
 * `at` is at file scope. */
static bool enclosing_function(const char *t, long at, long *name, long *paren, long *body)
{
    long *open = NULL;
    int nopen = 0;
    for (long k = 0; k < at; k++) {
        long past = skip_literal(t, k, at);
        if (past != k) {
            k = past - 1;
            continue;
        }
        if (t[k] == '{') *VEC_PUSH(open, nopen) = k;
        else if (t[k] == '}' && nopen) nopen--;
    }
    bool found = false;
    for (int i = nopen - 1; i >= 0 && !found; i--) {
        long k = open[i] - 1;
        while (k >= 0 && isspace((unsigned char)t[k])) k--;
        /* `) const`, `) noexcept`, `) override`, `) -> T` are rare in C-style wrappers: only `)` */
        if (k < 0 || t[k] != ')') continue;
        int depth = 0;
        long q = k;
        for (; q >= 0; q--) {
            if (t[q] == ')') depth++;
            else if (t[q] == '(' && --depth == 0) break;
        }
        if (q <= 0) continue;
        long e = q - 1;
        while (e >= 0 && isspace((unsigned char)t[e])) e--;
        long s = e;
        while (s >= 0 && ident_char(t[s])) s--;
        s++;
        if (s > e) continue;
        static const char *const control[] = {"if", "for", "while", "switch", "catch", "return", "sizeof"};
        bool is_control = false;
        for (size_t c = 0; c < sizeof control / sizeof control[0]; c++)
            is_control |= (long)strlen(control[c]) == e - s + 1 && strncmp(t + s, control[c], (size_t)(e - s + 1)) == 0;
        if (is_control) continue;
        *name = s;
        *paren = q;
        *body = open[i];
        found = true;
    }
    free(open);
    return found;
}

/* A value of `name`: a #define or a const/constexpr integer of the
 * project, when every definition agrees. */
static bool constant_value(WrapperProject *p, const char *name, long long *value)
{
    int *slot = strmap_get(&p->constants, name);
    if (*slot == 0) {
        bool any = false, agree = true;
        long long v = 0;
        size_t len = strlen(name);
        for (int f = 0; f < p->nfiles && agree; f++) {
            const char *t = p->files[f].text, *s = t;
            while ((s = strstr(s, name)) != NULL) {
                const char *after = s + len;
                bool word = (s == t || !ident_char(s[-1])) && !ident_char(*after);
                s = after;
                if (!word) continue;
                const char *b = s - len - 1;
                while (b > t && (*b == ' ' || *b == '\t')) b--;
                size_t before = (size_t)(b - t);
                bool define = before >= 5 && strncmp(b - 5, "define", 6) == 0 && (before == 5 || !ident_char(b[-6]));
                const char *v_at = after;
                while (*v_at == ' ' || *v_at == '\t') v_at++;
                if (!define) {
                    if (*v_at != '=') continue;
                    /* `const int NAME = 16;`: an integer type and const before the name on its line */
                    const char *line = s - len;
                    while (line > t && line[-1] != '\n') line--;
                    char head[160];
                    snprintf(head, sizeof head, "%.*s", (int)((s - len) - line < 159 ? (s - len) - line : 159), line);
                    if (!strstr(head, "const") || !(strstr(head, "int") || strstr(head, "size_t"))) continue;
                    v_at++;
                    while (*v_at == ' ' || *v_at == '\t') v_at++;
                }
                while (*v_at == '(') v_at++;
                char *end;
                long long x = strtoll(v_at, &end, 0);
                if (end == v_at) continue;
                while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L' || *end == ')') end++;
                while (*end == ' ' || *end == '\t') end++;
                if (!(*end == '\n' || *end == ';' || *end == 0 || *end == '/')) continue;
                if (any && x != v) agree = false;
                v = x;
                any = true;
            }
        }
        if (any && agree) {
            *VEC_PUSH(p->values, p->nvalues) = v;
            *slot = p->nvalues;
        } else
            *slot = -1;
    }
    if (*slot < 0) return false;
    *value = p->values[*slot - 1];
    return true;
}

static bool dimension(WrapperProject *p, const char *t, long a, long b, long long *v)
{
    trim(t, &a, &b);
    if (a >= b) return false;
    char buf[128];
    if (b - a >= (long)sizeof buf) return false;
    snprintf(buf, sizeof buf, "%.*s", (int)(b - a), t + a);
    char *end;
    long long x = strtoll(buf, &end, 0);
    if (end != buf) {
        while (*end == 'u' || *end == 'U') end++;
        if (*end) return false;
        *v = x;
        return true;
    }
    return is_identifier(t, a, b) && constant_value(p, buf, v);
}

/* A dim3 spelled by the arguments of the '(' or '{' at t[open]. */
static bool shape_at(WrapperProject *p, const char *t, long n, long open, long long dims[3])
{
    long args[3][2];
    int nargs;
    if (split_arguments(t, open, n, args, 3, &nargs) < 0 || nargs < 1 || nargs > 3) return false;
    for (int i = 0; i < 3; i++) dims[i] = 1;
    for (int i = 0; i < nargs; i++)
        if (!dimension(p, t, args[i][0], args[i][1], &dims[i])) return false;
    return true;
}

typedef struct {
    WrapperProject *p;
    WrapperSite *sites; int nsites;
} Search;

static void add_site(Search *s, int file, long at, long long dims[3])
{
    if (s->nsites >= MAX_SITES) return;
    const TextFile *f = &s->p->files[file];
    for (int i = 0; i < s->nsites; i++)
        if (strcmp(s->sites[i].file, f->path) == 0 && s->sites[i].offset == at) return;
    unsigned line = 1, col = 1;
    for (long k = 0; k < at; k++) {
        if (f->text[k] == '\n') {
            line++;
            col = 1;
        } else
            col++;
    }
    WrapperSite *w = VEC_PUSH(s->sites, s->nsites);
    w->file = f->path;
    w->offset = at;
    w->line = line;
    w->col = col;
    for (int i = 0; i < 3; i++) w->block[i] = dims[i];
    if (!shape_tuned_comment(f->text, (size_t)f->size, line, w->comment, sizeof w->comment)) w->comment[0] = 0;
}

/* The block argument `arg` of a call in the body that starts at `body`:
 * a dim3 declared before the call, or one in place. */
static void resolve_argument(Search *s, int file, long body, long call, long a, long b)
{
    const char *t = s->p->files[file].text;
    long n = s->p->files[file].size;
    long long dims[3];
    trim(t, &a, &b);
    if (b - a > 5 && strncmp(t + a, "dim3", 4) == 0) {
        long k = a + 4;
        while (k < b && isspace((unsigned char)t[k])) k++;
        if ((t[k] == '(' || t[k] == '{') && shape_at(s->p, t, n, k, dims)) add_site(s, file, a, dims);
        return;
    }
    if (!is_identifier(t, a, b)) {
        if (dimension(s->p, t, a, b, &dims[0])) {
            dims[1] = dims[2] = 1;
            add_site(s, file, a, dims);
        }
        return;
    }
    /* the last `dim3 NAME(...)`, `dim3 NAME{...}` or `dim3 NAME = dim3(...)` before the call */
    long len = b - a, found = -1, open = -1;
    for (long k = body; k + 4 < call; k++) {
        if (strncmp(t + k, "dim3", 4) != 0 || (k > 0 && ident_char(t[k - 1])) || ident_char(t[k + 4])) continue;
        long q = k + 4;
        while (q < call && isspace((unsigned char)t[q])) q++;
        if (strncmp(t + q, t + a, (size_t)len) != 0 || ident_char(t[q + len])) continue;
        long r = q + len;
        while (r < call && isspace((unsigned char)t[r])) r++;
        if (t[r] == '=') {
            r++;
            while (r < call && isspace((unsigned char)t[r])) r++;
            if (strncmp(t + r, "dim3", 4) != 0) continue;
            r += 4;
            while (r < call && isspace((unsigned char)t[r])) r++;
        }
        if (t[r] != '(' && t[r] != '{') continue;
        found = k;
        open = r;
    }
    if (found >= 0 && shape_at(s->p, t, n, open, dims)) add_site(s, file, found, dims);
}

/* `dim3 Bl`, `const dim3 &block`: a parameter's declaration (a type, then
 * a name), not an argument. */
static bool declares_parameter(const char *t, long a, long b)
{
    if (a >= b || !ident_start(t[a])) return false;
    bool separated = false;
    for (long k = a; k < b; k++) {
        char ch = t[k];
        if (strchr("+-/%()[]{}=?!|^~.\"'", ch)) return false;
        if (isspace((unsigned char)ch) || ch == '&' || ch == '*') separated = true;
    }
    return separated && ident_char(t[b - 1]);
}

/* The calls of `name` with nparams arguments: argument `param` of each. */
static void follow_calls(Search *s, const char *name, int param, int nparams, int depth)
{
    int *slot = strmap_get(&s->p->names, name);
    if (!*slot) return;
    int idx = *slot - 1;
    for (int c = 0; c < s->p->ncalls[idx] && s->nsites < MAX_SITES; c++) {
        Call call = s->p->calls[idx][c];
        const char *t = s->p->files[call.file].text;
        long n = s->p->files[call.file].size;
        long open = call.at + (long)strlen(name);
        while (open < n && t[open] != '(') open++;
        long args[32][2];
        int nargs;
        if (split_arguments(t, open, n, args, 32, &nargs) < 0 || nargs != nparams || nparams > 32) continue;
        long a = args[param][0], b = args[param][1];
        trim(t, &a, &b);
        if (declares_parameter(t, a, b)) continue; /* the wrapper's own declaration or definition */
        long fn_name, fn_paren, body;
        if (!enclosing_function(t, call.at, &fn_name, &fn_paren, &body)) continue;
        /* the argument is a parameter of the caller: a forwarding wrapper */
        long pargs[32][2];
        int npargs;
        if (is_identifier(t, a, b) && split_arguments(t, fn_paren, n, pargs, 32, &npargs) >= 0 && npargs <= 32) {
            int forwarded = -1;
            for (int i = 0; i < npargs && forwarded < 0; i++) {
                long pa = pargs[i][0], pb = pargs[i][1];
                trim(t, &pa, &pb);
                long e = pb;
                while (e > pa && ident_char(t[e - 1])) e--;
                if (pb - e == b - a && strncmp(t + e, t + a, (size_t)(b - a)) == 0) forwarded = i;
            }
            if (forwarded >= 0) {
                if (depth < MAX_FORWARDS) {
                    long e = fn_name;
                    while (ident_char(t[e])) e++;
                    char caller[256];
                    snprintf(caller, sizeof caller, "%.*s", (int)(e - fn_name), t + fn_name);
                    follow_calls(s, caller, forwarded, npargs, depth + 1);
                }
                continue;
            }
        }
        resolve_argument(s, call.file, body, call.at, a, b);
    }
}

int host_wrapper_sites(HostWrapperCache *c, const char *project_root, const char *wrapper, int param, int nparams,
                       WrapperSite **out)
{
    *out = NULL;
    if (!project_root || !wrapper || !*wrapper || param < 0 || param >= nparams) return 0;
    Search s = {project_for(c, project_root), NULL, 0};
    follow_calls(&s, wrapper, param, nparams, 0);
    *out = s.sites;
    return s.nsites;
}

/* ------------------------------------------------------------ the model */

/* A caller's file named like `like`: relative to the working directory
 * when `like` is and the file lies below it. */
static const char *report_path(Arena *a, const char *abs, const char *like)
{
    char *rel = like && like[0] != '/' ? path_relative_to(".", abs) : NULL;
    const char *name = arena_strdup(a, rel ? rel : abs);
    free(rel);
    return name;
}

void link_wrapper_launches(HostWrapperCache *c, const char *path, const char *project_root, Model *m)
{
    int n = m->nlaunches;
    for (int i = 0; i < n; i++) {
        /* a copy: the launches grow below */
        Launch L = m->launches[i];
        if (L.block_param < 0 || L.block_param >= L.function_nparams || L.kernel < 0 || !L.function) continue;
        WrapperSite *sites;
        int nsites = host_wrapper_sites(c, project_root, L.function, L.block_param, L.function_nparams, &sites);
        for (int s = 0; s < nsites; s++) {
            Launch *W = VEC_PUSH(m->launches, m->nlaunches);
            *W = L;
            W->block_runtime = false;
            W->block_param = -1;
            const char *file = report_path(&m->arena, sites[s].file, path);
            W->block_range = (SrcRange){file, sites[s].line, sites[s].col, sites[s].line, sites[s].col};
            W->block_text = arena_printf(&m->arena, "dim3(%lld, %lld, %lld)", sites[s].block[0], sites[s].block[1],
                                         sites[s].block[2]);
            const char *origin = arena_printf(&m->arena, "a caller of %s", L.function);
            W->block_comment = sites[s].comment[0] ? arena_strdup(&m->arena, sites[s].comment) : NULL;
            for (int d = 0; d < 3; d++)
                W->block[d] = (DimValue){arena_printf(&m->arena, "%lld", sites[s].block[d]), origin, W->block_range, true,
                                         sites[s].block[d]};
            link_launch(m, m->nlaunches - 1, L.kernel);
        }
        free(sites);
    }
}
