/* templates.c - which instantiations of the main file's templates the
 * project creates, and their type arguments.
 *
 * libclang (14 to 19) shows `template class X<float>;` as a ClassDecl
 * specialization of the class template (clang_getSpecializedCursorTemplate)
 * with its arguments (through the cursor on 16+, through its type on 14),
 * but no instantiated member behind it (it visits no body of an explicit
 * instantiation), and it
 * shows nothing at all for explicit instantiations of functions and members
 * (`template void f<float>(...)`, `template void X<float>::m(...)`): clang
 * keeps no declaration node for them.  So those are read from the main
 * file's tokens, with file-scope macro invocations expanded from their
 * #define (in the file or a project header it includes), and the patterns
 * are analysed with their type parameters substituted (cx.h TypeSubst). */
#include "frontend/interp.h"
#include "frontend/pp_tokens.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <limits.h>
#include <string.h>

/* ---------------------------------------------------------------- type arguments */

static const struct {
    const char *name;
    long long size;
    char kind;
} builtin_types[] = {
    {"float", 4, 'f'}, {"double", 8, 'd'}, {"half", 2, 'f'}, {"__half", 2, 'f'}, {"int", 4, 'i'},
    {"unsigned", 4, 'i'}, {"unsigned int", 4, 'i'}, {"long", 8, 'i'}, {"unsigned long", 8, 'i'},
    {"long long", 8, 'i'}, {"unsigned long long", 8, 'i'}, {"short", 2, 'i'}, {"unsigned short", 2, 'i'},
    {"char", 1, 'i'}, {"signed char", 1, 'i'}, {"unsigned char", 1, 'i'}, {"bool", 1, 'i'},
    {"int8_t", 1, 'i'}, {"uint8_t", 1, 'i'}, {"int16_t", 2, 'i'}, {"uint16_t", 2, 'i'}, {"int32_t", 4, 'i'},
    {"uint32_t", 4, 'i'}, {"int64_t", 8, 'i'}, {"uint64_t", 8, 'i'}, {"size_t", 8, 'i'}};

TypeArg type_arg_of(Ctx *c, CXType t)
{
    CXType ct = canon(t);
    const TypeArg *sub = subst_arg(ct);
    if (sub) return *sub;
    const char *name = cxstr(&c->m->arena, clang_getTypeSpelling(t));
    while (strncmp(name, "const ", 6) == 0 || strncmp(name, "volatile ", 9) == 0) name = strchr(name, ' ') + 1;
    TypeArg a = {name, -1, 0, false, 0};
    long long s = type_size(ct); /* guarded: an undeduced type crashes libclang's query */
    a.size = s > 0 ? s : -1;
    if (ct.kind == CXType_Double) a.kind = 'd';
    else if (ct.kind == CXType_Float || ct.kind == CXType_Half || ct.kind == CXType_Float16) a.kind = 'f';
    else if (is_integer_type(ct)) a.kind = 'i';
    return a;
}

/* Template parameter i of the template `tmpl` (type, non-type or template
 * template parameters, in order), or a null cursor. */
static CXCursor template_param_at(CXCursor tmpl, int i)
{
    CXCursor found = clang_getNullCursor();
    Children ch = children_of(tmpl);
    for (int q = 0, seen = 0; q < ch.n && clang_Cursor_isNull(found); q++) {
        enum CXCursorKind k = clang_getCursorKind(ch.items[q]);
        if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
            k != CXCursor_TemplateTemplateParameter)
            continue;
        if (seen++ == i) found = ch.items[q];
    }
    children_free(&ch);
    return found;
}

bool template_has_value_param(CXCursor tmpl, const char *name)
{
    bool found = false;
    Children ch = children_of(tmpl);
    for (int q = 0; q < ch.n && !found; q++) {
        if (clang_getCursorKind(ch.items[q]) != CXCursor_NonTypeTemplateParameter) continue;
        CXString s = clang_getCursorSpelling(ch.items[q]);
        found = strcmp(clang_getCString(s), name) == 0;
        clang_disposeString(s);
    }
    children_free(&ch);
    return found;
}

int template_integral_text(CXCursor fn, int i, char *buf, size_t n)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    CXCursor param = clang_Cursor_isNull(tmpl) ? tmpl : template_param_at(tmpl, i);
    enum CXTypeKind k = clang_Cursor_isNull(param) ? CXType_Invalid : canon(clang_getCursorType(param)).kind;
    if (k == CXType_Bool)
        return snprintf(buf, n, "%s", clang_Cursor_getTemplateArgumentUnsignedValue(fn, (unsigned)i) ? "true" : "false");
    if (k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong || k == CXType_UShort || k == CXType_UChar)
        return snprintf(buf, n, "%llu", clang_Cursor_getTemplateArgumentUnsignedValue(fn, (unsigned)i));
    return snprintf(buf, n, "%lld", clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
}

