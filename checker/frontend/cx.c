/* cx.c - libclang helpers (see cx.h). */
#include "frontend/cx.h"
#include "util/mix64.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Children *ch = data;
    *VEC_PUSH(ch->items, ch->n) = c;
    return CXChildVisit_Continue;
}

/* The children of each cursor visited while a model is built, kept until
 * it is done: the interpreter asks for the same statements again for
 * every inlined call and every enclosing loop's scan, and each
 * clang_visitChildren costs far more than a copy (IVFUtilsSelect1.cu:
 * 18% of all instructions). */
typedef struct {
    CXCursor key;
    size_t first;            /* into pool */
    int n;
    bool used;
} ChildrenSlot;

static struct {
    int depth;               /* children_cache_begin nesting */
    ChildrenSlot *slots;
    size_t cap, count;       /* cap: a power of two */
    CXCursor *pool;
    int npool;
} cache;

static size_t cursor_hash(CXCursor c)
{
    uint64_t h = mix64((uint64_t)c.kind << 32 ^ (uint64_t)(uint32_t)c.xdata);
    h = mix64(h ^ (uint64_t)(uintptr_t)c.data[0]);
    h = mix64(h ^ (uint64_t)(uintptr_t)c.data[1]);
    return (size_t)mix64(h ^ (uint64_t)(uintptr_t)c.data[2]);
}

static bool same_cursor(CXCursor a, CXCursor b)
{
    return a.kind == b.kind && a.xdata == b.xdata && a.data[0] == b.data[0] && a.data[1] == b.data[1] &&
           a.data[2] == b.data[2];
}

static ChildrenSlot *cache_slot(CXCursor c)
{
    size_t i = cursor_hash(c) & (cache.cap - 1);
    while (cache.slots[i].used && !same_cursor(cache.slots[i].key, c)) i = (i + 1) & (cache.cap - 1);
    return &cache.slots[i];
}

static void cache_grow(void)
{
    ChildrenSlot *old = cache.slots;
    size_t old_cap = cache.cap;
    cache.cap = old_cap ? old_cap * 2 : 1024;
    cache.slots = xcalloc(cache.cap, sizeof *cache.slots);
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].used) *cache_slot(old[i].key) = old[i];
    free(old);
}

void children_cache_begin(void)
{
    cache.depth++;
}

void children_cache_end(void)
{
    if (--cache.depth > 0) return;
    free(cache.slots);
    free(cache.pool);
    memset(&cache, 0, sizeof cache);
}

Children children_of(CXCursor c)
{
    Children ch = {NULL, 0};
    if (!cache.depth) {
        clang_visitChildren(c, collect_child, &ch);
        return ch;
    }
    if (cache.cap) {
        ChildrenSlot *slot = cache_slot(c);
        if (slot->used) { /* a copy: callers free and may grow what they get */
            if (slot->n) {
                ch.items = xmalloc((size_t)slot->n * sizeof *ch.items);
                memcpy(ch.items, cache.pool + slot->first, (size_t)slot->n * sizeof *ch.items);
            }
            ch.n = slot->n;
            return ch;
        }
    }
    clang_visitChildren(c, collect_child, &ch);
    if (2 * (cache.count + 1) > cache.cap) cache_grow();
    ChildrenSlot *slot = cache_slot(c);
    *slot = (ChildrenSlot){c, (size_t)cache.npool, ch.n, true};
    for (int i = 0; i < ch.n; i++) *VEC_PUSH(cache.pool, cache.npool) = ch.items[i];
    cache.count++;
    return ch;
}

void children_free(Children *ch)
{
    free(ch->items);
    ch->items = NULL;
    ch->n = 0;
}

bool is_expr_kind(enum CXCursorKind k)
{
    return clang_isExpression(k) != 0;
}

/* Skips implicit wrappers (implicit casts, parentheses, cleanups). */
CXCursor strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr) return c;
        Children ch = children_of(c);
        if (ch.n != 1) {
            children_free(&ch);
            return c;
        }
        CXCursor inner = ch.items[0];
        children_free(&ch);
        c = inner;
    }
}

char *cxstr(Arena *a, CXString s)
{
    const char *p = clang_getCString(s);
    char *r = arena_strdup(a, p ? p : "");
    clang_disposeString(s);
    return r;
}

/* libclang 19 crashes (no layout error) when asked for the size of a
 * placeholder type such as the bound member of `x.~y` on an undeclared
 * record, or of a record whose declaration is invalid; found by the fuzzer.
 * Such types have no layout we could use anyway. */
