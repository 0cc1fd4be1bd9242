/* host_slice.c - an editor's reparse without the host statements that
 * feed no launch (see host_slice.h). */
#include "frontend/host_slice.h"

#include "frontend/cx.h"
#include "frontend/interp.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

#define NO_DECL (-1)

typedef struct {
    unsigned long decl;       /* where the variable is declared (an offset of the main file), or -1 */
    bool tracked;             /* a value the host model follows: not an object of a class */
} Ref;

/* What one statement (or a whole function body) does. */
typedef struct {
    TextSpan span;
    bool anchor;              /* launches, holds a lambda, names a kernel or calls a launching function */
    bool keep;                /* a return, a declaration of no variable, text a blank would change */
    bool declares;            /* declares variables */
    bool returns;             /* a return statement */
    bool jumps;               /* a goto or a label */
    unsigned long *callees;   /* functions of the file it calls, by key */
    int ncallees;
    Ref *refs;
    int nrefs;
} Facts;

typedef struct {
    unsigned long key;        /* where its name is: what calls find through its definition */
    TextSpan span;
    bool candidate;           /* a plain host function whose statements may be left out */
    bool launches;
    Facts whole;              /* of its body (a candidate's: the sum of its statements') */
    Facts *stmts;             /* a candidate's top-level statements */
    int nstmts;
} Function;

typedef struct {
    CXTranslationUnit tu;
    CXFile main;
    const char *text;
    unsigned long size;
    Function *fns;
    int nfns;
} Walk;

static bool offset_in_main(const Walk *w, CXSourceLocation loc, unsigned long *offset)
{
    CXFile f;
    unsigned off;
    clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
    if (!f || !clang_File_isEqual(f, w->main) || off > w->size) return false;
    *offset = off;
    return true;
}

static bool span_in_main(const Walk *w, CXCursor c, TextSpan *s)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return offset_in_main(w, clang_getRangeStart(r), &s->begin) && offset_in_main(w, clang_getRangeEnd(r), &s->end) &&
           s->begin < s->end;
}

static bool is_function_kind(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
           k == CXCursor_Destructor || k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

/* The key of the function a reference names, when the main file defines it. */
static bool function_key(const Walk *w, CXCursor fn, unsigned long *key)
{
    CXCursor pattern = clang_getSpecializedCursorTemplate(fn);
    if (!clang_Cursor_isNull(pattern)) fn = pattern;
    CXCursor def = clang_getCursorDefinition(fn);
    return !clang_Cursor_isNull(def) && offset_in_main(w, clang_getCursorLocation(def), key);
}

/* A call that starts a kernel (the configuration call of a <<<>>>, a
 * launch API) or writes a __constant__ variable. */
static bool launch_call(CXCursor call)
{
    if (host_is_launch_configuration(call)) return true;
    static const char *const prefixes[] = {"cudaLaunch", "hipLaunch", "hipModuleLaunch", "hipExtLaunch", "cuLaunch",
                                           "clEnqueue",
                                           /* the host model reads what these write (SymbolWrite) */
                                           "cudaMemcpyToSymbol", "hipMemcpyToSymbol"};
    CXString sp = clang_getCursorSpelling(call);
    const char *n = clang_getCString(sp);
    bool r = false;
    for (size_t i = 0; n && !r && i < sizeof prefixes / sizeof *prefixes; i++)
        r = strncmp(n, prefixes[i], strlen(prefixes[i])) == 0;
    clang_disposeString(sp);
    return r;
}

/* A value the host model follows (a number, a pointer, a dim3, a plain
 * struct), not an object of a class it does not look into. */
static bool tracked_type(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_Record || clang_isPODType(t)) return true;
    CXString sp = clang_getTypeSpelling(t);
    const char *n = clang_getCString(sp);
    bool dim3 = n && strstr(n, "dim3");
    clang_disposeString(sp);
    return dim3;
}

typedef struct {
    const Walk *w;
    Facts *f;
} Visit;

static enum CXChildVisitResult visit_facts(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Visit *v = data;
    Facts *f = v->f;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr) f->anchor = true;
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LabelStmt) f->jumps = true;
    if (k == CXCursor_CallExpr && launch_call(c)) f->anchor = true;
    if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        unsigned long key;
        if (is_function_kind(rk)) {
            if (has_attr(ref, CXCursor_CUDAGlobalAttr)) f->anchor = true;
            else if (function_key(v->w, ref, &key)) *VEC_PUSH(f->callees, f->ncallees) = key;
        } else if (k == CXCursor_DeclRefExpr &&
                   (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl || rk == CXCursor_UnexposedDecl)) {
            Ref *r = VEC_PUSH(f->refs, f->nrefs);
            if (!offset_in_main(v->w, clang_getCursorLocation(ref), &r->decl)) r->decl = (unsigned long)-1;
            r->tracked = tracked_type(clang_getCursorType(ref));
        }
    }
    return CXChildVisit_Recurse;
}