/* The arguments of `template class X<...>;`: libclang 16+ gives them for
 * the cursor; libclang 14 only for its type (type arguments only). */
void class_instance_args(Ctx *c, CXCursor cls, TypeSubst *s)
{
    int n = clang_Cursor_getNumTemplateArguments(cls);
    CXType t = clang_getCursorType(cls);
    int nt = n < 0 ? clang_Type_getNumTemplateArguments(t) : n;
    for (int a = 0; a < nt && a < MAX_TYPE_ARGS; a++) {
        enum CXTemplateArgumentKind k = n < 0 ? CXTemplateArgumentKind_Invalid : clang_Cursor_getTemplateArgumentKind(cls, (unsigned)a);
        CXType at = n < 0 ? clang_Type_getTemplateArgumentAsType(t, (unsigned)a) : clang_Cursor_getTemplateArgumentType(cls, (unsigned)a);
        if (k == CXTemplateArgumentKind_Integral) {
            long long v = clang_Cursor_getTemplateArgumentValue(cls, (unsigned)a);
            char text[32];
            template_integral_text(cls, a, text, sizeof text);
            if (strcmp(text, "true") == 0) v = 1; /* a bool, sign-extended to -1 */
            s->args[a] = (TypeArg){arena_strdup(&c->m->arena, text), -1, 0, true, v};
        }
        else if (at.kind != CXType_Invalid)
            s->args[a] = type_arg_of(c, at);
        else
            s->args[a] = (TypeArg){"?", -1, 0, false, 0};
        s->n = a + 1;
    }
}

typedef struct {
    const char *name;
    bool found;
    long long value;
} EnumLookup;

static enum CXChildVisitResult find_enum_constant(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    EnumLookup *l = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_Namespace || k == CXCursor_EnumDecl || k == CXCursor_LinkageSpec) return CXChildVisit_Recurse;
    if (k != CXCursor_EnumConstantDecl) return CXChildVisit_Continue;
    CXString sp = clang_getCursorSpelling(cur);
    const char *n = clang_getCString(sp);
    if (n && strcmp(n, l->name) == 0) {
        l->found = true;
        l->value = clang_getEnumConstantDeclValue(cur);
    }
    clang_disposeString(sp);
    return l->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* A non-type argument spelled as an enumerator (kfunc<float, FILL>): its
 * value, so that a switch on the parameter runs one case. */
static bool enum_constant_value(Ctx *c, const char *name, long long *value)
{
    const char *plain = strrchr(name, ':') ? strrchr(name, ':') + 1 : name;
    if (!*plain || !(isalpha((unsigned char)*plain) || *plain == '_')) return false;
    EnumLookup l = {plain, false, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(c->cx.tu), find_enum_constant, &l);
    *value = l.value;
    return l.found;
}

/* An argument as written: a builtin type, a parameter of the enclosing
 * substituted template, or something of unknown size and kind. */
static TypeArg type_arg_spelled(Ctx *c, const char *text)
{
    for (size_t i = 0; i < sizeof builtin_types / sizeof builtin_types[0]; i++)
        if (strcmp(text, builtin_types[i].name) == 0) return (TypeArg){builtin_types[i].name, builtin_types[i].size, builtin_types[i].kind, false, 0};
    for (int i = 0; c->subst && i < c->subst->n; i++)
        if (c->subst->names[i] && strcmp(c->subst->names[i], text) == 0) return c->subst->args[i];
    TypeArg a = {arena_strdup(&c->m->arena, text), -1, 0, false, 0};
    char *end;
    long long v = strtoll(text, &end, 0);
    if (end != text && (*end == 0 || strspn(end, "uUlL") == strlen(end))) { /* a non-type argument: 2, 256u */
        a.has_value = true;
        a.value = v;
    } else if (enum_constant_value(c, text, &v)) {
        a.has_value = true;
        a.value = v;
    }
    return a;
}

const char *subst_name(Ctx *c, const char *base, const TypeSubst *s)
{
    char buf[512];
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s<", base);
    for (int i = 0; i < s->n && len < sizeof buf - 64; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? ", " : "", s->args[i].spelling);
    if (len < sizeof buf - 1) snprintf(buf + len, sizeof buf - len, ">");
    return arena_strdup(&c->m->arena, buf);
}