static bool layout_is_safe(CXType t)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_Vector)
        t = clang_getCanonicalType(clang_getElementType(t));
    /* an `auto` clang could not deduce (`auto out[0] = ...`, a declaration
     * in error): libclang's layout query crashes on it */
    if (t.kind == CXType_Invalid || t.kind == CXType_Unexposed || t.kind == CXType_Auto || t.kind == CXType_Dependent)
        return false;
    if (t.kind == CXType_Record) {
        CXCursor decl = clang_getTypeDeclaration(t);
        if (!clang_Cursor_isNull(decl) && clang_isInvalidDeclaration(decl)) return false;
    }
    return true;
}

static const TypeSubst *current_subst;

void cx_set_subst(const TypeSubst *s)
{
    current_subst = s;
}

/* A parameter type's canonical spelling is "type-parameter-D-I", after
 * qualifiers. */
const TypeArg *subst_arg(CXType t)
{
    if (!current_subst) return NULL;
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Unexposed) return NULL;
    CXString s = clang_getTypeSpelling(ct);
    const char *n = clang_getCString(s);
    const TypeArg *arg = NULL;
    while (n && (strncmp(n, "const ", 6) == 0 || strncmp(n, "volatile ", 9) == 0)) n = strchr(n, ' ') + 1;
    int depth, index, used = 0;
    if (n && sscanf(n, "type-parameter-%d-%d%n", &depth, &index, &used) == 2 && n[used] == 0 && depth == 0 &&
        index >= 0 && index < current_subst->n)
        arg = &current_subst->args[index];
    clang_disposeString(s);
    return arg;
}

bool is_dependent_type(CXType t)
{
    CXType ct = clang_getCanonicalType(t);
    return ct.kind == CXType_Dependent || ct.kind == CXType_Unexposed;
}

long long type_size(CXType t)
{
    long long s = layout_is_safe(t) ? clang_Type_getSizeOf(t) : CXTypeLayoutError_Invalid;
    if (s < 0 && current_subst) {
        const TypeArg *a = subst_arg(t);
        if (a && a->size > 0) return a->size;
    }
    return s;
}

long long type_align(CXType t)
{
    return layout_is_safe(t) ? clang_Type_getAlignOf(t) : CXTypeLayoutError_Invalid;
}

CXType canon(CXType t)
{
    return clang_getCanonicalType(t);
}

bool is_pointer_type(CXType t)
{
    t = canon(t);
    return t.kind == CXType_Pointer;
}

bool is_array_type(CXType t)
{
    t = canon(t);
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

bool is_integer_type(CXType t)
{
    t = canon(t);
    if ((t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum) return true;
    const TypeArg *a = current_subst ? subst_arg(t) : NULL;
    return a && a->kind == 'i';
}

bool is_float_kind(CXType t)
{
    t = canon(t);
    if (t.kind == CXType_Float || t.kind == CXType_Half || t.kind == CXType_Float16) return true;
    const TypeArg *a = current_subst ? subst_arg(t) : NULL;
    return a && a->kind == 'f';
}

bool is_double_kind(CXType t)
{
    if (canon(t).kind == CXType_Double) return true;
    const TypeArg *a = current_subst ? subst_arg(t) : NULL;
    return a && a->kind == 'd';
}

bool eval_const(CXCursor e, long long *out)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r) return false;
    bool ok = false;
    if (clang_EvalResult_getKind(r) == CXEval_Int) {
        *out = clang_EvalResult_getAsLongLong(r);
        ok = true;
    }
    clang_EvalResult_dispose(r);
    return ok;
}

bool has_attr(CXCursor cur, enum CXCursorKind attr)
{
    Children ch = children_of(cur);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++)
        if (clang_getCursorKind(ch.items[i]) == attr) found = true;
    children_free(&ch);
    return found;
}

CXCursor body_of(CXCursor fn)
{
    Children ch = children_of(fn);
    CXCursor body = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.items[i]) == CXCursor_CompoundStmt) body = ch.items[i];
    children_free(&ch);
    return body;
}

CXCursor initializer_of(CXCursor var)
{
    Children ch = children_of(var);
    CXCursor init = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) init = ch.items[i];
    children_free(&ch);
    return init;
}

static CXCursor unwrap_function_expr(CXCursor e)
{
    CXCursor k = strip(e);
    for (enum CXCursorKind kk = clang_getCursorKind(k);
         kk == CXCursor_UnaryOperator || kk == CXCursor_CStyleCastExpr || kk == CXCursor_CXXStaticCastExpr ||
         kk == CXCursor_CXXReinterpretCastExpr || kk == CXCursor_ParenExpr;
         kk = clang_getCursorKind(k)) {
        Children ch = children_of(k);
        CXCursor in = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(in)) break;
        k = in;
    }
    return k;
}