static void facts_of(const Walk *w, CXCursor c, Facts *f)
{
    Visit v = {w, f};
    visit_facts(c, clang_getNullCursor(), &v);
    clang_visitChildren(c, visit_facts, &v);
}

static void facts_free(Facts *f)
{
    free(f->callees);
    free(f->refs);
}

static void facts_add(Facts *to, const Facts *f)
{
    to->anchor |= f->anchor;
    to->jumps |= f->jumps;
    for (int i = 0; i < f->ncallees; i++) *VEC_PUSH(to->callees, to->ncallees) = f->callees[i];
}

/* Text a blank would change beyond the statement: a preprocessor line or
 * a line continuation inside it. */
static bool unblankable(const Walk *w, TextSpan s)
{
    for (unsigned long i = s.begin; i < s.end; i++) {
        if (w->text[i] == '\\' && i + 1 < s.end && (w->text[i + 1] == '\n' || w->text[i + 1] == '\r')) return true;
        if (w->text[i] != '\n') continue;
        unsigned long j = i + 1;
        while (j < s.end && (w->text[j] == ' ' || w->text[j] == '\t')) j++;
        if (j < s.end && w->text[j] == '#') return true;
    }
    return false;
}

/* The statement of `f` whose span holds `offset` and that declares
 * variables, or NO_DECL. */
static int declaring_stmt(const Function *f, unsigned long offset)
{
    for (int i = 0; i < f->nstmts; i++)
        if (f->stmts[i].declares && f->stmts[i].span.begin <= offset && offset < f->stmts[i].span.end) return i;
    return NO_DECL;
}

static bool inside(TextSpan s, unsigned long offset)
{
    return s.begin <= offset && offset < s.end;
}

/* A candidate's statements: their spans (with the `;` that ends an
 * expression statement) and facts. */
static void read_statements(const Walk *w, Function *f, CXCursor body)
{
    Children ch = children_of(body);
    for (int i = 0; i < ch.n; i++) {
        Facts *s = VEC_PUSH(f->stmts, f->nstmts);
        memset(s, 0, sizeof *s);
        enum CXCursorKind k = clang_getCursorKind(ch.items[i]);
        bool spanned = span_in_main(w, ch.items[i], &s->span);
        if (!spanned) s->span = (TextSpan){0, 0};
        if (spanned && k != CXCursor_DeclStmt) {
            unsigned long e = s->span.end;
            while (e < w->size && (w->text[e] == ' ' || w->text[e] == '\t' || w->text[e] == '\n' || w->text[e] == '\r'))
                e++;
            if (e < w->size && w->text[e] == ';') s->span.end = e + 1;
        }
        if (!spanned || unblankable(w, s->span) || (i > 0 && s->span.begin < f->stmts[i - 1].span.end)) {
            s->keep = true; /* a macro's statements share a span: neither is left out */
            if (i > 0) f->stmts[i - 1].keep = true;
        }
        if (k == CXCursor_ReturnStmt) s->keep = s->returns = true;
        if (k == CXCursor_DeclStmt) {
            Children d = children_of(ch.items[i]);
            for (int j = 0; j < d.n; j++) {
                enum CXCursorKind dk = clang_getCursorKind(d.items[j]);
                if (dk == CXCursor_VarDecl || dk == CXCursor_UnexposedDecl) s->declares = true;
                else s->keep = true; /* a type, a using-directive: cheap, and later statements may name it */
            }
            children_free(&d);
        }
        facts_of(w, ch.items[i], s);
        facts_add(&f->whole, s);
    }
    children_free(&ch);
}

