/* opencl_build_types.c - see opencl_build_types.h. */
#include "frontend/opencl_build_types.h"
#include "frontend/dialect.h"
#include "frontend/opencl_std.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEADER_BYTES (256 * 1024)

typedef struct {
    char v[BUILD_MAX_NAMES][BUILD_MAX_NAME];
    int n;
} Names;

static void add_name(Names *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], name) == 0) return;
    if (s->n < BUILD_MAX_NAMES && strlen(name) < BUILD_MAX_NAME) snprintf(s->v[s->n++], BUILD_MAX_NAME, "%s", name);
}

static bool identifier(const char *s)
{
    if (!*s || isdigit((unsigned char)*s)) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_') return false;
    return true;
}

/* The names of r's "unknown type name 'X'" errors. */
static Names unknown_types(const ParseResult *r)
{
    Names s = {.n = 0};
    static const char prefix[] = "unknown type name '";
    for (int i = 0; i < r->ndiags; i++) {
        const Diag *d = &r->diags[i];
        char name[128];
        if (d->level != DIAG_ERROR || strncmp(d->message, prefix, sizeof prefix - 1) != 0) continue;
        if (!diag_undefined_name(d->message, true, name, sizeof name) || !identifier(name)) continue;
        if (opencl_cl20_builtin(name)) continue; /* OpenCL 2.0's, not the host's */
        add_name(&s, name);
    }
    return s;
}

bool opencl_has_unknown_types(const ParseResult *r)
{
    return unknown_types(r).n > 0;
}

int opencl_unknown_type_errors(const ParseResult *r)
{
    static const char prefix[] = "unknown type name '";
    int n = 0;
    for (int i = 0; i < r->ndiags; i++)
        n += r->diags[i].level == DIAG_ERROR && strncmp(r->diags[i].message, prefix, sizeof prefix - 1) == 0;
    return n;
}

static bool word_at(const char *text, const char *at, size_t len)
{
    bool before = at > text && (isalnum((unsigned char)at[-1]) || at[-1] == '_');
    bool after = isalnum((unsigned char)at[len]) || at[len] == '_';
    return !before && !after;
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* Does the text define `name`: `typedef ... name;`, `} name;` or
 * `#define name`? */
static bool defines(const char *text, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (!word_at(text, p, len)) continue;
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        const char *d = line;
        while (*d == ' ' || *d == '\t') d++;
        if (*d == '#') {
            d = skip_space(d + 1);
            if (strncmp(d, "define", 6) == 0 && skip_space(d + 6) == p) return true;
            continue;
        }
        if (*skip_space(p + len) != ';') continue;
        const char *b = p;
        while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r')) b--;
        if (b > text && b[-1] == '}') return true;
        /* typedef in the same statement: no ';' or '{' between it and the name */
        for (const char *q = p; q > text && q[-1] != ';' && q[-1] != '{' && q[-1] != '}'; q--)
            if (q >= text + 7 && strncmp(q - 7, "typedef", 7) == 0 && word_at(text, q - 7, 7)) return true;
    }
    return false;
}

static bool header_like(const char *name)
{
    static const char *const exts[] = {".h", ".hpp", ".hh", ".hxx", ".inc"};
    const char *dot = strrchr(name, '.');
    if (!dot || name[0] == '.') return false;
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return is_opencl_path(name); /* and OpenCL C's own files */
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is the text C++ (a host header beside the kernels): `namespace`,
 * `template` or `class` outside comments?  OpenCL C has none of them, and
 * putting such a header before a kernel adds errors, not definitions. */
static bool cxx_text(const char *t)
{
    static const char *const words[] = {"namespace", "template", "class"};
    for (const char *p = t; *p;) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *w = p;
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
                if ((size_t)(p - w) == strlen(words[i]) && strncmp(w, words[i], (size_t)(p - w)) == 0) return true;
        } else {
            p++;
        }
    }
    return false;
}

/* The headers that may be put before a file: those of its directory, then
 * of its parent (inside the project), each by name, read once per file
 * (every name of every round is looked up in them).  C++ headers and the
 * file itself are left out. */
typedef struct {
    char *path;
    char *text;
} Candidate;

struct BuildCandidates {
    Candidate *items;
    int n;
};

static void add_candidates(struct BuildCandidates *c, const char *dir, const char *self)
{
    DIR *d = opendir(dir);
    if (!d) return;
    char **files = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (header_like(e->d_name)) *VEC_PUSH(files, n) = xstrdup(e->d_name);
    closedir(d);
    if (n) qsort(files, (size_t)n, sizeof *files, by_name);
    for (int i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", dir, files[i]);
        free(files[i]);
        if (self && strcmp(full, self) == 0) continue;
        long size = 0;
        char *text = read_file(full, &size);
        if (text && size <= MAX_HEADER_BYTES && !cxx_text(text))
            *VEC_PUSH(c->items, c->n) = (Candidate){xstrdup(full), text};
        else
            free(text);
    }
    free(files);
}