CXCursor function_naming_expr(CXCursor e)
{
    CXCursor k = unwrap_function_expr(e);
    if (clang_getCursorKind(k) != CXCursor_DeclRefExpr) return k;
    CXCursor var = clang_getCursorReferenced(k);
    if (clang_getCursorKind(var) != CXCursor_VarDecl) return k;
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind == CXType_Pointer) t = clang_getCanonicalType(clang_getPointeeType(t));
    /* auto in a template pattern stays undeduced: the initializer decides */
    if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto && t.kind != CXType_Auto &&
        t.kind != CXType_Unexposed && t.kind != CXType_Dependent)
        return k;
    CXCursor init = initializer_of(var);
    if (clang_Cursor_isNull(init)) return k;
    CXCursor named = unwrap_function_expr(init);
    enum CXCursorKind nk = clang_getCursorKind(named);
    return nk == CXCursor_DeclRefExpr || nk == CXCursor_OverloadedDeclRef || nk == CXCursor_UnexposedExpr ? named : k;
}

bool is_decl_of(CXCursor expr, CXCursor decl)
{
    CXCursor s = strip(expr);
    return clang_getCursorKind(s) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(s), decl);
}


/* The main file's handle, once per translation unit (a location made from
 * an offset costs a lookup in clang's tables every time).  Set anew by
 * cx_begin_tu for every translation unit: a freed one's address may be
 * reused by the next. */
static CXTranslationUnit main_tu;
static CXFile main_file;

void cx_begin_tu(CXTranslationUnit tu)
{
    CXString name = clang_getTranslationUnitSpelling(tu);
    main_file = clang_getFile(tu, clang_getCString(name));
    clang_disposeString(name);
    main_tu = tu;
}

/* Where the code was written: a declaration that a macro of the main file
 * produces (`KERNEL void k()` with KERNEL = extern "C" __global__) belongs
 * to the main file, though clang_Location_isFromMainFile says no for a
 * location inside a macro expansion. */
bool in_main_file(CXCursor cur)
{
    CXSourceLocation loc = clang_getCursorLocation(cur);
    CXFile f;
    clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
    if (!f) return false;
    if (clang_Location_isFromMainFile(loc)) return true;
    if (!location_in_macro(cur)) return false;
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(cur);
    if (tu != main_tu) cx_begin_tu(tu);
    return main_file && clang_File_isEqual(f, main_file);
}

bool location_in_macro(CXCursor cur)
{
    CXSourceLocation loc = clang_getCursorLocation(cur);
    CXFile f1, f2;
    unsigned o1, o2;
    clang_getExpansionLocation(loc, &f1, NULL, NULL, &o1);
    clang_getSpellingLocation(loc, &f2, NULL, NULL, &o2);
    return !(f1 && f2 && clang_File_isEqual(f1, f2) && o1 == o2);
}

long long pointee_size(CXType t)
{
    CXType ct = canon(t);
    CXType p = ct.kind == CXType_Pointer ? clang_getPointeeType(ct) : clang_getArrayElementType(ct);
    long long s = type_size(canon(p));
    return s > 0 ? s : -1;
}

/* ---------------------------------------------------------------- source ranges and text */

const char *file_name(Cx *c, CXFile f)
{
    if (!f) return NULL;
    const int n = (int)(sizeof c->names / sizeof c->names[0]);
    for (int i = 0; i < n; i++)
        if (c->names[i].file && clang_File_isEqual(f, c->names[i].file)) return c->names[i].name;
    const char *name = cxstr(c->arena, clang_getFileName(f));
    char folded[4096]; /* one spelling per file: src/tree/../common/x.h is src/common/x.h */
    if (name && path_fold_dots(name, folded, sizeof folded)) name = arena_strdup(c->arena, folded);
    c->names[c->next_name].file = f;
    c->names[c->next_name].name = name;
    c->next_name = (c->next_name + 1) % n;
    return name;
}

/* A range in a host string's program, moved to the host file (see Cx). */
static void map_to_host(Cx *c, CXFile f, SrcRange *r)
{
    if (!c->program || !f || !clang_File_isEqual(f, c->program_file)) return;
    unsigned line = r->line, col = r->col, end_line = r->end_line, end_col = r->end_col;
    host_strings_map(c->host, c->program, line, col, false, &r->line, &r->col);
    host_strings_map(c->host, c->program, end_line, end_col, true, &r->end_line, &r->end_col);
}