/* The names of a template's parameters, in order, into s->names. */
void template_param_names(Ctx *c, CXCursor tmpl, TypeSubst *s)
{
    Children ch = children_of(tmpl);
    int n = 0;
    for (int i = 0; i < ch.n && n < MAX_TYPE_ARGS; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.items[i]);
        if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
            k == CXCursor_TemplateTemplateParameter)
            s->names[n++] = cxstr(&c->m->arena, clang_getCursorSpelling(ch.items[i]));
    }
    children_free(&ch);
}

/* ---------------------------------------------------------------- tokens and macros */

typedef struct {
    const char **v;
    int n;
} Toks;

static void toks_push(Toks *t, const char *s)
{
    *VEC_PUSH(t->v, t->n) = s;
}

typedef struct {
    const char *name;
    bool function_like;
    Toks params;
    Toks body;
} MacroDef;

typedef struct {
    Ctx *c;
    MacroDef *defs;
    int ndefs;
} Macros;

static const MacroDef *find_macro(const Macros *ms, const char *name)
{
    for (int i = ms->ndefs - 1; i >= 0; i--)
        if (strcmp(ms->defs[i].name, name) == 0) return &ms->defs[i];
    return NULL;
}

static bool is_ident(const char *s)
{
    return (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_';
}

/* Spelled like a macro by convention: capitals, digits and '_'. */
static bool macro_like(const char *s)
{
    if (!is_ident(s)) return false;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_')) return false;
    return true;
}

/* A file's tokens (spellings), split into the #define directives (into ms)
 * and the rest (into code, when not NULL). */
static void read_file_tokens(Ctx *c, CXFile f, Macros *ms, Toks *code)
{
    size_t size = 0;
    const char *text = contents_of(&c->cx, f, &size);
    if (!text) return;
    PpToken *toks = NULL;
    unsigned n = pp_tokens(text, size, &toks);
    unsigned *offs = xcalloc(n + 1, sizeof *offs);
    const char **sp = xcalloc(n + 1, sizeof *sp);
    for (unsigned i = 0; i < n; i++) {
        offs[i] = toks[i].offset;
        sp[i] = arena_strndup(&c->m->arena, text + toks[i].offset, toks[i].length);
    }
    free(toks);
    for (unsigned i = 0; i < n;) {
        bool line_start = true; /* a # first on its line starts a directive */
        for (size_t o = offs[i]; o > 0 && text[o - 1] != '\n'; o--)
            if (text[o - 1] != ' ' && text[o - 1] != '\t') line_start = false;
        if (strcmp(sp[i], "#") != 0 || !line_start) {
            if (code) toks_push(code, sp[i]);
            i++;
            continue;
        }
        size_t end = offs[i]; /* the directive ends at a newline without a backslash before it */
        while (end < size && !(text[end] == '\n' && (end == 0 || text[end - 1] != '\\'))) end++;
        unsigned j = i + 1;
        if (j + 1 < n && offs[j + 1] < end && strcmp(sp[j], "define") == 0 && is_ident(sp[j + 1])) {
            MacroDef *d = VEC_PUSH(ms->defs, ms->ndefs);
            memset(d, 0, sizeof *d);
            d->name = sp[j + 1];
            unsigned k = j + 2;
            if (k < n && offs[k] < end && strcmp(sp[k], "(") == 0 && offs[k] == offs[j + 1] + strlen(sp[j + 1])) {
                d->function_like = true;
                for (k++; k < n && offs[k] < end && strcmp(sp[k], ")") != 0; k++)
                    if (strcmp(sp[k], ",") != 0) toks_push(&d->params, sp[k]);
                k++;
            }
            for (; k < n && offs[k] < end; k++) toks_push(&d->body, sp[k]);
        }
        while (j < n && offs[j] < end) j++;
        i = j;
    }
    free(offs);
    free(sp);
}

typedef struct {
    Ctx *c;
    Macros *ms;
    Toks wanted; /* macro names to find */
    CXFile *read; int nread;
} IncludeScan;

/* Does the text hold "#define NAME" (blanks allowed around '#')? */
static bool defines(const char *text, size_t size, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; p && (size_t)(p - text) < size; p++) {
        p = memmem(p, size - (size_t)(p - text), name, n);
        if (!p) return false;
        const char *q = p;
        while (q > text && (q[-1] == ' ' || q[-1] == '\t')) q--;
        bool after_define = q - text >= 6 && strncmp(q - 6, "define", 6) == 0;
        char next = (size_t)(p + n - text) < size ? p[n] : 0;
        bool whole = !(next == '_' || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || (next >= '0' && next <= '9'));
        if (after_define && whole) return true;
    }
    return false;
}