static enum CXChildVisitResult collect_functions(CXCursor c, CXCursor parent, CXClientData data)
{
    Walk *w = data;
    Function f;
    memset(&f, 0, sizeof f);
    /* a first parse also lists the preamble's declarations: not walked */
    if (!offset_in_main(w, clang_getCursorLocation(c), &f.key)) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    enum CXCursorKind pk = clang_getCursorKind(parent);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
        k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate ||
        k == CXCursor_ClassTemplatePartialSpecialization)
        return CXChildVisit_Recurse;
    if (!is_function_kind(k) || !clang_isCursorDefinition(c) || !span_in_main(w, c, &f.span))
        return CXChildVisit_Continue;
    CXCursor body = body_of(c);
    if (clang_Cursor_isNull(body)) return CXChildVisit_Continue;
    f.candidate = k != CXCursor_FunctionTemplate && pk != CXCursor_ClassTemplate &&
                  pk != CXCursor_ClassTemplatePartialSpecialization &&
                  clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)) &&
                  !has_attr(c, CXCursor_CUDAGlobalAttr) && !has_attr(c, CXCursor_CUDADeviceAttr);
    if (f.candidate) read_statements(w, &f, body);
    else facts_of(w, body, &f.whole);
    f.candidate = f.candidate && !f.whole.jumps;
    *VEC_PUSH(w->fns, w->nfns) = f;
    return CXChildVisit_Continue;
}

static bool calls_launching(const Walk *w, const Facts *f)
{
    for (int i = 0; i < f->ncallees; i++)
        for (int j = 0; j < w->nfns; j++)
            if (w->fns[j].launches && w->fns[j].key == f->callees[i]) return true;
    return false;
}

/* Which of a candidate's statements stay: the launching ones, those that
 * must (returns, declarations of types), the declarations of what a kept
 * one reads, and before the last launch or return every one that touches
 * a tracked variable a kept one reads (it may write it: `init(&n)`).
 * After those nothing else can reach one. */
static void choose(const Walk *w, Function *f, bool *keep)
{
    int last = -1;
    for (int i = 0; i < f->nstmts; i++) {
        Facts *s = &f->stmts[i];
        s->anchor = s->anchor || calls_launching(w, s);
        keep[i] = s->anchor || s->keep;
        if (s->anchor || s->returns) last = i; /* a helper's result may size a launch */
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < f->nstmts; i++) {
            const Facts *s = &f->stmts[i];
            for (int r = 0; keep[i] && r < s->nrefs; r++) {
                int d = declaring_stmt(f, s->refs[r].decl);
                if (d != NO_DECL && !keep[d]) keep[d] = changed = true;
            }
            for (int r = 0; !keep[i] && i < last && r < s->nrefs; r++) {
                const Ref *ref = &s->refs[r];
                if (!ref->tracked || inside(s->span, ref->decl)) continue;
                int d = declaring_stmt(f, ref->decl);
                /* a parameter, a global or a kept local */
                if (d == NO_DECL ? true : keep[d]) keep[i] = changed = true;
            }
        }
    }
}

static void add_span(TextSpan **v, int *n, TextSpan s)
{
    *VEC_PUSH(*v, *n) = s;
}

bool host_slice_find(CXTranslationUnit tu, const char *path, const char *text, unsigned long size, HostSlice *out)
{
    memset(out, 0, sizeof *out);
    Walk w = {tu, clang_getFile(tu, path), text, size, NULL, 0};
    if (!w.main || !text) return false;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_functions, &w);
    for (int i = 0; i < w.nfns; i++) w.fns[i].launches = w.fns[i].whole.anchor;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < w.nfns; i++)
            if (!w.fns[i].launches && calls_launching(&w, &w.fns[i].whole)) w.fns[i].launches = changed = true;
    }
    /* a function with an error is left whole: clang's recovery may have
     * dropped the references that would keep a declaration */
    for (unsigned d = 0, nd = clang_getNumDiagnostics(tu); d < nd; d++) {
        CXDiagnostic diag = clang_getDiagnostic(tu, d);
        unsigned long at;
        if (clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error &&
            offset_in_main(&w, clang_getDiagnosticLocation(diag), &at))
            for (int i = 0; i < w.nfns; i++)
                if (inside(w.fns[i].span, at)) w.fns[i].candidate = false;
        clang_disposeDiagnostic(diag);
    }
    for (int i = 0; i < w.nfns; i++) {
        Function *f = &w.fns[i];
        if (!f->candidate || !f->nstmts) continue;
        bool *keep = xcalloc((size_t)f->nstmts, sizeof *keep);
        choose(&w, f, keep);
        int before = out->ndropped;
        for (int s = 0; s < f->nstmts; s++)
            if (!keep[s]) add_span(&out->dropped, &out->ndropped, f->stmts[s].span);
        if (out->ndropped > before) add_span(&out->functions, &out->nfunctions, f->span);
        free(keep);
    }
    for (int i = 0; i < w.nfns; i++) {
        facts_free(&w.fns[i].whole);
        for (int s = 0; s < w.fns[i].nstmts; s++) facts_free(&w.fns[i].stmts[s]);
        free(w.fns[i].stmts);
    }
    free(w.fns);
    if (!out->ndropped) {
        host_slice_clear(out);
        return false;
    }
    /* the walk goes in the file's order, but a class's methods defined
     * out of line come after others: sort, and refuse overlaps */
    for (int i = 1; i < out->ndropped; i++)
        for (int j = i; j > 0 && out->dropped[j].begin < out->dropped[j - 1].begin; j--) {
            TextSpan t = out->dropped[j];
            out->dropped[j] = out->dropped[j - 1];
            out->dropped[j - 1] = t;
        }
    for (int i = 1; i < out->ndropped; i++)
        if (out->dropped[i].begin < out->dropped[i - 1].end) {
            host_slice_clear(out);
            return false;
        }
    out->text = xmalloc(size + 1);
    memcpy(out->text, text, size);
    out->text[size] = 0;
    out->size = size;
    return true;
}