SrcRange location_range(Cx *c, CXSourceLocation loc, unsigned length)
{
    CXFile f;
    unsigned line, col;
    clang_getExpansionLocation(loc, &f, &line, &col, NULL);
    SrcRange r = {file_name(c, f), line, col, line, col + length};
    map_to_host(c, f, &r);
    return r;
}

typedef void (*LocationFn)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);

/* The cursor's extent through `where` (expansion or spelling locations);
 * an empty or cross-file extent becomes one column. */
static SrcRange range_through(Cx *c, CXCursor cur, LocationFn where)
{
    SrcRange r = {0};
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXFile f, f2;
    unsigned line, col, off, line2, col2, off2;
    where(clang_getRangeStart(ext), &f, &line, &col, &off);
    where(clang_getRangeEnd(ext), &f2, &line2, &col2, &off2);
    r.file = file_name(c, f);
    r.line = line;
    r.col = col;
    if (f2 && f && clang_File_isEqual(f, f2) && (line2 > line || (line2 == line && col2 > col))) {
        r.end_line = line2;
        r.end_col = col2;
    } else {
        r.end_line = line;
        r.end_col = col + 1;
    }
    map_to_host(c, f, &r);
    return r;
}

SrcRange range_of(Cx *c, CXCursor cur)
{
    return range_through(c, cur, clang_getExpansionLocation);
}

SrcRange spelling_range_of(Cx *c, CXCursor cur)
{
    return range_through(c, cur, clang_getSpellingLocation);
}

static struct {
    const struct CXUnsavedFile *files;
    unsigned n;
} buffers;

void cx_buffers_begin(const struct CXUnsavedFile *files, unsigned n)
{
    buffers.files = files;
    buffers.n = n;
}

void cx_buffers_end(void)
{
    buffers.files = NULL;
    buffers.n = 0;
}

/* A header's text without asking libclang: from the buffers the parse
 * read, else from disk (the bytes clang read; a precompiled preamble is
 * rebuilt when a header changes).  libclang finds a file's text by
 * searching its source table, which with a precompiled preamble means
 * reading every entry of the preamble and the toolkit's PCH. */
static const char *text_outside_clang(Cx *c, CXFile f, int slot)
{
    if (main_tu == c->tu && main_file && clang_File_isEqual(f, main_file)) return NULL; /* found first: cheap */
    CXString name = clang_getFileName(f);
    const char *path = clang_getCString(name);
    const char *text = NULL;
    for (unsigned i = 0; path && i < buffers.n && !text; i++)
        if (buffers.files[i].Filename && strcmp(buffers.files[i].Filename, path) == 0) {
            text = buffers.files[i].Contents;
            c->contents[slot].size = buffers.files[i].Length;
        }
    long size = 0;
    if (!text && path && *path && (c->contents[slot].owned = read_file(path, &size))) {
        text = c->contents[slot].owned;
        c->contents[slot].size = (size_t)size;
    }
    clang_disposeString(name);
    return text;
}

const char *contents_of(Cx *c, CXFile f, size_t *size)
{
    *size = 0;
    if (!f) return NULL;
    for (int i = 0; i < c->ncontents; i++)
        if (clang_File_isEqual(f, c->contents[i].file)) {
            *size = c->contents[i].size;
            return c->contents[i].text;
        }
    const int cap = (int)(sizeof c->contents / sizeof c->contents[0]);
    int slot = c->ncontents < cap ? c->ncontents++ : c->next_contents++ % cap;
    if (c->contents[slot].owned) *VEC_PUSH(c->retired, c->nretired) = c->contents[slot].owned;
    c->contents[slot].owned = NULL;
    c->contents[slot].file = f;
    c->contents[slot].text = text_outside_clang(c, f, slot);
    if (!c->contents[slot].text) c->contents[slot].text = clang_getFileContents(c->tu, f, &c->contents[slot].size);
    *size = c->contents[slot].size;
    return c->contents[slot].text;
}