/* A header of the project: not the bundled shim, not the system's or the
 * CUDA toolkit's (by path: project headers found by discovery are system
 * headers to clang too, -idirafter). */
bool project_header(Ctx *c, CXFile f)
{
    const char *name = file_name(&c->cx, f);
    if (!name || (c->shim_dir && strncmp(name, c->shim_dir, strlen(c->shim_dir)) == 0)) return false;
    /* clang names libstdc++'s headers relative to its own directory
     * ("/../lib/gcc/.../include/c++/12/type_traits"): the real path says
     * where they are (and reading such a header from a PCH costs ~80 ms) */
    char real[PATH_MAX];
    if (strstr(name, "/../") && realpath(name, real)) name = real;
    return strncmp(name, "/usr/", 5) != 0 && strncmp(name, "/opt/", 5) != 0;
}

/* Reads the #defines of a header that defines one of the wanted names
 * (only files the wanted text is in are tokenized), once. */
static void consider_header(IncludeScan *is, CXFile f)
{
    for (int i = 0; i < is->nread; i++)
        if (clang_File_isEqual(is->read[i], f)) return;
    size_t size = 0;
    const char *text = contents_of(&is->c->cx, f, &size);
    bool wanted = false;
    for (int i = 0; text && i < is->wanted.n && !wanted; i++) wanted = defines(text, size, is->wanted.v[i]);
    if (!wanted) return;
    int n = is->nread;
    *VEC_PUSH(is->read, n) = f;
    is->nread = n;
    read_file_tokens(is->c, f, is->ms, NULL);
}

typedef struct {
    Ctx *c;
    CXFile *files;
    int n;
} FileList;

static void collect_inclusion(CXFile f, unsigned depth, FileList *fl)
{
    if (depth > 0 && project_header(fl->c, f)) *VEC_PUSH(fl->files, fl->n) = f;
}

/* Two rounds over the headers: the wanted macros, then the macros their
 * definitions invoke (spelled like macros). */
static void read_wanted(IncludeScan *is, const CXFile *files, int nfiles)
{
    for (int round = 0; round < 2 && is->wanted.n; round++) {
        int before = is->ms->ndefs;
        for (int i = 0; i < nfiles; i++) consider_header(is, files[i]);
        is->wanted.n = 0;
        for (int d = before; d < is->ms->ndefs; d++) { /* invocations in the bodies: NAME( */
            const Toks *b = &is->ms->defs[d].body;
            for (int t = 0; t + 1 < b->n; t++)
                if (macro_like(b->v[t]) && strcmp(b->v[t + 1], "(") == 0 && !find_macro(is->ms, b->v[t]))
                    toks_push(&is->wanted, b->v[t]);
        }
    }
}

/* Appends the expansion of `in` (macro invocations replaced, rescanned up
 * to 8 levels). */
static void expand(Macros *ms, const Toks *in, Toks *out, int depth)
{
    for (int i = 0; i < in->n; i++) {
        const MacroDef *d = depth < 8 && is_ident(in->v[i]) ? find_macro(ms, in->v[i]) : NULL;
        if (!d || (d->function_like && (i + 1 >= in->n || strcmp(in->v[i + 1], "(") != 0))) {
            toks_push(out, in->v[i]);
            continue;
        }
        Toks args[16];
        int nargs = 0;
        memset(args, 0, sizeof args);
        if (d->function_like) {
            int level = 0, j = i + 1;
            for (; j < in->n; j++) {
                const char *t = in->v[j];
                if (strcmp(t, "(") == 0 && level++ == 0) { nargs = 1; continue; }
                if (strcmp(t, ")") == 0 && --level == 0) break;
                if (strcmp(t, ",") == 0 && level == 1) { if (nargs < 16) nargs++; continue; }
                if (nargs >= 1 && nargs <= 16) toks_push(&args[nargs - 1], t);
            }
            i = j;
        }
        Toks body = {NULL, 0};
        for (int b = 0; b < d->body.n; b++) {
            const char *t = d->body.v[b];
            if (strcmp(t, "#") == 0 && b + 1 < d->body.n) { toks_push(&body, "\"\""); b++; continue; }
            int p = -1;
            for (int q = 0; q < d->params.n; q++)
                if (strcmp(d->params.v[q], t) == 0) p = q;
            bool paste = b + 1 < d->body.n && strcmp(d->body.v[b + 1], "##") == 0;
            if (p >= 0 && p < nargs) {
                for (int a = 0; a < args[p].n; a++) toks_push(&body, args[p].v[a]);
            } else if (strcmp(t, "##") != 0) {
                toks_push(&body, t);
            }
            if (paste && b + 2 < d->body.n && body.n > 0) { /* a ## b: one token */
                const char *rhs = d->body.v[b + 2];
                for (int q = 0; q < d->params.n; q++)
                    if (strcmp(d->params.v[q], rhs) == 0 && q < nargs && args[q].n) rhs = args[q].v[0];
                body.v[body.n - 1] = arena_printf(&ms->c->m->arena, "%s%s", body.v[body.n - 1], rhs);
                b += 2;
            }
        }
        expand(ms, &body, out, depth + 1);
        free(body.v);
        for (int a = 0; a < 16; a++) free(args[a].v);
    }
}