static struct BuildCandidates *load_candidates(const char *dir, const char *parent, const char *self_path)
{
    struct BuildCandidates *c = xcalloc(1, sizeof *c);
    char *self = realpath(self_path, NULL); /* dir is absolute */
    add_candidates(c, dir, self);
    if (strcmp(parent, dir) != 0) add_candidates(c, parent, self);
    free(self);
    return c;
}

/* The first candidate that defines `name`: the directory's before the
 * parent's; NULL when none does. */
static const Candidate *defining(const struct BuildCandidates *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (defines(c->items[i].text, name)) return &c->items[i];
    return NULL;
}

static void dir_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(out, n, ".");
    else if (slash == path) snprintf(out, n, "/");
    else snprintf(out, n, "%.*s", (int)(slash - path), path);
}

static void opencl_build_dir(const char *path, char *out, size_t n)
{
    char dir[4096], *real;
    dir_of(path, dir, sizeof dir);
    /* absolute: clang looks for -include and quoted includes beside the file */
    if ((real = realpath(dir, NULL))) {
        snprintf(out, n, "%s", real);
        free(real);
    } else {
        snprintf(out, n, "%s", dir);
    }
}

void opencl_build_types_path(const char *path, char *out, size_t n)
{
    char dir[4096];
    opencl_build_dir(path, dir, sizeof dir);
    snprintf(out, n, "%s/%s", dir, OPENCL_BUILD_TYPES_FILE);
}

static const char *base_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void append(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        *cap = (*len + n + 1) * 2;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *len, s, n + 1);
    *len += n;
}

/* Is `name` the element of an address-space pointer in the text
 * (`__global const T *`, `local T*`): the data the kernel moves? */
static bool used_as_data(const char *text, const char *name)
{
    static const char *const spaces[] = {"__global", "global", "__constant", "constant", "__local", "local"};
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if (!word_at(text, p, len)) continue;
        if (*skip_space(p + len) != '*') continue;
        /* back over `const`/`volatile` to the word before the name */
        const char *e = p;
        for (int words = 0; words < 3; words++) {
            while (e > text && (e[-1] == ' ' || e[-1] == '\t')) e--;
            const char *s = e;
            while (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '_')) s--;
            size_t wl = (size_t)(e - s);
            if ((wl == 5 && strncmp(s, "const", 5) == 0) || (wl == 8 && strncmp(s, "volatile", 8) == 0)) {
                e = s;
                continue;
            }
            for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
                if (wl == strlen(spaces[i]) && strncmp(s, spaces[i], wl) == 0) return true;
            break;
        }
    }
    return false;
}

/* Is `name` followed by `::` in the text: a C++ namespace or class (a
 * host file read as OpenCL C), never a type set by -D? */
static bool cxx_scope(const char *text, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = text ? strstr(text, name) : NULL; p; p = strstr(p + 1, name))
        if (word_at(text, p, len) && strncmp(skip_space(p + len), "::", 2) == 0) return true;
    return false;
}

/* The file's text and the headers' texts: where names are used. */
static char *uses_text(const BuildPlan *b, const char *file_text)
{
    const char *texts[BUILD_MAX_HEADERS + 1];
    size_t total = 1;
    texts[0] = file_text ? file_text : "";
    for (int i = 0; i < b->nheaders; i++) texts[i + 1] = b->header_texts[i];
    for (int i = 0; i <= b->nheaders; i++) total += strlen(texts[i]) + 1;
    char *uses = xmalloc(total);
    size_t len = 0;
    for (int i = 0; i <= b->nheaders; i++) {
        size_t n = strlen(texts[i]);
        memcpy(uses + len, texts[i], n);
        len += n;
        uses[len++] = '\n';
    }
    uses[len] = 0;
    return uses;
}

static bool planned(const BuildPlan *b, const char *name)
{
    for (int i = 0; i < b->nassumed; i++)
        if (strcmp(b->assumed[i], name) == 0) return true;
    for (int i = 0; i < b->nheaders; i++)
        if (strcmp(b->defines[i], name) == 0) return true;
    return false;
}

bool build_plan_extend(BuildPlan *b, const ParseResult *r, const char *path, const char *file_text, const char *root)
{
    Names missing = unknown_types(r);
    if (!b->candidates) {
        char dir[4096], parent[4096];
        opencl_build_dir(path, dir, sizeof dir);
        dir_of(dir, parent, sizeof parent);
        /* the parent directory only inside the project */
        char *real_root = root ? realpath(root, NULL) : NULL;
        if (!real_root || !(strcmp(parent, real_root) == 0 || path_is_under(parent, real_root)))
            snprintf(parent, sizeof parent, "%s", dir);
        free(real_root);
        b->candidates = load_candidates(dir, parent, path);
    }
    bool grew = false;
    int first_new = b->nheaders;
    Names assume = {.n = 0};
    for (int i = 0; i < missing.n; i++) {
        const char *name = missing.v[i];
        if (planned(b, name) || cxx_scope(file_text, name)) continue;
        const Candidate *h = b->nheaders < BUILD_MAX_HEADERS ? defining(b->candidates, name) : NULL;
        int known = -1;
        for (int j = 0; h && j < b->nheaders; j++)
            if (strcmp(b->headers[j], h->path) == 0) known = j;
        if (h && known < 0) {
            b->headers[b->nheaders] = h->path;
            b->header_texts[b->nheaders] = h->text;
            snprintf(b->defines[b->nheaders++], BUILD_MAX_NAME, "%s", name);
            grew = true;
        } else if (!(h && known >= first_new)) { /* (else added for another name just now: it defines this one too)
                                                    no header, or one before the file that defines it only for the host */
            add_name(&assume, name);
        }
    }
    if (!assume.n) return grew;
    char *uses = uses_text(b, file_text);
    for (int i = 0; i < assume.n && b->nassumed < BUILD_MAX_NAMES; i++) {
        snprintf(b->assumed[b->nassumed], BUILD_MAX_NAME, "%s", assume.v[i]);
        b->assumed_type[b->nassumed++] = used_as_data(uses, assume.v[i]) ? "float" : "int";
        grew = true;
    }
    free(uses);
    return grew;
}