/* Whether lines [from, to) of `text` hold a preprocessor line. */
static bool directive_in(const char *text, unsigned long size, unsigned long from, unsigned long to)
{
    while (from > 0 && text[from - 1] != '\n') from--;
    for (unsigned long i = from; i < size && i <= to; i++) {
        if (i != from && text[i - 1] != '\n') continue;
        unsigned long j = i;
        while (j < size && (text[j] == ' ' || text[j] == '\t')) j++;
        if (j < size && text[j] == '#') return true;
    }
    return false;
}

static void shift(TextSpan *t, unsigned long from, long long delta)
{
    if (t->begin >= from) t->begin = (unsigned long)((long long)t->begin + delta);
    if (t->end >= from) t->end = (unsigned long)((long long)t->end + delta);
}

SliceEdit host_slice_follow(HostSlice *s, const char *text, unsigned long size)
{
    if (!s->text) return SLICE_EDIT_DIRECTIVE;
    unsigned long old_size = s->size, p = 0, q = 0;
    unsigned long shorter = old_size < size ? old_size : size;
    while (p < shorter && s->text[p] == text[p]) p++;
    while (q < shorter - p && s->text[old_size - 1 - q] == text[size - 1 - q]) q++;
    if (p == old_size && p == size) return SLICE_EDIT_OUTSIDE;
    unsigned long old_end = old_size - q, new_end = size - q;
    if (directive_in(s->text, old_size, p, old_end) || directive_in(text, size, p, new_end)) return SLICE_EDIT_DIRECTIVE;
    SliceEdit edit = SLICE_EDIT_OUTSIDE;
    long long delta = (long long)size - (long long)old_size;
    for (int i = 0; i < s->nfunctions; i++) {
        TextSpan *f = &s->functions[i];
        if (p <= f->end && old_end >= f->begin) { /* touched: its statements are not known now */
            edit = SLICE_EDIT_IN_FUNCTION;
            int kept = 0;
            for (int j = 0; j < s->ndropped; j++)
                if (!(s->dropped[j].begin >= f->begin && s->dropped[j].end <= f->end)) s->dropped[kept++] = s->dropped[j];
            s->ndropped = kept;
            if (f->end < old_end) f->end = old_end; /* an edit across its end: it ends at the edit's */
        }
        shift(f, old_end, delta);
        if (f->begin > p && f->begin < old_end) f->begin = p;
    }
    for (int i = 0; i < s->ndropped; i++) shift(&s->dropped[i], old_end, delta);
    free(s->text);
    s->text = xmalloc(size + 1);
    memcpy(s->text, text, size);
    s->text[size] = 0;
    s->size = size;
    return edit;
}

char *host_slice_text(const HostSlice *s)
{
    char *t = xmalloc(s->size + 1);
    memcpy(t, s->text, s->size);
    t[s->size] = 0;
    for (int i = 0; i < s->ndropped; i++)
        for (unsigned long j = s->dropped[i].begin; j < s->dropped[i].end && j < s->size; j++)
            if (t[j] != '\n' && t[j] != '\r') t[j] = ' ';
    return t;
}

void host_slice_clear(HostSlice *s)
{
    free(s->dropped);
    free(s->functions);
    free(s->text);
    memset(s, 0, sizeof *s);
}