/* ---------------------------------------------------------------- explicit instantiations */

/* NAME < args > at t[i]: the arguments (split at top-level commas) and the
 * index after '>'; -1 when it is not one. */
static int parse_template_args(Ctx *c, const Toks *t, int i, TypeSubst *s)
{
    if (i + 1 >= t->n || strcmp(t->v[i + 1], "<") != 0) return -1;
    memset(s, 0, sizeof *s);
    char arg[256] = "";
    int level = 0;
    for (int j = i + 1; j < t->n; j++) {
        const char *x = t->v[j];
        int closes = strcmp(x, ">") == 0 ? 1 : strcmp(x, ">>") == 0 ? 2 : 0;
        if (strcmp(x, "<") == 0 && level++ == 0) continue;
        if (strcmp(x, ";") == 0 || strcmp(x, "{") == 0) return -1;
        bool end = closes && level - closes <= 0;
        if (end || (strcmp(x, ",") == 0 && level == 1)) {
            if (s->n < MAX_TYPE_ARGS && arg[0]) s->args[s->n++] = type_arg_spelled(c, arg);
            arg[0] = 0;
            if (end) return j + 1;
            continue;
        }
        level -= closes;
        size_t len = strlen(arg);
        snprintf(arg + len, sizeof arg - len, "%s%s", len ? " " : "", x);
    }
    return -1;
}

/* `template` not followed by '<' up to its ';': a class, function or member
 * instantiation. */
static void scan_instantiations(Ctx *c, const Toks *t, InstList *out)
{
    for (int i = 0; i + 1 < t->n; i++) {
        if (strcmp(t->v[i], "template") != 0 || strcmp(t->v[i + 1], "<") == 0) continue;
        for (int j = i + 1; j < t->n && strcmp(t->v[j], ";") != 0 && strcmp(t->v[j], "{") != 0; j++) {
            if (!is_ident(t->v[j])) continue;
            TypeSubst s;
            int after = parse_template_args(c, t, j, &s);
            if (after < 0) continue;
            ExplicitInst in = {INST_FUNCTION, t->v[j], NULL, s};
            bool tagged = j > i + 1 && (strcmp(t->v[j - 1], "class") == 0 || strcmp(t->v[j - 1], "struct") == 0);
            if (tagged) in.kind = INST_CLASS;
            else if (after + 2 < t->n && strcmp(t->v[after], "::") == 0 && is_ident(t->v[after + 1]) &&
                     strcmp(t->v[after + 2], "(") == 0) {
                in.kind = INST_MEMBER;
                in.member = t->v[after + 1];
            } else if (!(after < t->n && strcmp(t->v[after], "(") == 0)) {
                continue; /* a template-id in the return type */
            }
            *VEC_PUSH(out->items, out->n) = in;
            break;
        }
    }
}

/* Which tokens are at namespace scope: outside any braces but those of
 * `namespace [N] {` and `extern "C" {`. */
static bool *file_scope(const Toks *t)
{
    bool *at = xcalloc((size_t)t->n + 1, sizeof *at);
    bool opaque[256];
    int depth = 0, closed = 0; /* closed: braces not of a namespace */
    for (int i = 0; i < t->n; i++) {
        const char *x = t->v[i];
        at[i] = closed == 0;
        if (strcmp(x, "{") == 0) {
            bool ns = (i >= 1 && (strcmp(t->v[i - 1], "namespace") == 0 || t->v[i - 1][0] == '"')) ||
                      (i >= 2 && strcmp(t->v[i - 2], "namespace") == 0);
            if (depth < 256) opaque[depth] = !ns;
            depth++;
            closed += !ns;
        } else if (strcmp(x, "}") == 0 && depth > 0) {
            depth--;
            if (depth < 256 && opaque[depth]) closed--;
        }
    }
    return at;
}