/* Source text of a cursor at its expansion site (what the user wrote). */
const char *text_of(Cx *c, CXCursor cur)
{
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXFile f, f2;
    unsigned off, off2;
    clang_getExpansionLocation(clang_getRangeStart(ext), &f, NULL, NULL, &off);
    clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &off2);
    if (!f) return "";
    size_t size;
    const char *src = contents_of(c, f, &size);
    if (!src || off >= size) return "";
    if (!f2 || !clang_File_isEqual(f, f2) || off2 <= off || off2 > size) {
        /* A whole macro use: take the identifier at the start. */
        off2 = off;
        while (off2 < size && (isalnum((unsigned char)src[off2]) || src[off2] == '_' || src[off2] == '.')) off2++;
        if (off2 == off) off2 = off + 1;
    }
    size_t n = off2 - off;
    if (n > 200) n = 200;
    /* Fold newlines and runs of blanks so evidence stays on one line. */
    char *out = arena_alloc(c->arena, n + 1);
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = src[off + i];
        if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
        if (ch == ' ' && j > 0 && out[j - 1] == ' ') continue;
        out[j++] = ch;
    }
    out[j] = 0;
    return out;
}

/* The literal as written at its spelling location (inside a #define too). */
const char *literal_text(Cx *c, CXCursor lit)
{
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getCursorLocation(lit), &f, NULL, NULL, &off);
    if (!f) return "";
    size_t size;
    const char *src = contents_of(c, f, &size);
    if (!src || off >= size) return "";
    size_t e = off;
    while (e < size) {
        char ch = src[e];
        if (isalnum((unsigned char)ch) || ch == '.' || ch == '\'') e++;
        else if ((ch == '+' || ch == '-') && e > off && strchr("eEpP", src[e - 1])) e++;
        else break;
    }
    return arena_strndup(c->arena, src + off, e - off);
}

/* ---------------------------------------------------------------- tokens and operators */

static struct {
    CXTranslationUnit tu; /* the scope's, or NULL */
    int depth;
    bool walked;
    TuInclusion *items;
    int n;
} inclusions;

static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)data;
    *VEC_PUSH(inclusions.items, inclusions.n) = (TuInclusion){file, depth};
}

const TuInclusion *tu_inclusions(CXTranslationUnit tu, int *n)
{
    if (!(inclusions.walked && inclusions.tu == tu && inclusions.depth > 0)) {
        inclusions.n = 0;
        clang_getInclusions(tu, on_inclusion, NULL);
        inclusions.walked = inclusions.depth > 0 && inclusions.tu == tu;
    }
    *n = inclusions.n;
    return inclusions.items;
}

bool cx_inclusions_preset(CXTranslationUnit tu, char *const *names, const unsigned *depths, int n)
{
    if (inclusions.depth == 0 || inclusions.tu != tu) return false;
    inclusions.n = 0;
    for (int i = 0; i < n; i++) {
        CXFile f = clang_getFile(tu, names[i]);
        if (!f) {
            inclusions.n = 0;
            return false;
        }
        *VEC_PUSH(inclusions.items, inclusions.n) = (TuInclusion){f, depths[i]};
    }
    inclusions.walked = true;
    return true;
}

void cx_inclusions_begin(CXTranslationUnit tu)
{
    if (inclusions.depth++ == 0 || inclusions.tu != tu) {
        inclusions.tu = tu;
        inclusions.walked = false;
    }
}

void cx_inclusions_end(void)
{
    if (inclusions.depth > 0 && --inclusions.depth == 0) {
        inclusions.tu = NULL;
        inclusions.walked = false;
        free(inclusions.items);
        inclusions.items = NULL;
        inclusions.n = 0;
    }
}

struct FileTokens {
    CXFile file;
    CXToken *toks;
    unsigned n;
    unsigned *start, *end; /* offsets of each token's first and past-last byte */
};

/* A file's tokens, from the two ends of its text (two searches of the
 * source table, once per file). */
static const struct FileTokens *file_tokens(Cx *c, CXFile f)
{
    for (int i = 0; i < c->nfile_tokens; i++)
        if (clang_File_isEqual(c->file_tokens[i].file, f)) return &c->file_tokens[i];
    size_t size = 0;
    if (!contents_of(c, f, &size)) return NULL;
    struct FileTokens *ft = VEC_PUSH(c->file_tokens, c->nfile_tokens);
    memset(ft, 0, sizeof *ft);
    ft->file = f;
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(c->tu, f, 0), clang_getLocationForOffset(c->tu, f, (unsigned)size));
    clang_tokenize(c->tu, all, &ft->toks, &ft->n);
    ft->start = xcalloc(ft->n + 1, sizeof *ft->start);
    ft->end = xcalloc(ft->n + 1, sizeof *ft->end);
    for (unsigned i = 0; i < ft->n; i++) {
        CXSourceRange e = clang_getTokenExtent(c->tu, ft->toks[i]);
        clang_getSpellingLocation(clang_getRangeStart(e), NULL, NULL, NULL, &ft->start[i]);
        clang_getSpellingLocation(clang_getRangeEnd(e), NULL, NULL, NULL, &ft->end[i]);
    }
    return ft;
}

