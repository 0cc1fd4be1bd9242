/* opencl_build_types.c - see opencl_build_types.h. */
#include "frontend/opencl_build_types.h"
#include "frontend/opencl_build_texts.h"
#include "frontend/dialect.h"
#include "frontend/opencl_std.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* r's missing names: unknown types, and undeclared identifiers (a function
 * or a constant another file defines), each with the file of its first
 * error (a header the plan included, or the file itself). */
typedef struct {
    char v[BUILD_MAX_NAMES][BUILD_MAX_NAME];
    const char *file[BUILD_MAX_NAMES];
    bool type[BUILD_MAX_NAMES];
    int n;
} Missing;

static Missing missing_names(const ParseResult *r)
{
    Missing s = {.n = 0};
    /* the types first: an undeclared identifier is often their consequence */
    for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < r->ndiags && s.n < BUILD_MAX_NAMES; i++) {
        const Diag *d = &r->diags[i];
        char name[128];
        bool type = strncmp(d->message, "unknown type name '", 19) == 0;
        if (type != (pass == 0) || d->level != DIAG_ERROR || !diag_undefined_name(d->message, true, name, sizeof name) ||
            !identifier(name) || strlen(name) >= BUILD_MAX_NAME || (type && opencl_cl20_builtin(name)))
            continue;
        bool seen = false;
        for (int k = 0; k < s.n && !seen; k++) seen = strcmp(s.v[k], name) == 0;
        if (seen) continue;
        snprintf(s.v[s.n], BUILD_MAX_NAME, "%s", name);
        s.file[s.n] = d->file;
        s.type[s.n++] = type;
    }
    return s;
}

bool opencl_has_missing_names(const ParseResult *r)
{
    return missing_names(r).n > 0;
}

int opencl_unknown_type_errors(const ParseResult *r)
{
    static const char prefix[] = "unknown type name '";
    int n = 0;
    for (int i = 0; i < r->ndiags; i++)
        n += r->diags[i].level == DIAG_ERROR && strncmp(r->diags[i].message, prefix, sizeof prefix - 1) == 0;
    return n;
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
        if (!build_text_word_at(text, p, len)) continue;
        if (*build_text_skip_space(p + len) != '*') continue;
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
        if (build_text_word_at(text, p, len) && strncmp(build_text_skip_space(p + len), "::", 2) == 0) return true;
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

/* Puts header h (found for `name`) into the plan at position `at`: before
 * the included file whose errors asked for it, else last. */
static void plan_insert(BuildPlan *b, const BuildCandidate *h, const char *name, int at)
{
    for (int j = b->nheaders; j > at; j--) {
        b->headers[j] = b->headers[j - 1];
        b->header_texts[j] = b->header_texts[j - 1];
        memcpy(b->defines[j], b->defines[j - 1], BUILD_MAX_NAME);
    }
    b->headers[at] = h->path;
    b->header_texts[at] = h->text;
    snprintf(b->defines[at], BUILD_MAX_NAME, "%s", name);
    b->nheaders++;
}

static void plan_remove(BuildPlan *b, int at)
{
    for (int j = at; j + 1 < b->nheaders; j++) {
        b->headers[j] = b->headers[j + 1];
        b->header_texts[j] = b->header_texts[j + 1];
        memcpy(b->defines[j], b->defines[j + 1], BUILD_MAX_NAME);
    }
    b->nheaders--;
}

bool build_plan_extend(BuildPlan *b, const ParseResult *r, const char *path, const char *file_text, const char *root)
{
    Missing missing = missing_names(r);
    if (!b->candidates) {
        char dir[4096], parent[4096];
        opencl_build_dir(path, dir, sizeof dir);
        dir_of(dir, parent, sizeof parent);
        /* the parent directory only inside the project */
        char *real_root = root ? realpath(root, NULL) : NULL;
        if (!real_root || !(strcmp(parent, real_root) == 0 || path_is_under(parent, real_root)))
            snprintf(parent, sizeof parent, "%s", dir);
        free(real_root);
        b->candidates = build_candidates_load(dir, parent, path);
    }
    bool grew = false;
    int nold = b->nheaders;
    const char *added[BUILD_MAX_HEADERS]; /* this round's, which may define other names of it */
    int nadded = 0;
    Names assume = {.n = 0};
    for (int i = 0; i < missing.n; i++) {
        const char *name = missing.v[i];
        if ((!missing.type[i] && !b->identifiers) || planned(b, name) || cxx_scope(file_text, name)) continue;
        const BuildCandidate *h = b->nheaders < BUILD_MAX_HEADERS ? build_candidates_defining(b->candidates, name, missing.type[i]) : NULL;
        bool known = false, just_now = false;
        for (int j = 0; h && j < b->nheaders; j++) known |= strcmp(b->headers[j], h->path) == 0;
        for (int j = 0; h && j < nadded; j++) just_now |= strcmp(added[j], h->path) == 0;
        /* before the included file whose errors asked for it, else last */
        int at = b->nheaders, was = -1;
        for (int j = 0; h && j < b->nheaders; j++) {
            if (j < nold && missing.file[i] && strcmp(b->headers[j], missing.file[i]) == 0 && j < at) at = j;
            if (strcmp(b->headers[j], h->path) == 0) was = j;
        }
        if (h && (!known || (was > at && at < nold))) {
            char define[BUILD_MAX_NAME];
            snprintf(define, sizeof define, "%s", was >= 0 ? b->defines[was] : name);
            if (was >= 0) plan_remove(b, was); /* planned, but after the file that needs it: moved */
            else if (!missing.type[i]) b->identifier_headers++;
            plan_insert(b, h, define, at);
            added[nadded++] = h->path; /* new or moved: it defines this round's other names too */
            grew = true;
        } else if (missing.type[i] && !just_now) { /* (else added for another name just now: it defines this one too)
                                                       no file, or one before the file that defines it only for the host */
            add_name(&assume, name);
        }
    }
    /* a file added now may make the file define the name itself (a
     * constant its #if reads): assume only once no file is added */
    if (assume.n && grew && b->identifiers) b->deferred = true;
    if (!assume.n || (grew && b->identifiers)) return grew;
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
    build_candidates_free(b->candidates);
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