void find_explicit_instantiations(Ctx *c, const CXFile *headers, int nheaders, InstList *out)
{
    CXFile main = clang_getFile(c->cx.tu, c->m->file);
    if (!main) return;
    Macros ms = {c, NULL, 0};
    Toks code = {NULL, 0};
    read_file_tokens(c, main, &ms, &code);
    /* file-scope invocations of function-like macros: an identifier and '('
     * at namespace scope after a ';', '}' or ')' (or at the start) */
    bool *scope = file_scope(&code);
    IncludeScan is = {c, &ms, {NULL, 0}, NULL, 0};
    for (int i = 0; i + 1 < code.n; i++) {
        bool after_decl = i == 0 || strcmp(code.v[i - 1], ";") == 0 || strcmp(code.v[i - 1], "}") == 0 ||
                          strcmp(code.v[i - 1], ")") == 0;
        if (scope[i] && after_decl && is_ident(code.v[i]) && strcmp(code.v[i + 1], "(") == 0 &&
            strcmp(code.v[i], "template") != 0 && !find_macro(&ms, code.v[i]))
            toks_push(&is.wanted, code.v[i]);
    }
    bool candidate = is.wanted.n > 0;
    for (int i = 0; i + 1 < code.n && !candidate; i++) /* one of the file's own macros */
        candidate = scope[i] && is_ident(code.v[i]) && strcmp(code.v[i + 1], "(") == 0 && find_macro(&ms, code.v[i]);
    if (candidate) {
        /* the headers defining them, then (a second round) the macros
         * their definitions invoke */
        /* the headers declaring something (from the AST, cheap) first; all
         * the included ones (clang_getInclusions walks every source
         * location entry: seconds on a thrust file) only when a macro is
         * still missing */
        Toks first = {NULL, 0};
        for (int i = 0; i < is.wanted.n; i++) toks_push(&first, is.wanted.v[i]);
        read_wanted(&is, headers, nheaders);
        is.wanted.n = 0;
        for (int i = 0; i < first.n; i++)
            if (!find_macro(&ms, first.v[i])) toks_push(&is.wanted, first.v[i]);
        if (is.wanted.n) {
            FileList all = {c, NULL, 0};
            int ninc;
            const TuInclusion *inc = tu_inclusions(c->cx.tu, &ninc);
            for (int i = 0; i < ninc; i++) collect_inclusion(inc[i].file, inc[i].depth, &all);
            read_wanted(&is, all.files, all.n);
            free(all.files);
        }
        free(first.v);
        Toks expanded = {NULL, 0};
        expand(&ms, &code, &expanded, 0);
        scan_instantiations(c, &expanded, out);
        free(expanded.v);
    } else {
        scan_instantiations(c, &code, out);
    }
    free(is.wanted.v);
    free(is.read);
    free(scope);
    for (int i = 0; i < ms.ndefs; i++) {
        free(ms.defs[i].params.v);
        free(ms.defs[i].body.v);
    }
    free(ms.defs);
    free(code.v);
}

/* ---------------------------------------------------------------- calls in patterns */