void cx_release(Cx *c)
{
    for (int i = 0; i < c->nfile_tokens; i++) {
        struct FileTokens *ft = &c->file_tokens[i];
        if (ft->toks) clang_disposeTokens(c->tu, ft->toks, ft->n);
        free(ft->start);
        free(ft->end);
    }
    free(c->file_tokens);
    c->file_tokens = NULL;
    c->nfile_tokens = 0;
    for (int i = 0; i < c->ncontents; i++) free(c->contents[i].owned);
    c->ncontents = 0;
    for (int i = 0; i < c->nretired; i++) free(c->retired[i]);
    free(c->retired);
    c->retired = NULL;
    c->nretired = 0;
}

/* A location in a file's text, not in a macro's expansion: its expansion
 * and spelling places are the same. */
static bool is_file_location(CXSourceLocation loc)
{
    CXFile fe, fs;
    unsigned oe, os;
    clang_getExpansionLocation(loc, &fe, NULL, NULL, &oe);
    clang_getSpellingLocation(loc, &fs, NULL, NULL, &os);
    return fe && fs && oe == os && clang_File_isEqual(fe, fs);
}

/* The tokens of r, read in one file at the locations `locate` gives. */
static void tokens_at(Cx *c, CXSourceRange r, void (*locate)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *),
                      CXToken **toks, unsigned *n)
{
    CXFile f, f2;
    unsigned off, off2;
    locate(clang_getRangeStart(r), &f, NULL, NULL, &off);
    locate(clang_getRangeEnd(r), &f2, NULL, NULL, &off2);
    *toks = NULL;
    *n = 0;
    if (!f || !f2 || !clang_File_isEqual(f, f2) || off2 < off) return;
    /* A range written in a file (no macro) is tokenized as it is: making a
     * location from an offset searches the whole source table for a header
     * that a precompiled preamble holds (seconds per kernel of a kept
     * document's header: arrayfire's mean.cu took 38 s to open). */
    if (is_file_location(clang_getRangeStart(r)) && is_file_location(clang_getRangeEnd(r))) {
        clang_tokenize(c->tu, r, toks, n);
        return;
    }
    /* In a macro: the tokens between the offsets, lexed as clang_tokenize
     * does (from the first at `off` to the first that ends at or after
     * `off2`), located through the file's tokens read once */
    const struct FileTokens *ft = file_tokens(c, f);
    if (!ft || ft->n == 0) return;
    unsigned lo = 0, hi = ft->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (ft->start[mid] < off) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= ft->n) return;
    unsigned last = lo;
    while (last + 1 < ft->n && ft->end[last] < off2) last++;
    CXSourceRange er = clang_getRange(clang_getTokenLocation(c->tu, ft->toks[lo]),
                                      clang_getRangeEnd(clang_getTokenExtent(c->tu, ft->toks[last])));
    clang_tokenize(c->tu, er, toks, n);
}

void tokens_of(Cx *c, CXSourceRange r, CXToken **toks, unsigned *n)
{
    tokens_at(c, r, clang_getExpansionLocation, toks, n);
}

void spelled_tokens_of(Cx *c, CXSourceRange r, CXToken **toks, unsigned *n)
{
    tokens_at(c, r, clang_getSpellingLocation, toks, n);
}

unsigned expansion_offset(CXSourceLocation loc)
{
    unsigned off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
    return off;
}


void tokens_until(Cx *c, CXCursor cur, CXCursor until, CXToken **toks, unsigned *n)
{
    CXSourceRange ext = clang_getCursorExtent(cur);
    if (!clang_Cursor_isNull(until))
        ext = clang_getRange(clang_getRangeStart(ext), clang_getRangeStart(clang_getCursorExtent(until)));
    tokens_of(c, ext, toks, n);
}

/* The index-th token of the file text from `at` (len bytes): identifiers
 * and numbers whole, any other character alone; comments skipped. */
static bool nth_word(const char *at, size_t len, int index, char *out, size_t n)
{
    size_t i = 0;
    for (int k = 0; i < len; k++) {
        for (;;) { /* blanks and comments */
            while (i < len && isspace((unsigned char)at[i])) i++;
            if (i + 1 < len && at[i] == '/' && at[i + 1] == '/') {
                while (i < len && at[i] != '\n') i++;
            } else if (i + 1 < len && at[i] == '/' && at[i + 1] == '*') {
                i += 2;
                while (i + 1 < len && !(at[i] == '*' && at[i + 1] == '/')) i++;
                i += 2;
            } else {
                break;
            }
        }
        if (i >= len) return false;
        size_t s = i;
        if (isalnum((unsigned char)at[i]) || at[i] == '_')
            while (i < len && (isalnum((unsigned char)at[i]) || at[i] == '_')) i++;
        else
            i++;
        if (k == index) {
            snprintf(out, n, "%.*s", (int)(i - s), at + s);
            return true;
        }
    }
    return false;
}