char *build_plan_text(const BuildPlan *b)
{
    char *text = NULL;
    size_t len = 0, cap = 0;
    append(&text, &len, &cap, "/* gpulint: names the host sets at build time (see opencl_build_types.h) */\n");
    for (int i = 0; i < b->nassumed; i++) {
        char line[160];
        snprintf(line, sizeof line, "typedef %s %s;\n", b->assumed_type[i], b->assumed[i]);
        append(&text, &len, &cap, line);
    }
    for (int i = 0; i < b->nheaders; i++) {
        char line[4200];
        snprintf(line, sizeof line, "#include \"%s\"\n", b->headers[i]);
        append(&text, &len, &cap, line);
    }
    return text;
}

char *build_plan_described(const BuildPlan *b)
{
    char *text = NULL;
    size_t len = 0, cap = 0;
    append(&text, &len, &cap, "");
    for (int i = 0; i < b->nassumed; i++) {
        char line[160];
        snprintf(line, sizeof line, "%s%s=%s", i ? ", " : "", b->assumed[i], b->assumed_type[i]);
        append(&text, &len, &cap, line);
    }
    for (int i = 0; i < b->nheaders; i++) {
        char line[4200];
        snprintf(line, sizeof line, "%s%s before the file (it defines %s)", i ? ", " : len ? "; " : "",
                 base_of(b->headers[i]), b->defines[i]);
        append(&text, &len, &cap, line);
    }
    return text;
}

void build_plan_free(BuildPlan *b)
{
    struct BuildCandidates *c = b->candidates;
    for (int i = 0; c && i < c->n; i++) {
        free(c->items[i].path);
        free(c->items[i].text);
    }
    if (c) free(c->items);
    free(c);
    memset(b, 0, sizeof *b);
}

static bool in_build_types_file(CXCursor decl)
{
    CXFile f;
    clang_getSpellingLocation(clang_getCursorLocation(decl), &f, NULL, NULL, NULL);
    if (!f) return false;
    CXString s = clang_getFileName(f);
    const char *name = clang_getCString(s);
    bool yes = name && strcmp(base_of(name), OPENCL_BUILD_TYPES_FILE) == 0;
    clang_disposeString(s);
    return yes;
}

bool opencl_type_assumed(CXType t)
{
    for (int depth = 0; depth < 8; depth++) {
        if (t.kind == CXType_Elaborated) t = clang_Type_getNamedType(t);
        if (t.kind == CXType_Pointer) {
            t = clang_getPointeeType(t);
            continue;
        }
        if (t.kind != CXType_Typedef) return false;
        CXCursor d = clang_getTypeDeclaration(t);
        if (in_build_types_file(d)) return true;
        t = clang_getTypedefDeclUnderlyingType(d);
    }
    return false;
}

static enum CXChildVisitResult find_assumed(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (opencl_type_assumed(clang_getCursorType(c))) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool opencl_mentions_assumed_type(CXCursor x)
{
    if (opencl_type_assumed(clang_getCursorType(x))) return true;
    bool found = false;
    clang_visitChildren(x, find_assumed, &found);
    return found;
}

static enum CXChildVisitResult collect_assumed(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_TypedefDecl || !in_build_types_file(c)) return CXChildVisit_Continue;
    char **out = data;
    CXString name = clang_getCursorSpelling(c);
    CXString type = clang_getTypeSpelling(clang_getTypedefDeclUnderlyingType(c));
    size_t old = *out ? strlen(*out) : 0;
    size_t add = strlen(clang_getCString(name)) + strlen(clang_getCString(type)) + 4;
    *out = xrealloc(*out, old + add);
    snprintf(*out + old, add, "%s%s=%s", old ? ", " : "", clang_getCString(name), clang_getCString(type));
    clang_disposeString(name);
    clang_disposeString(type);
    return CXChildVisit_Continue;
}

char *opencl_assumed_types_of(CXTranslationUnit tu, const char *main_file)
{
    char vpath[4200];
    opencl_build_types_path(main_file, vpath, sizeof vpath);
    if (!clang_getFile(tu, vpath)) return NULL; /* parsed without the virtual header: nothing to look for */
    char *out = NULL;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_assumed, &out);
    return out;
}