static enum CXChildVisitResult first_name(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_OverloadedDeclRef || k == CXCursor_DeclRefExpr) {
        *(CXCursor *)data = cur;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

const char *dependent_callee_name(Ctx *c, CXCursor call)
{
    if (dependent_operator(c, call) != OP_UNKNOWN) return "";
    Children ch = children_of(call);
    CXCursor ref = clang_getNullCursor();
    if (ch.n) {
        if (clang_getCursorKind(ch.items[0]) == CXCursor_OverloadedDeclRef) ref = ch.items[0];
        else clang_visitChildren(ch.items[0], first_name, &ref);
    }
    children_free(&ch);
    return clang_Cursor_isNull(ref) ? arena_strdup(&c->m->arena, "") : cxstr(&c->m->arena, clang_getCursorSpelling(ref));
}

/* An unresolved operator call (x * 0.5 where headers declare operator*
 * overloads): the operator token between its two operands, or a leading
 * '-' of a unary one.  OP_UNKNOWN for a call of a named function. */
Op dependent_operator(Ctx *c, CXCursor call)
{
    int nargs = clang_Cursor_getNumArguments(call);
    if (nargs != 1 && nargs != 2) return OP_UNKNOWN;
    unsigned from = expansion_offset(clang_getRangeStart(clang_getCursorExtent(call)));
    unsigned to = expansion_offset(clang_getRangeStart(clang_getCursorExtent(clang_Cursor_getArgument(call, 0))));
    if (nargs == 2) {
        from = expansion_offset(clang_getRangeEnd(clang_getCursorExtent(clang_Cursor_getArgument(call, 0))));
        to = expansion_offset(clang_getRangeStart(clang_getCursorExtent(clang_Cursor_getArgument(call, 1))));
    }
    static const struct {
        const char *s;
        Op op;
    } ops[] = {{"+", OP_ADD},        {"-", OP_SUB},        {"*", OP_MUL},        {"/", OP_DIV},
               {"+=", OP_ADD_ASSIGN}, {"-=", OP_SUB_ASSIGN}, {"*=", OP_MUL_ASSIGN}, {"/=", OP_DIV_ASSIGN},
               {"<", OP_LT},          {"<=", OP_LE},         {">", OP_GT},         {">=", OP_GE},
               {"!=", OP_NE}};
    CXToken *toks = NULL;
    unsigned n = 0;
    tokens_of(&c->cx, clang_getCursorExtent(call), &toks, &n);
    Op op = OP_UNKNOWN;
    int found = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned off = expansion_offset(clang_getTokenLocation(c->cx.tu, toks[i]));
        if (off < from || off >= to || clang_getTokenKind(toks[i]) == CXToken_Comment) continue;
        CXString ts = clang_getTokenSpelling(c->cx.tu, toks[i]);
        const char *t = clang_getCString(ts);
        if (strcmp(t, "(") != 0 && strcmp(t, ")") != 0) {
            found++;
            for (size_t q = 0; q < sizeof ops / sizeof ops[0]; q++)
                if (strcmp(t, ops[q].s) == 0) op = ops[q].op;
        }
        clang_disposeString(ts);
    }
    if (toks) clang_disposeTokens(c->cx.tu, toks, n);
    if (found != 1) return OP_UNKNOWN;
    if (nargs == 1) return op == OP_SUB ? OP_MINUS : OP_UNKNOWN;
    return op;
}

/* ---------------------------------------------------------------- launches in patterns */

static enum CXChildVisitResult find_overload(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cur) == CXCursor_OverloadedDeclRef || clang_getCursorKind(cur) == CXCursor_TemplateRef) {
        *(CXCursor *)data = cur;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Kernel parameter of type T, const T, T* or const T*: T's position. */
static int param_type_index(CXType t)
{
    CXType ct = canon(t);
    if (ct.kind == CXType_Pointer) ct = canon(clang_getPointeeType(ct));
    CXString s = clang_getTypeSpelling(ct);
    const char *n = clang_getCString(s);
    while (n && (strncmp(n, "const ", 6) == 0 || strncmp(n, "volatile ", 9) == 0)) n = strchr(n, ' ') + 1;
    int depth = -1, index = -1, used = 0;
    if (!n || sscanf(n, "type-parameter-%d-%d%n", &depth, &index, &used) != 2 || n[used] || depth != 0) index = -1;
    clang_disposeString(s);
    return index;
}

/* The spellings of the tokens of `r` (at expansion or at spelling
 * locations), comments left out. */
static void push_tokens(Ctx *c, CXSourceRange r, bool spelled, Toks *out)
{
    CXToken *toks = NULL;
    unsigned n = 0;
    if (spelled) spelled_tokens_of(&c->cx, r, &toks, &n);
    else tokens_of(&c->cx, r, &toks, &n);
    for (unsigned i = 0; i < n; i++)
        if (clang_getTokenKind(toks[i]) != CXToken_Comment) toks_push(out, cxstr(&c->m->arena, clang_getTokenSpelling(c->cx.tu, toks[i])));
    if (toks) clang_disposeTokens(c->cx.tu, toks, n);
}

/* The function template a call in a pattern names (a kernel, or a host
 * function template when `kernels` is false) and its arguments under the
 * current substitution: written ones (ns::f<Dtype, N>) first, the rest
 * deduced from the arguments' types for T, T* and const T* parameters. */
static bool resolve_pattern_callee(Ctx *c, CXCursor call, bool kernels, CXCursor *fn, TypeSubst *args)
{
    Children ch = children_of(call);
    CXCursor callee = ch.n ? ch.items[0] : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(callee)) return false;
    CXCursor named = strip(callee); /* a variable that holds the function: its initializer names it */
    if (clang_getCursorKind(named) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(named)) == CXCursor_VarDecl)
        callee = function_naming_expr(named);
    CXCursor ref = clang_getNullCursor();
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) ref = callee;
    else clang_visitChildren(callee, find_overload, &ref);
    if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef) return false;
    CXCursor tmpl = clang_getNullCursor();
    unsigned nover = clang_getNumOverloadedDecls(ref);
    for (unsigned i = 0; i < nover && clang_Cursor_isNull(tmpl); i++) {
        CXCursor d = clang_getOverloadedDecl(ref, i);
        if (clang_getCursorKind(d) == CXCursor_FunctionTemplate && c->d->is_kernel(d) == kernels) tmpl = d;
    }
    if (clang_Cursor_isNull(tmpl)) return false;
    CXCursor def = clang_getCursorDefinition(tmpl);
    *fn = clang_Cursor_isNull(def) ? tmpl : def;
    memset(args, 0, sizeof *args);
    /* explicit arguments as written: K<Dtype>, ns::f<T, N> */
    Toks written = {NULL, 0};
    push_tokens(c, clang_getCursorExtent(callee), false, &written);
    if (written.n == 1 && is_ident(written.v[0])) { /* a macro name: the callee is its argument */
        written.n = 0;
        push_tokens(c, clang_getCursorExtent(callee), true, &written);
    }
    int name = 0;
    while (name + 1 < written.n && strcmp(written.v[name + 1], "<") != 0) name++;
    if (name + 1 < written.n && parse_template_args(c, &written, name, args) < 0) args->n = 0;
    free(written.v);
    /* the rest deduced from the arguments' types: a const Dtype * argument
     * for a const T * parameter gives T = Dtype's argument */
    Children pch = children_of(*fn);
    int p = 0, nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < pch.n; i++) {
        if (clang_getCursorKind(pch.items[i]) != CXCursor_ParmDecl) continue;
        int idx = param_type_index(clang_getCursorType(pch.items[i]));
        if (idx >= 0 && idx < MAX_TYPE_ARGS && idx >= args->n && p < nargs) {
            CXType at = canon(clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)p)));
            if (at.kind == CXType_Pointer) at = clang_getPointeeType(at);
            TypeArg a = type_arg_of(c, at);
            for (int q = args->n; q < idx; q++) args->args[q] = (TypeArg){"?", -1, 0, false, 0};
            if (idx == args->n) args->n = idx + 1;
            args->args[idx] = a;
        }
        p++;
    }
    children_free(&pch);
    template_param_names(c, *fn, args);
    return args->n > 0;
}