/* Reads the file's text where the tokens are (the expansion locations, as
 * tokens_until): lexing it with libclang costs about 36,000 instructions a
 * call, and `if` statements ask for every inlined call. */
bool nth_token_is(Cx *c, CXCursor cur, CXCursor until, int index, const char *want)
{
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXSourceLocation from = clang_getRangeStart(ext);
    CXSourceLocation to = clang_Cursor_isNull(until) ? clang_getRangeEnd(ext) : clang_getRangeStart(clang_getCursorExtent(until));
    CXFile f = NULL, f2 = NULL;
    unsigned off = 0, off2 = 0;
    clang_getExpansionLocation(from, &f, NULL, NULL, &off);
    clang_getExpansionLocation(to, &f2, NULL, NULL, &off2);
    if (!f || !f2 || !clang_File_isEqual(f, f2) || off2 < off) return false;
    size_t size = 0;
    const char *text = contents_of(c, f, &size);
    if (!text || off2 > size) return false;
    char word[64];
    return nth_word(text + off, off2 - off, index, word, sizeof word) && strcmp(word, want) == 0;
}

#if CINDEX_VERSION_MINOR < 64
static Op op_from_spelling(const char *s, bool binary)
{
    static const struct { const char *s; Op op; } bin[] = {
        {"+", OP_ADD}, {"-", OP_SUB}, {"*", OP_MUL}, {"/", OP_DIV}, {"%", OP_REM}, {"<<", OP_SHL},
        {">>", OP_SHR}, {"&", OP_AND}, {"|", OP_OR}, {"^", OP_XOR}, {"&&", OP_LAND}, {"||", OP_LOR},
        {"<", OP_LT}, {">", OP_GT}, {"<=", OP_LE}, {">=", OP_GE}, {"==", OP_EQ}, {"!=", OP_NE},
        {",", OP_COMMA}, {"=", OP_ASSIGN}, {"+=", OP_ADD_ASSIGN}, {"-=", OP_SUB_ASSIGN},
        {"*=", OP_MUL_ASSIGN}, {"/=", OP_DIV_ASSIGN}, {"%=", OP_REM_ASSIGN}, {"<<=", OP_SHL_ASSIGN},
        {">>=", OP_SHR_ASSIGN}, {"&=", OP_AND_ASSIGN}, {"|=", OP_OR_ASSIGN}, {"^=", OP_XOR_ASSIGN},
    };
    static const struct { const char *s; Op op; } un[] = {
        {"+", OP_PLUS}, {"-", OP_MINUS}, {"~", OP_NOT}, {"!", OP_LNOT}, {"*", OP_DEREF}, {"&", OP_ADDROF},
    };
    if (binary) {
        for (size_t i = 0; i < sizeof bin / sizeof bin[0]; i++)
            if (strcmp(s, bin[i].s) == 0) return bin[i].op;
    } else {
        for (size_t i = 0; i < sizeof un / sizeof un[0]; i++)
            if (strcmp(s, un[i].s) == 0) return un[i].op;
    }
    return OP_UNKNOWN;
}

#endif

#if CINDEX_VERSION_MINOR < 64
/* libclang < 17 has no operator-kind API: the operator is the last
 * punctuation token before the right operand (see libclang-notes 2.2). */
static Op binop_from_tokens(Cx *c, CXCursor cur, CXCursor rhs)
{
    CXSourceRange ext = clang_getCursorExtent(cur);
    unsigned rhs_off = expansion_offset(clang_getRangeStart(clang_getCursorExtent(rhs)));
    CXToken *toks;
    unsigned n;
    tokens_of(c, ext, &toks, &n);
    Op op = OP_UNKNOWN;
    for (unsigned i = 0; i < n; i++) {
        unsigned off = expansion_offset(clang_getTokenLocation(c->tu, toks[i]));
        if (off >= rhs_off) break;
        if (clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
            CXString s = clang_getTokenSpelling(c->tu, toks[i]);
            Op o = op_from_spelling(clang_getCString(s), true);
            clang_disposeString(s);
            if (o != OP_UNKNOWN) op = o;
        }
    }
    if (toks) clang_disposeTokens(c->tu, toks, n);
    return op;
}
#endif

Op binary_op(Cx *c, CXCursor cur, CXCursor rhs)
{
#if CINDEX_VERSION_MINOR >= 64
    (void)c;
    (void)rhs;
    enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(cur);
    switch (k) {
    case CXBinaryOperator_Mul: return OP_MUL;
    case CXBinaryOperator_Div: return OP_DIV;
    case CXBinaryOperator_Rem: return OP_REM;
    case CXBinaryOperator_Add: return OP_ADD;
    case CXBinaryOperator_Sub: return OP_SUB;
    case CXBinaryOperator_Shl: return OP_SHL;
    case CXBinaryOperator_Shr: return OP_SHR;
    case CXBinaryOperator_LT: return OP_LT;
    case CXBinaryOperator_GT: return OP_GT;
    case CXBinaryOperator_LE: return OP_LE;
    case CXBinaryOperator_GE: return OP_GE;
    case CXBinaryOperator_EQ: return OP_EQ;
    case CXBinaryOperator_NE: return OP_NE;
    case CXBinaryOperator_And: return OP_AND;
    case CXBinaryOperator_Xor: return OP_XOR;
    case CXBinaryOperator_Or: return OP_OR;
    case CXBinaryOperator_LAnd: return OP_LAND;
    case CXBinaryOperator_LOr: return OP_LOR;
    case CXBinaryOperator_Assign: return OP_ASSIGN;
    case CXBinaryOperator_MulAssign: return OP_MUL_ASSIGN;
    case CXBinaryOperator_DivAssign: return OP_DIV_ASSIGN;
    case CXBinaryOperator_RemAssign: return OP_REM_ASSIGN;
    case CXBinaryOperator_AddAssign: return OP_ADD_ASSIGN;
    case CXBinaryOperator_SubAssign: return OP_SUB_ASSIGN;
    case CXBinaryOperator_ShlAssign: return OP_SHL_ASSIGN;
    case CXBinaryOperator_ShrAssign: return OP_SHR_ASSIGN;
    case CXBinaryOperator_AndAssign: return OP_AND_ASSIGN;
    case CXBinaryOperator_XorAssign: return OP_XOR_ASSIGN;
    case CXBinaryOperator_OrAssign: return OP_OR_ASSIGN;
    case CXBinaryOperator_Comma: return OP_COMMA;
    default: return OP_UNKNOWN;
    }
#else
    return binop_from_tokens(c, cur, rhs);
#endif
}

Op unary_op(Cx *c, CXCursor cur)
{
#if CINDEX_VERSION_MINOR >= 64
    (void)c;
    switch (clang_getCursorUnaryOperatorKind(cur)) {
    case CXUnaryOperator_PostInc: return OP_POSTINC;
    case CXUnaryOperator_PostDec: return OP_POSTDEC;
    case CXUnaryOperator_PreInc: return OP_PREINC;
    case CXUnaryOperator_PreDec: return OP_PREDEC;
    case CXUnaryOperator_AddrOf: return OP_ADDROF;
    case CXUnaryOperator_Deref: return OP_DEREF;
    case CXUnaryOperator_Plus: return OP_PLUS;
    case CXUnaryOperator_Minus: return OP_MINUS;
    case CXUnaryOperator_Not: return OP_NOT;
    case CXUnaryOperator_LNot: return OP_LNOT;
    default: return OP_UNKNOWN;
    }
#else
    /* Prefix: first token; postfix: last token. */
    CXToken *toks;
    unsigned n;
    tokens_of(c, clang_getCursorExtent(cur), &toks, &n);
    Op op = OP_UNKNOWN;
    if (n > 0) {
        CXString first = clang_getTokenSpelling(c->tu, toks[0]);
        CXString last = clang_getTokenSpelling(c->tu, toks[n - 1]);
        const char *f = clang_getCString(first), *l = clang_getCString(last);
        if (strcmp(f, "++") == 0) op = OP_PREINC;
        else if (strcmp(f, "--") == 0) op = OP_PREDEC;
        else if (strcmp(l, "++") == 0) op = OP_POSTINC;
        else if (strcmp(l, "--") == 0) op = OP_POSTDEC;
        else op = op_from_spelling(f, false);
        clang_disposeString(first);
        clang_disposeString(last);
    }
    if (toks) clang_disposeTokens(c->tu, toks, n);
    return op;
#endif
}

bool is_assign_op(Op op)
{
    return op >= OP_ASSIGN && op <= OP_XOR_ASSIGN;
}