bool resolve_pattern_launch(Ctx *c, CXCursor call, CXCursor *kernel, TypeSubst *args)
{
    return resolve_pattern_callee(c, call, true, kernel, args);
}

/* A call clang resolved to a specialization of a host function template
 * (run<unsigned char>(...) from any host function): the template and the
 * specialization's arguments. */
static bool specialization_callee(Ctx *c, CXCursor call, CXCursor *fn, TypeSubst *args, CXCursor *spec)
{
    CXCursor ref = clang_getCursorReferenced(call);
    enum CXCursorKind k = clang_getCursorKind(ref);
    if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod) return false;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(ref);
    if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate || c->d->is_kernel(tmpl))
        return false;
    CXSourceLocation at = clang_getCursorLocation(tmpl);
    CXFile f = NULL;
    clang_getExpansionLocation(at, &f, NULL, NULL, NULL);
    /* std::, thrust::: never a project host; a project header found through a discovered directory is one */
    if (clang_Location_isInSystemHeader(at) && !(f && c->project_root && path_is_under(file_name(&c->cx, f), c->project_root)))
        return false;
    memset(args, 0, sizeof *args);
    class_instance_args(c, ref, args);
    CXCursor def = clang_getCursorDefinition(tmpl);
    *fn = clang_Cursor_isNull(def) ? tmpl : def;
    template_param_names(c, *fn, args);
    if (clang_isCursorDefinition(ref)) *spec = ref;
    return true;
}

bool resolve_pattern_host_call(Ctx *c, CXCursor call, CXCursor *fn, TypeSubst *args, CXCursor *spec)
{
    *spec = clang_getNullCursor();
    if (!specialization_callee(c, call, fn, args, spec) &&
        (!c->subst || !resolve_pattern_callee(c, call, false, fn, args)))
        return false;
    /* every parameter given, each a type of known size or a value */
    for (int i = 0; i < MAX_TYPE_ARGS && args->names[i]; i++)
        if (i >= args->n) return false;
    for (int i = 0; i < args->n; i++)
        if (args->args[i].size <= 0 && !args->args[i].has_value) return false;
    return true;
}
