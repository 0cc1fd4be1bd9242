/* model_build.c - walks a libclang AST and fills the kernel model.
 *
 * Per kernel it runs a small abstract interpreter over the body: an
 * environment maps local variables to symbolic values (Affine integers or
 * pointers = base + byte offset); loops get an iteration-counter symbol and
 * their induction variables become init + step*counter; helper functions
 * with bodies are inlined (bounded depth); every memory access, loop, branch
 * and float->double promotion met on the way is recorded with its value.
 * Host functions of the main file are scanned for kernel launches, whose
 * block shapes and constant arguments are evaluated. */
#include "frontend/model_build.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- utilities */

typedef struct {
    CXCursor *items;
    int n;
} Children;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Children *ch = data;
    *VEC_PUSH(ch->items, ch->n) = c;
    return CXChildVisit_Continue;
}

static Children children_of(CXCursor c)
{
    Children ch = {NULL, 0};
    clang_visitChildren(c, collect_child, &ch);
    return ch;
}

static void children_free(Children *ch)
{
    free(ch->items);
    ch->items = NULL;
    ch->n = 0;
}

static bool is_expr_kind(enum CXCursorKind k)
{
    return clang_isExpression(k) != 0;
}

/* Skips implicit wrappers (implicit casts, parentheses, cleanups). */
static CXCursor strip(CXCursor c)
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

static char *cxstr(Arena *a, CXString s)
{
    const char *p = clang_getCString(s);
    char *r = arena_strdup(a, p ? p : "");
    clang_disposeString(s);
    return r;
}

static long long type_size(CXType t)
{
    long long s = clang_Type_getSizeOf(t);
    return s;
}

static CXType canon(CXType t)
{
    return clang_getCanonicalType(t);
}

static bool is_pointer_type(CXType t)
{
    t = canon(t);
    return t.kind == CXType_Pointer;
}

static bool is_array_type(CXType t)
{
    t = canon(t);
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

static bool is_integer_type(CXType t)
{
    t = canon(t);
    return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

static bool is_float_kind(CXType t)
{
    t = canon(t);
    return t.kind == CXType_Float || t.kind == CXType_Half || t.kind == CXType_Float16;
}

static bool is_double_kind(CXType t)
{
    return canon(t).kind == CXType_Double;
}

/* ---------------------------------------------------------------- context */

typedef struct {
    Affine a;            /* integer value, or pointer byte offset */
    bool is_ptr;
    AddrSpace space;
    int base_param;
    const char *base_name;
    int array;
} Value;

typedef struct {
    CXCursor decl;
    Value v;
} Binding;

typedef struct {
    Binding *b;
    int n;
} Env;

typedef struct {
    Model *m;
    Kernel *k;
    CXTranslationUnit tu;
    const char *shim_dir;
    Env env;
    int loop;            /* innermost loop index, -1 */
    int loop_depth;
    int call_depth;
    SrcRange call_site;
    CXCursor call_stack[8];
    int ncalls;
    /* inlined-helper return value */
    bool collecting_return;
    bool have_return;
    Value ret;
    bool pending_unroll; /* a #pragma unroll precedes the next loop */
    /* file cache for ranges/text */
    CXFile last_file;
    const char *last_name;
    const char *contents;
    size_t contents_size;
    CXFile contents_file;
} Ctx;

static const char *file_name(Ctx *c, CXFile f)
{
    if (!f) return NULL;
    if (c->last_file && clang_File_isEqual(f, c->last_file)) return c->last_name;
    c->last_file = f;
    c->last_name = cxstr(&c->m->arena, clang_getFileName(f));
    return c->last_name;
}

static SrcRange range_of(Ctx *c, CXCursor cur)
{
    SrcRange r = {0};
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXFile f, f2;
    unsigned line, col, off, line2, col2, off2;
    clang_getExpansionLocation(clang_getRangeStart(ext), &f, &line, &col, &off);
    clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, &line2, &col2, &off2);
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
    return r;
}

static SrcRange spelling_range_of(Ctx *c, CXCursor cur)
{
    SrcRange r = {0};
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXFile f, f2;
    unsigned line, col, off, line2, col2, off2;
    clang_getSpellingLocation(clang_getRangeStart(ext), &f, &line, &col, &off);
    clang_getSpellingLocation(clang_getRangeEnd(ext), &f2, &line2, &col2, &off2);
    r.file = file_name(c, f);
    r.line = line;
    r.col = col;
    r.end_line = line2;
    r.end_col = col2;
    if (!(f2 && f && clang_File_isEqual(f, f2) && (line2 > line || (line2 == line && col2 > col)))) {
        r.end_line = line;
        r.end_col = col + 1;
    }
    return r;
}

static const char *contents_of(Ctx *c, CXFile f, size_t *size)
{
    if (!c->contents_file || !clang_File_isEqual(f, c->contents_file)) {
        c->contents = clang_getFileContents(c->tu, f, &c->contents_size);
        c->contents_file = f;
    }
    *size = c->contents_size;
    return c->contents;
}

/* Source text of a cursor at its expansion site (what the user wrote). */
static const char *text_of(Ctx *c, CXCursor cur)
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
    char *out = arena_alloc(&c->m->arena, n + 1);
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

static bool in_main_file(CXCursor cur)
{
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(cur), &f, NULL, NULL, NULL);
    if (!f) return false;
    return clang_Location_isFromMainFile(clang_getCursorLocation(cur)) != 0;
}

static bool is_library_code(Ctx *c, CXCursor cur)
{
    CXSourceLocation loc = clang_getCursorLocation(cur);
    if (clang_Location_isInSystemHeader(loc)) return true;
    CXFile f;
    clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
    if (!f) return true;
    if (c->shim_dir) {
        const char *name = file_name(c, f);
        size_t n = strlen(c->shim_dir);
        if (name && strncmp(name, c->shim_dir, n) == 0) return true;
    }
    return false;
}

/* Has a child attribute of the given kind (__global__, __shared__ ...). */
static bool has_attr(CXCursor cur, enum CXCursorKind attr)
{
    Children ch = children_of(cur);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++)
        if (clang_getCursorKind(ch.items[i]) == attr) found = true;
    children_free(&ch);
    return found;
}

static CXCursor body_of(CXCursor fn)
{
    Children ch = children_of(fn);
    CXCursor body = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.items[i]) == CXCursor_CompoundStmt) body = ch.items[i];
    children_free(&ch);
    return body;
}

/* ---------------------------------------------------------------- operators */

typedef enum {
    OP_UNKNOWN, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_SHL, OP_SHR, OP_AND, OP_OR, OP_XOR,
    OP_LAND, OP_LOR, OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE, OP_COMMA,
    OP_ASSIGN, OP_ADD_ASSIGN, OP_SUB_ASSIGN, OP_MUL_ASSIGN, OP_DIV_ASSIGN, OP_REM_ASSIGN,
    OP_SHL_ASSIGN, OP_SHR_ASSIGN, OP_AND_ASSIGN, OP_OR_ASSIGN, OP_XOR_ASSIGN,
    /* unary */
    OP_PLUS, OP_MINUS, OP_NOT, OP_LNOT, OP_PREINC, OP_PREDEC, OP_POSTINC, OP_POSTDEC, OP_DEREF, OP_ADDROF
} Op;

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

/* Tokens of a cursor's extent mapped to expansion locations. */
static void tokens_of(Ctx *c, CXSourceRange r, CXToken **toks, unsigned *n)
{
    CXFile f, f2;
    unsigned off, off2;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &off2);
    *toks = NULL;
    *n = 0;
    if (!f || !f2 || !clang_File_isEqual(f, f2) || off2 < off) return;
    CXSourceRange er = clang_getRange(clang_getLocationForOffset(c->tu, f, off),
                                      clang_getLocationForOffset(c->tu, f, off2));
    clang_tokenize(c->tu, er, toks, n);
}

static unsigned expansion_offset(CXSourceLocation loc)
{
    unsigned off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

#if CINDEX_VERSION_MINOR < 64
/* libclang < 17 has no operator-kind API: the operator is the last
 * punctuation token before the right operand (see libclang-notes 2.2). */
static Op binop_from_tokens(Ctx *c, CXCursor cur, CXCursor rhs)
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

static Op binary_op(Ctx *c, CXCursor cur, CXCursor rhs)
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

static Op unary_op(Ctx *c, CXCursor cur)
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

static bool is_assign_op(Op op)
{
    return op >= OP_ASSIGN && op <= OP_XOR_ASSIGN;
}

/* ---------------------------------------------------------------- symbols & env */

static int new_symbol(Ctx *c, SymbolKind kind, const char *name)
{
    Kernel *k = c->k;
    /* Uniform symbols are interned by name so p.n read twice is one symbol. */
    if (kind != SYMK_LOOP)
        for (int i = SYM_FIRST_USER; i < k->nsyms; i++)
            if (k->syms[i].kind == kind && strcmp(k->syms[i].name, name) == 0) return i;
    Symbol *s = VEC_PUSH(k->syms, k->nsyms);
    s->kind = kind;
    s->name = arena_strdup(&c->m->arena, name);
    s->param = -1;
    s->loop = -1;
    return k->nsyms - 1;
}

static Value val_int(Affine a)
{
    Value v;
    memset(&v, 0, sizeof v);
    v.a = a;
    v.base_param = -1;
    v.array = -1;
    v.space = SPACE_UNKNOWN;
    return v;
}

static Value val_opaque(unsigned deps)
{
    return val_int(aff_opaque(deps));
}

static Value *env_find(Ctx *c, CXCursor decl)
{
    for (int i = c->env.n - 1; i >= 0; i--)
        if (clang_equalCursors(c->env.b[i].decl, decl)) return &c->env.b[i].v;
    return NULL;
}

static void env_set(Ctx *c, CXCursor decl, Value v)
{
    Value *old = env_find(c, decl);
    if (old) {
        *old = v;
        return;
    }
    Binding *b = VEC_PUSH(c->env.b, c->env.n);
    b->decl = decl;
    b->v = v;
}

static Env env_copy(const Env *e)
{
    Env r = {NULL, 0};
    int cap = 4;
    while (cap <= e->n) cap *= 2; /* vec_grow's implied capacity */
    r.b = xmalloc(sizeof *r.b * (size_t)cap);
    if (e->n) memcpy(r.b, e->b, sizeof *r.b * (size_t)e->n);
    r.n = e->n;
    return r;
}

static bool value_equal(const Value *a, const Value *b)
{
    return a->is_ptr == b->is_ptr && a->base_param == b->base_param && a->array == b->array &&
           a->space == b->space && aff_equal(&a->a, &b->a);
}

/* After two alternative paths: a variable that differs becomes opaque,
 * depending on both values and on the condition that chose. */
static void env_merge(Ctx *c, const Env *orig, Env *x, Env *y, unsigned cond_deps)
{
    int n = orig->n;
    for (int i = 0; i < n; i++) {
        Value *vx = &x->b[i].v, *vy = &y->b[i].v;
        Value r = *vx;
        if (!value_equal(vx, vy)) {
            unsigned deps = vx->a.deps | vy->a.deps | cond_deps;
            if (vx->is_ptr && vy->is_ptr && vx->base_param == vy->base_param) {
                r.a = aff_opaque(deps);
            } else {
                r = val_opaque(deps);
            }
        }
        c->env.b[i].v = r;
    }
    c->env.n = n;
}

/* ---------------------------------------------------------------- recording */

static int current_loop_depth(Ctx *c)
{
    return c->loop >= 0 ? c->k->loops[c->loop].depth : 0;
}

static void mark_loops(Ctx *c, bool barrier, bool store, bool atomic)
{
    for (int l = c->loop; l >= 0; l = c->k->loops[l].parent) {
        if (barrier) c->k->loops[l].has_barrier = true;
        if (store) c->k->loops[l].has_store = true;
        if (atomic) c->k->loops[l].has_atomic = true;
    }
}

static bool is_cuda_vector_name(const char *s)
{
    static const char *const names[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                        "longlong", "ulonglong", "float", "double", "half", "bfloat16"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(s, names[i], n) == 0 && s[n] >= '1' && s[n] <= '4' && s[n + 1] == 0) return true;
    }
    return strcmp(s, "__half2") == 0 || strcmp(s, "half2") == 0 || strcmp(s, "__nv_bfloat162") == 0;
}

static const char *type_name_for(Ctx *c, CXType t)
{
    return cxstr(&c->m->arena, clang_getTypeSpelling(t));
}

static void fill_elem(Ctx *c, Access *a, CXType t)
{
    CXType ct = canon(t);
    a->elem_type = type_name_for(c, t);
    a->elem_canonical = type_name_for(c, ct);
    a->elem_bytes = (int)type_size(ct);
    a->elem_align = (int)clang_Type_getAlignOf(ct);
    a->elem_is_record = ct.kind == CXType_Record;
    a->elem_is_integer = is_integer_type(ct);
    if (a->elem_is_record) {
        const char *n = a->elem_canonical;
        const char *sp = strrchr(n, ' ');
        if (strncmp(n, "const ", 6) == 0) n += 6;
        if (sp && strncmp(n, "struct ", 7) == 0) n += 7;
        a->elem_is_vector = is_cuda_vector_name(n);
    }
    if (ct.kind == CXType_ExtVector || ct.kind == CXType_Vector) a->elem_is_vector = true;
}

static Access *record_access(Ctx *c, const Value *base, Affine byte_offset, CXType elem, CXCursor at,
                             int mode_load, int mode_store)
{
    Access *a = VEC_PUSH(c->k->accesses, c->k->naccesses);
    a->space = base->space;
    a->base_param = base->base_param;
    a->base_name = base->base_name ? base->base_name : "?";
    a->array = base->array;
    fill_elem(c, a, elem);
    a->is_load = mode_load;
    a->is_store = mode_store;
    a->byte_offset = byte_offset;
    a->loop = c->loop;
    a->call_depth = c->call_depth;
    a->call_site = c->call_site;
    a->range = range_of(c, at);
    if (mode_store && (a->space == SPACE_GLOBAL || a->space == SPACE_SHARED || a->space == SPACE_UNKNOWN))
        mark_loops(c, false, true, false);
    return a;
}

/* ---------------------------------------------------------------- expressions */

enum { MODE_LOAD = 1, MODE_STORE = 2, MODE_ADDR = 4 };

static Value eval(Ctx *c, CXCursor e, int mode);
static void walk_stmt(Ctx *c, CXCursor s);

static bool eval_const(CXCursor e, long long *out)
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

static int builtin_symbol(Ctx *c, CXCursor member)
{
    Children ch = children_of(member);
    int sym = -1;
    if (ch.n == 1) {
        CXCursor base = strip(ch.items[0]);
        if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
            CXString bs = clang_getCursorSpelling(base);
            const char *b = clang_getCString(bs);
            int group = -1;
            if (strcmp(b, "threadIdx") == 0) group = SYM_TID_X;
            else if (strcmp(b, "blockIdx") == 0) group = SYM_BID_X;
            else if (strcmp(b, "blockDim") == 0) group = SYM_BDIM_X;
            else if (strcmp(b, "gridDim") == 0) group = SYM_GDIM_X;
            clang_disposeString(bs);
            if (group >= 0) {
                /* With real CUDA headers the member has no spelling (an MS
                 * property): the component is the last token. */
                CXString ms = clang_getCursorSpelling(member);
                const char *m = clang_getCString(ms);
                char comp = m && m[0] ? m[0] : 0;
                clang_disposeString(ms);
                if (!comp) {
                    CXToken *toks;
                    unsigned n;
                    tokens_of(c, clang_getCursorExtent(member), &toks, &n);
                    if (n) {
                        CXString ts = clang_getTokenSpelling(c->tu, toks[n - 1]);
                        const char *t = clang_getCString(ts);
                        comp = t ? t[0] : 0;
                        clang_disposeString(ts);
                    }
                    if (toks) clang_disposeTokens(c->tu, toks, n);
                }
                if (comp >= 'x' && comp <= 'z') sym = group + (comp - 'x');
            }
        }
    }
    children_free(&ch);
    return sym;
}

static Value pointer_value(AddrSpace space, int param, const char *name, int array, Affine off)
{
    Value v = val_int(off);
    v.is_ptr = true;
    v.space = space;
    v.base_param = param;
    v.base_name = name;
    v.array = array;
    return v;
}

static Value eval_declref(Ctx *c, CXCursor e)
{
    CXCursor ref = clang_getCursorReferenced(e);
    long long cv;
    if (clang_Cursor_isNull(ref)) {
        /* a substituted template argument in an instantiation */
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        return val_opaque(DEP_UNKNOWN);
    }
    Value *v = env_find(c, ref);
    if (v) return *v;
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk == CXCursor_EnumConstantDecl && eval_const(e, &cv)) return val_int(aff_const(cv));
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(ref));
    if (rk == CXCursor_NonTypeTemplateParameter) {
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        int s = new_symbol(c, SYMK_TEMPLATE, name);
        return val_int(aff_symbol(s, DEP_TEMPLATE));
    }
    if (rk == CXCursor_VarDecl) {
        CXType t = clang_getCursorType(ref);
        if (has_attr(ref, CXCursor_CUDAConstantAttr)) {
            if (is_array_type(t) || is_pointer_type(t))
                return pointer_value(SPACE_CONSTANT, -1, name, -1, aff_const(0));
            int s = new_symbol(c, SYMK_CONSTMEM, name);
            return val_int(aff_symbol(s, DEP_CONSTMEM));
        }
        if (has_attr(ref, CXCursor_CUDASharedAttr)) {
            if (is_array_type(t)) return pointer_value(SPACE_SHARED, -1, name, -1, aff_const(0));
            return val_opaque(DEP_DATA);
        }
        if (strcmp(name, "warpSize") == 0) return val_int(aff_const(32));
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        if (has_attr(ref, CXCursor_CUDADeviceAttr)) {
            if (is_array_type(t)) return pointer_value(SPACE_GLOBAL, -1, name, -1, aff_const(0));
            return val_opaque(DEP_DATA);
        }
        if (is_array_type(t)) return pointer_value(SPACE_UNKNOWN, -1, name, -1, aff_const(0));
    }
    if (eval_const(e, &cv)) return val_int(aff_const(cv));
    return val_opaque(DEP_UNKNOWN);
}

/* Pointee size of a pointer/array typed expression, -1 if unknown. */
static long long pointee_size(CXType t)
{
    CXType ct = canon(t);
    CXType p = ct.kind == CXType_Pointer ? clang_getPointeeType(ct) : clang_getArrayElementType(ct);
    long long s = type_size(canon(p));
    return s > 0 ? s : -1;
}

static Affine scale_offset(const Affine *idx, long long size)
{
    if (size <= 0) return aff_opaque(idx->deps);
    return aff_scale(idx, size);
}

static Value loaded_value(Ctx *c, CXCursor e, const Value *base, const Value *idx)
{
    unsigned deps = DEP_DATA | base->a.deps | (idx ? idx->a.deps : 0);
    CXType t = clang_getCursorType(e);
    if (is_pointer_type(t)) /* a pointer read from memory: assume global */
        return pointer_value(SPACE_GLOBAL, -1, text_of(c, e), -1, aff_opaque(deps));
    return val_opaque(deps);
}

static Value eval_subscript(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    if (ch.n != 2) {
        children_free(&ch);
        return val_opaque(DEP_UNKNOWN);
    }
    CXCursor bcur = ch.items[0], icur = ch.items[1];
    children_free(&ch);
    /* a[i] with a pointer index and integer base (i[a]) is legal C: swap. */
    if (!is_pointer_type(clang_getCursorType(bcur)) && !is_array_type(clang_getCursorType(strip(bcur)))) {
        CXCursor t = bcur;
        bcur = icur;
        icur = t;
    }
    Value base = eval(c, bcur, MODE_LOAD);
    Value idx = eval(c, icur, MODE_LOAD);
    CXType et = clang_getCursorType(e);
    long long es = type_size(canon(et));
    if (!base.is_ptr) {
        base = pointer_value(SPACE_UNKNOWN, -1, text_of(c, bcur), -1, aff_opaque(base.a.deps));
    }
    Affine scaled = scale_offset(&idx.a, es);
    Value addr = base;
    addr.a = aff_add(&base.a, &scaled);
    if (is_array_type(et) || (mode & MODE_ADDR)) return addr;
    record_access(c, &base, addr.a, et, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
    return loaded_value(c, e, &base, &idx);
}

/* p[i].a.b / p->a: the address of the record and the field path. */
static bool member_target(Ctx *c, CXCursor member, Value *addr, CXType *record, char *path, size_t size)
{
    Children ch = children_of(member);
    if (ch.n != 1) {
        children_free(&ch);
        return false;
    }
    CXCursor base = ch.items[0];
    children_free(&ch);
    CXCursor sb = strip(base);
    CXType bt = clang_getCursorType(base);
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(member));
    enum CXCursorKind sk = clang_getCursorKind(sb);
    if (is_pointer_type(bt)) { /* arrow */
        *addr = eval(c, base, MODE_LOAD);
        if (!addr->is_ptr) return false;
        *record = clang_getPointeeType(canon(bt));
        snprintf(path, size, "%s", name);
        return true;
    }
    if (sk == CXCursor_ArraySubscriptExpr || (sk == CXCursor_UnaryOperator && unary_op(c, sb) == OP_DEREF)) {
        *addr = eval(c, sb, MODE_ADDR);
        if (!addr->is_ptr) return false;
        *record = bt;
        snprintf(path, size, "%s", name);
        return true;
    }
    if (sk == CXCursor_MemberRefExpr) {
        char inner[256];
        if (!member_target(c, sb, addr, record, inner, sizeof inner)) return false;
        return snprintf(path, size, "%s.%s", inner, name) >= 0;
    }
    return false;
}

static Value eval_member(Ctx *c, CXCursor e, int mode)
{
    int sym = builtin_symbol(c, e);
    if (sym >= 0) return val_int(aff_symbol(sym, 0));
    Value addr;
    CXType record;
    char path[256];
    if (member_target(c, e, &addr, &record, path, sizeof path)) {
        if (mode & MODE_ADDR) return addr;
        CXType mt = clang_getCursorType(e);
        if (is_array_type(mt)) return addr;
        Access *a = record_access(c, &addr, addr.a, record, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
        a->field = arena_strdup(&c->m->arena, path);
        a->field_bytes = (int)type_size(canon(mt));
        return loaded_value(c, e, &addr, NULL);
    }
    /* s.n on a struct parameter or local: a uniform (or whatever s is) value. */
    Children ch = children_of(e);
    Value bv = ch.n == 1 ? eval(c, ch.items[0], MODE_LOAD) : val_opaque(DEP_UNKNOWN);
    CXCursor base = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
    children_free(&ch);
    const char *text = text_of(c, e);
    CXType mt = clang_getCursorType(e);
    if (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
        bv.a.deps == DEP_PARAM) {
        CXCursor ref = clang_getCursorReferenced(base);
        int param = -1;
        for (int i = 0; i < c->k->nparams; i++)
            if (clang_getCursorKind(ref) == CXCursor_ParmDecl && strcmp(c->k->params[i].name, text_of(c, base)) == 0)
                param = i;
        if (is_pointer_type(mt)) return pointer_value(SPACE_GLOBAL, param, text, -1, aff_const(0));
        if (is_integer_type(mt)) return val_int(aff_symbol(new_symbol(c, SYMK_UNIFORM, text), DEP_PARAM));
        return val_opaque(DEP_PARAM);
    }
    if (is_pointer_type(mt)) return pointer_value(SPACE_GLOBAL, -1, text, -1, aff_opaque(bv.a.deps));
    return val_opaque(bv.a.deps);
}

static CXCursor initializer_of(CXCursor var);

/* ---------------------------------------------------------------- float -> double */

static bool promoted_from_float(CXCursor x)
{
    if (clang_getCursorKind(x) != CXCursor_UnexposedExpr) return false;
    if (!is_double_kind(clang_getCursorType(x))) return false;
    return is_float_kind(clang_getCursorType(strip(x)));
}

/* The floating literal under parentheses and unary signs, if any. */
static CXCursor find_literal(Ctx *c, CXCursor x)
{
    for (;;) {
        x = strip(x);
        enum CXCursorKind k = clang_getCursorKind(x);
        if (k == CXCursor_FloatingLiteral) return x;
        if (k == CXCursor_UnaryOperator) {
            Op op = unary_op(c, x);
            if (op != OP_MINUS && op != OP_PLUS) break;
            Children ch = children_of(x);
            if (ch.n != 1) {
                children_free(&ch);
                break;
            }
            x = ch.items[0];
            children_free(&ch);
            continue;
        }
        break;
    }
    return clang_getNullCursor();
}

/* The literal as written at its spelling location (inside a #define too). */
static const char *literal_text(Ctx *c, CXCursor lit)
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
    return arena_strndup(&c->m->arena, src + off, e - off);
}

static bool location_in_macro(CXCursor cur)
{
    CXSourceLocation loc = clang_getCursorLocation(cur);
    CXFile f1, f2;
    unsigned o1, o2;
    clang_getExpansionLocation(loc, &f1, NULL, NULL, &o1);
    clang_getSpellingLocation(loc, &f2, NULL, NULL, &o2);
    return !(f1 && f2 && clang_File_isEqual(f1, f2) && o1 == o2);
}

static Promotion *record_promotion(Ctx *c, CXCursor expr, CXCursor flt, CXCursor dbl)
{
    Promotion *p = VEC_PUSH(c->k->promotions, c->k->npromotions);
    CXCursor lit = find_literal(c, dbl);
    p->is_literal = !clang_Cursor_isNull(lit);
    CXCursor at = p->is_literal ? lit : dbl;
    p->double_operand = range_of(c, at);
    p->literal_spelling = p->is_literal ? spelling_range_of(c, lit) : p->double_operand;
    p->in_macro = location_in_macro(at);
    if (p->in_macro) {
        p->macro_name = text_of(c, at);
        p->macro_def = spelling_range_of(c, at);
    }
    p->literal_text = p->is_literal ? literal_text(c, lit) : text_of(c, dbl);
    if (p->is_literal) { /* the literal is one token: its end follows from its text */
        p->literal_spelling.end_line = p->literal_spelling.line;
        p->literal_spelling.end_col = p->literal_spelling.col + (unsigned)strlen(p->literal_text);
    }
    CXCursor sd = strip(dbl);
    if (!p->is_literal && clang_getCursorKind(sd) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(sd);
        CXType rt = clang_getCursorType(ref);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && clang_isConstQualifiedType(rt) && is_double_kind(rt)) {
            CXCursor init = initializer_of(ref);
            if (!clang_Cursor_isNull(init) && !clang_Cursor_isNull(find_literal(c, init))) {
                p->is_named_constant = true;
                p->constant_decl = range_of(c, ref);
            }
        }
    }
    p->float_operand = flt.kind ? text_of(c, flt) : "";
    p->expr_text = text_of(c, expr);
    p->expr = range_of(c, expr);
    p->loop = c->loop;
    p->call_depth = c->call_depth;
    p->call_site = c->call_site;
    return p;
}

static bool is_arith_op(Op op)
{
    return op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_DIV;
}

static const char *const math_functions[] = {
    "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "pow", "sqrt", "cbrt", "rsqrt",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "erf", "erfc",
    "fabs", "floor", "ceil", "fmod", "fma", "fmin", "fmax", "hypot", "round", "trunc", "lgamma", "tgamma"};

static bool is_math_function(const char *name)
{
    if (strncmp(name, "std::", 5) == 0) name += 5;
    for (size_t i = 0; i < sizeof math_functions / sizeof math_functions[0]; i++)
        if (strcmp(name, math_functions[i]) == 0) return true;
    return false;
}

/* ---------------------------------------------------------------- calls */

static bool is_barrier(const char *n)
{
    return strncmp(n, "__syncthreads", 13) == 0 || strcmp(n, "__syncwarp") == 0 ||
           strncmp(n, "__threadfence", 13) == 0 || strcmp(n, "sync") == 0 || strcmp(n, "__barrier_sync") == 0;
}

static bool has_body(CXCursor fn)
{
    return !clang_Cursor_isNull(body_of(fn));
}

static Value inline_call(Ctx *c, CXCursor call, CXCursor def, const Value *args, int nargs)
{
    for (int i = 0; i < c->ncalls; i++)
        if (clang_equalCursors(c->call_stack[i], def)) return val_opaque(DEP_UNKNOWN);
    if (c->ncalls >= (int)(sizeof c->call_stack / sizeof c->call_stack[0])) return val_opaque(DEP_UNKNOWN);

    Env saved = c->env;
    bool saved_collect = c->collecting_return, saved_have = c->have_return;
    Value saved_ret = c->ret;
    SrcRange saved_site = c->call_site;
    c->env.b = NULL;
    c->env.n = 0;
    int np = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < np && i < nargs; i++) env_set(c, clang_Cursor_getArgument(def, i), args[i]);
    if (c->call_depth == 0) c->call_site = range_of(c, call);
    c->call_depth++;
    c->call_stack[c->ncalls++] = def;
    c->collecting_return = true;
    c->have_return = false;
    walk_stmt(c, body_of(def));
    Value result = c->have_return ? c->ret : val_opaque(DEP_UNKNOWN);
    c->ncalls--;
    c->call_depth--;
    free(c->env.b);
    c->env = saved;
    c->collecting_return = saved_collect;
    c->have_return = saved_have;
    c->ret = saved_ret;
    c->call_site = saved_site;
    return result;
}

static Value eval_call(Ctx *c, CXCursor e)
{
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(e));
    CXCursor ref = clang_getCursorReferenced(e);
    int nargs = clang_Cursor_getNumArguments(e);
    Value argv[16];
    int nprom0 = c->k->npromotions;
    unsigned deps = 0;
    if (nargs < 0) { /* constructors and the like: just visit the children */
        Children ch = children_of(e);
        for (int i = 0; i < ch.n; i++) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
        children_free(&ch);
        return val_opaque(deps);
    }
    /* a = b on a struct is a call to operator=: its first argument is stored */
    bool op_assign = strncmp(name, "operator", 8) == 0 && name[strlen(name) - 1] == '=' && strcmp(name, "operator==") != 0 &&
                     strcmp(name, "operator!=") != 0 && strcmp(name, "operator<=") != 0 && strcmp(name, "operator>=") != 0;
    for (int i = 0; i < nargs; i++) {
        int mode = MODE_LOAD;
        if (op_assign && i == 0) mode = strcmp(name, "operator=") == 0 ? MODE_STORE : MODE_LOAD | MODE_STORE;
        Value v = eval(c, clang_Cursor_getArgument(e, i), mode);
        if (i < 16) argv[i] = v;
        deps |= v.a.deps;
    }
    if (is_barrier(name)) {
        mark_loops(c, true, false, false);
        return val_opaque(0);
    }
    bool atomic = strncmp(name, "atomic", 6) == 0;
    bool ldg = strncmp(name, "__ldg", 5) == 0 || strncmp(name, "__ldcg", 6) == 0 || strncmp(name, "__ldca", 6) == 0;
    if ((atomic || ldg) && nargs >= 1 && argv[0].is_ptr) {
        CXType pt = clang_getCursorType(clang_Cursor_getArgument(e, 0));
        CXType elem = clang_getPointeeType(canon(pt));
        Access *a = record_access(c, &argv[0], argv[0].a, elem, clang_Cursor_getArgument(e, 0), 1, atomic);
        a->is_atomic = atomic;
        if (atomic) mark_loops(c, false, true, true);
        return val_opaque(deps | DEP_DATA);
    }
    if (!clang_Cursor_isNull(ref)) {
        CXCursor def = clang_getCursorDefinition(ref);
        enum CXCursorKind dk = clang_getCursorKind(def);
        if ((dk == CXCursor_FunctionDecl || dk == CXCursor_CXXMethod) && has_body(def) && !is_library_code(c, def))
            return inline_call(c, e, def, argv, nargs < 16 ? nargs : 16);
    }
    /* A double math function: note it on the promotions in its arguments,
     * and catch pow(x, 2.0)-style calls where a float argument is promoted. */
    if (is_math_function(name) && is_double_kind(clang_getCursorType(e))) {
        CXCursor flt = clang_getNullCursor(), dbl = clang_getNullCursor();
        for (int i = 0; i < nargs; i++) {
            CXCursor a = clang_Cursor_getArgument(e, i);
            if (promoted_from_float(a)) flt = a;
            else if (!clang_Cursor_isNull(find_literal(c, a)) && is_double_kind(clang_getCursorType(a))) dbl = a;
        }
        if (!clang_Cursor_isNull(flt) && !clang_Cursor_isNull(dbl) && c->k->npromotions == nprom0)
            record_promotion(c, e, flt, dbl);
        bool fixable = true;
        for (int i = nprom0; i < c->k->npromotions; i++)
            if (!c->k->promotions[i].is_literal) fixable = false;
        Children ch = children_of(e);
        SrcRange callee = ch.n > 0 ? range_of(c, ch.items[0]) : range_of(c, e);
        children_free(&ch);
        for (int i = nprom0; i < c->k->npromotions; i++) {
            Promotion *p = &c->k->promotions[i];
            if (p->math_call) continue;
            p->math_call = name;
            p->math_callee = callee;
            p->math_call_fixable = fixable;
        }
    }
    return val_opaque(deps);
}

/* ---------------------------------------------------------------- operators */

static Value arith(Op op, const Value *l, const Value *r)
{
    long long k;
    switch (op) {
    case OP_ADD: return val_int(aff_add(&l->a, &r->a));
    case OP_SUB: return val_int(aff_sub(&l->a, &r->a));
    case OP_MUL: return val_int(aff_mul(&l->a, &r->a));
    case OP_SHL:
        if (aff_is_const(&r->a, &k) && k >= 0 && k < 31) return val_int(aff_scale(&l->a, 1LL << k));
        break;
    case OP_DIV:
        if (aff_is_const(&r->a, &k) && k != 0) return val_int(aff_div_const(&l->a, k));
        break;
    case OP_SHR:
        if (aff_is_const(&r->a, &k) && k >= 0 && k < 31) return val_int(aff_div_const(&l->a, 1LL << k));
        break;
    case OP_COMMA: return *r;
    default: break;
    }
    long long a, b;
    if (aff_is_const(&l->a, &a) && aff_is_const(&r->a, &b)) {
        switch (op) {
        case OP_REM: if (b) return val_int(aff_const(a % b)); break;
        case OP_AND: return val_int(aff_const(a & b));
        case OP_OR: return val_int(aff_const(a | b));
        case OP_XOR: return val_int(aff_const(a ^ b));
        case OP_LT: return val_int(aff_const(a < b));
        case OP_GT: return val_int(aff_const(a > b));
        case OP_LE: return val_int(aff_const(a <= b));
        case OP_GE: return val_int(aff_const(a >= b));
        case OP_EQ: return val_int(aff_const(a == b));
        case OP_NE: return val_int(aff_const(a != b));
        case OP_LAND: return val_int(aff_const(a && b));
        case OP_LOR: return val_int(aff_const(a || b));
        default: break;
        }
    }
    return val_int(aff_join(&l->a, &r->a));
}

static Op compound_base(Op op)
{
    switch (op) {
    case OP_ADD_ASSIGN: return OP_ADD;
    case OP_SUB_ASSIGN: return OP_SUB;
    case OP_MUL_ASSIGN: return OP_MUL;
    case OP_DIV_ASSIGN: return OP_DIV;
    case OP_REM_ASSIGN: return OP_REM;
    case OP_SHL_ASSIGN: return OP_SHL;
    case OP_SHR_ASSIGN: return OP_SHR;
    case OP_AND_ASSIGN: return OP_AND;
    case OP_OR_ASSIGN: return OP_OR;
    case OP_XOR_ASSIGN: return OP_XOR;
    default: return OP_UNKNOWN;
    }
}

/* Value of `l op r` where l may be a pointer (pointer arithmetic). */
static Value combine(Op op, const Value *l, const Value *r, CXType ltype, CXType rtype)
{
    if (l->is_ptr && !r->is_ptr && (op == OP_ADD || op == OP_SUB)) {
        Value v = *l;
        Affine s = scale_offset(&r->a, pointee_size(ltype));
        v.a = op == OP_ADD ? aff_add(&l->a, &s) : aff_sub(&l->a, &s);
        return v;
    }
    if (r->is_ptr && !l->is_ptr && op == OP_ADD) {
        Value v = *r;
        Affine s = scale_offset(&l->a, pointee_size(rtype));
        v.a = aff_add(&r->a, &s);
        return v;
    }
    if (l->is_ptr || r->is_ptr) return val_opaque(l->a.deps | r->a.deps);
    return arith(op, l, r);
}

/* Keep only what a variable of type t can hold: integers and pointers are
 * tracked exactly; anything else keeps just its dependencies. */
static Value fit_to_type(Value v, CXType t)
{
    if (is_pointer_type(t) || is_array_type(t)) return v;
    if (is_integer_type(t) && !v.is_ptr) return v;
    return val_opaque(v.a.deps);
}

static Value assign_to(Ctx *c, CXCursor lhs, Value v, int mode)
{
    CXCursor s = strip(lhs);
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
            if (env_find(c, ref)) {
                env_set(c, ref, fit_to_type(v, clang_getCursorType(ref)));
                return v;
            }
            /* a global __device__ / __shared__ scalar: a memory store */
            return v;
        }
    }
    eval(c, lhs, mode);
    return v;
}

static Value eval_binary(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    if (ch.n != 2) {
        unsigned deps = 0;
        for (int i = 0; i < ch.n; i++) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
        children_free(&ch);
        return val_opaque(deps);
    }
    CXCursor lhs = ch.items[0], rhs = ch.items[1];
    children_free(&ch);
    Op op = binary_op(c, e, rhs);
    if (op == OP_ASSIGN) {
        Value rv = eval(c, rhs, MODE_LOAD);
        return assign_to(c, lhs, rv, MODE_STORE);
    }
    if (is_assign_op(op)) {
        Value rv = eval(c, rhs, MODE_LOAD);
        CXType lt = clang_getCursorType(lhs), rt = clang_getCursorType(rhs);
        if (is_float_kind(lt) && is_double_kind(rt) && !promoted_from_float(rhs))
            record_promotion(c, e, lhs, rhs);
        CXCursor s = strip(lhs);
        Value *cur = NULL;
        if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) cur = env_find(c, clang_getCursorReferenced(s));
        if (cur) {
            Value nv = combine(compound_base(op), cur, &rv, lt, rt);
            return assign_to(c, lhs, nv, MODE_LOAD | MODE_STORE);
        }
        eval(c, lhs, MODE_LOAD | MODE_STORE);
        return val_opaque(rv.a.deps | DEP_DATA);
    }
    int n0 = c->k->npromotions;
    Value lv = eval(c, lhs, MODE_LOAD);
    int n1 = c->k->npromotions;
    Value rv = eval(c, rhs, MODE_LOAD);
    int n2 = c->k->npromotions;
    if (is_arith_op(op) && is_double_kind(clang_getCursorType(e))) {
        /* A double operation with a float operand (directly promoted, or a
         * double subexpression that exists only because of a promotion). */
        bool lf = promoted_from_float(lhs) || (n1 > n0 && is_double_kind(clang_getCursorType(lhs)));
        bool rf = promoted_from_float(rhs) || (n2 > n1 && is_double_kind(clang_getCursorType(rhs)));
        if (lf && !rf && !promoted_from_float(rhs)) record_promotion(c, e, lhs, rhs);
        else if (rf && !lf && !promoted_from_float(lhs)) record_promotion(c, e, rhs, lhs);
    }
    return combine(op, &lv, &rv, clang_getCursorType(lhs), clang_getCursorType(rhs));
}

static Value eval_unary(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    if (ch.n != 1) {
        children_free(&ch);
        /* sizeof/alignof and friends */
        long long v;
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    }
    CXCursor sub = ch.items[0];
    children_free(&ch);
    Op op = unary_op(c, e);
    switch (op) {
    case OP_ADDROF: return eval(c, sub, MODE_ADDR);
    case OP_DEREF: {
        Value p = eval(c, sub, MODE_LOAD);
        if (!p.is_ptr) p = pointer_value(SPACE_UNKNOWN, -1, text_of(c, sub), -1, aff_opaque(p.a.deps));
        CXType et = clang_getCursorType(e);
        if ((mode & MODE_ADDR) || is_array_type(et)) return p;
        record_access(c, &p, p.a, et, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
        return loaded_value(c, e, &p, NULL);
    }
    case OP_PREINC: case OP_PREDEC: case OP_POSTINC: case OP_POSTDEC: {
        CXCursor s = strip(sub);
        Value *cur = NULL;
        if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) cur = env_find(c, clang_getCursorReferenced(s));
        if (cur) {
            Value old = *cur;
            Value one = val_int(aff_const(op == OP_PREINC || op == OP_POSTINC ? 1 : -1));
            Value nv = combine(OP_ADD, &old, &one, clang_getCursorType(sub), clang_getCursorType(sub));
            env_set(c, clang_getCursorReferenced(s), nv);
            return (op == OP_PREINC || op == OP_PREDEC) ? nv : old;
        }
        Value v = eval(c, sub, MODE_LOAD | MODE_STORE);
        return val_opaque(v.a.deps | DEP_DATA);
    }
    case OP_MINUS: {
        Value v = eval(c, sub, MODE_LOAD);
        if (v.is_ptr) return val_opaque(v.a.deps);
        return val_int(aff_neg(&v.a));
    }
    case OP_PLUS: return eval(c, sub, MODE_LOAD);
    default: {
        Value v = eval(c, sub, MODE_LOAD);
        long long k;
        if (aff_is_const(&v.a, &k) && !v.is_ptr) {
            if (op == OP_LNOT) return val_int(aff_const(!k));
            if (op == OP_NOT) return val_int(aff_const(~k));
        }
        return val_opaque(v.a.deps);
    }
    }
}

/* ---------------------------------------------------------------- branches */

typedef struct {
    Ctx *c;
    char buf[256];
    size_t len;
} NameScan;

static enum CXChildVisitResult scan_names(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    NameScan *ns = data;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr || clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
        CXCursor ref = clang_getCursorReferenced(cur);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl || rk == CXCursor_NonTypeTemplateParameter) {
            CXString s = clang_getCursorSpelling(cur);
            const char *n = clang_getCString(s);
            if (n && n[0]) {
                char key[128];
                snprintf(key, sizeof key, ",%s,", n);
                char hay[260];
                snprintf(hay, sizeof hay, ",%s,", ns->buf);
                if (!strstr(hay, key) && ns->len + strlen(n) + 2 < sizeof ns->buf)
                    ns->len += (size_t)snprintf(ns->buf + ns->len, sizeof ns->buf - ns->len, "%s%s",
                                                ns->len ? "," : "", n);
            }
            clang_disposeString(s);
        }
        if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

static bool first_token_is(Ctx *c, CXCursor cur, int index, const char *want)
{
    CXSourceRange ext = clang_getCursorExtent(cur);
    CXFile f;
    unsigned off;
    clang_getExpansionLocation(clang_getRangeStart(ext), &f, NULL, NULL, &off);
    if (!f) return false;
    size_t size;
    const char *src = contents_of(c, f, &size);
    if (!src) return false;
    /* Walk `index` identifiers/punctuators forward on the raw text: cheaper
     * than tokenizing a whole if statement. */
    size_t p = off;
    for (int i = 0; i <= index && p < size; i++) {
        while (p < size && isspace((unsigned char)src[p])) p++;
        size_t s = p;
        if (p < size && (isalnum((unsigned char)src[p]) || src[p] == '_'))
            while (p < size && (isalnum((unsigned char)src[p]) || src[p] == '_')) p++;
        else if (p < size)
            p++;
        if (i == index) return strlen(want) == p - s && strncmp(src + s, want, p - s) == 0;
    }
    return false;
}

static void record_branch(Ctx *c, BranchKind kind, CXCursor stmt, CXCursor cond, const Value *cv)
{
    Branch *b = VEC_PUSH(c->k->branches, c->k->nbranches);
    b->kind = kind;
    b->cond = cv->a;
    b->constant = aff_is_const(&cv->a, NULL) && !cv->is_ptr;
    b->cond_text = text_of(c, cond);
    b->loop = c->loop;
    b->loop_depth = current_loop_depth(c);
    b->call_depth = c->call_depth;
    b->call_site = c->call_site;
    SrcRange r = range_of(c, stmt);
    if (kind != BRANCH_CONDITIONAL) { /* just the keyword */
        r.end_line = r.line;
        r.end_col = r.col + (kind == BRANCH_IF ? 2 : 6);
    }
    b->range = r;
    if (kind == BRANCH_IF) b->is_constexpr = first_token_is(c, stmt, 1, "constexpr");
    NameScan ns = {c, {0}, 0};
    clang_visitChildren(cond, scan_names, &ns);
    if (clang_getCursorKind(cond) == CXCursor_DeclRefExpr) scan_names(cond, cond, &ns);
    b->symbols = arena_strdup(&c->m->arena, ns.buf);
}

static Value eval_conditional(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    if (ch.n != 3) {
        unsigned deps = 0;
        for (int i = 0; i < ch.n; i++) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
        children_free(&ch);
        return val_opaque(deps);
    }
    CXCursor cc = ch.items[0], ta = ch.items[1], fa = ch.items[2];
    children_free(&ch);
    Value cv = eval(c, cc, MODE_LOAD);
    record_branch(c, BRANCH_CONDITIONAL, e, cc, &cv);
    Value a = eval(c, ta, MODE_LOAD);
    Value b = eval(c, fa, MODE_LOAD);
    long long k;
    if (aff_is_const(&cv.a, &k) && !cv.is_ptr) return k ? a : b;
    if (value_equal(&a, &b)) return a;
    if (a.is_ptr && b.is_ptr && a.base_param == b.base_param && a.space == b.space) {
        Value r = a;
        r.a = aff_opaque(a.a.deps | b.a.deps | cv.a.deps);
        return r;
    }
    return val_opaque(a.a.deps | b.a.deps | cv.a.deps);
}

/* ---------------------------------------------------------------- eval */

static Value eval_children(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    unsigned deps = 0;
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
    children_free(&ch);
    return val_opaque(deps);
}

static Value eval_cast(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    CXCursor sub = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) sub = ch.items[i];
    children_free(&ch);
    if (clang_Cursor_isNull(sub)) return val_opaque(0);
    Value v = eval(c, sub, mode);
    CXType to = clang_getCursorType(e), from = clang_getCursorType(sub);
    if (is_pointer_type(to) || is_array_type(to)) return v.is_ptr ? v : pointer_value(SPACE_UNKNOWN, -1, text_of(c, sub), -1, aff_opaque(v.a.deps));
    if (is_integer_type(to) && is_integer_type(from)) return v;
    return val_opaque(v.a.deps); /* float <-> int and the like keep only what they depend on */
}

static Value eval(Ctx *c, CXCursor e, int mode)
{
    enum CXCursorKind k = clang_getCursorKind(e);
    long long v;
    switch (k) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    case CXCursor_FloatingLiteral:
    case CXCursor_StringLiteral:
        return val_opaque(0);
    case CXCursor_CXXNullPtrLiteralExpr:
    case CXCursor_GNUNullExpr:
        return val_int(aff_const(0));
    case CXCursor_DeclRefExpr:
        return eval_declref(c, e);
    case CXCursor_MemberRefExpr:
        return eval_member(c, e, mode);
    case CXCursor_ArraySubscriptExpr:
        return eval_subscript(c, e, mode);
    case CXCursor_UnaryOperator:
        return eval_unary(c, e, mode);
    case CXCursor_UnaryExpr: /* sizeof, alignof */
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return eval_binary(c, e);
    case CXCursor_ConditionalOperator:
        return eval_conditional(c, e);
    case CXCursor_CallExpr:
        return eval_call(c, e);
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
        return eval_cast(c, e, mode);
    case CXCursor_ParenExpr: {
        Children ch = children_of(e);
        Value r = ch.n == 1 ? eval(c, ch.items[0], mode) : val_opaque(0);
        children_free(&ch);
        return r;
    }
    case CXCursor_UnexposedExpr: {
        Children ch = children_of(e);
        if (ch.n == 1) {
            CXCursor sub = ch.items[0];
            children_free(&ch);
            Value r = eval(c, sub, mode);
            CXType to = clang_getCursorType(e);
            /* implicit conversions: int<->int keep the value, to/from float keep deps */
            if (to.kind == CXType_Invalid || to.kind == CXType_Unexposed || to.kind == CXType_Dependent) return r;
            if (r.is_ptr && !(is_pointer_type(to) || is_array_type(to))) {
                if (canon(to).kind == CXType_Bool) return val_opaque(r.a.deps);
                if (canon(to).kind == CXType_Record) return r;
                return val_opaque(r.a.deps);
            }
            if (!r.is_ptr && !is_integer_type(to) && !(is_pointer_type(to))) return val_opaque(r.a.deps);
            if (!r.is_ptr && is_integer_type(to) && !is_integer_type(clang_getCursorType(sub)) &&
                clang_getCursorType(sub).kind != CXType_Unexposed && clang_getCursorType(sub).kind != CXType_Dependent)
                return val_opaque(r.a.deps);
            return r;
        }
        int nch = ch.n;
        children_free(&ch);
        if (nch == 0 && eval_const(e, &v)) return val_int(aff_const(v));
        return eval_children(c, e);
    }
    case CXCursor_LambdaExpr:
        return val_opaque(0);
    default:
        if (is_expr_kind(k)) return eval_children(c, e);
        return val_opaque(0);
    }
}

/* ---------------------------------------------------------------- declarations */

static CXCursor initializer_of(CXCursor var)
{
    Children ch = children_of(var);
    CXCursor init = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) init = ch.items[i];
    children_free(&ch);
    return init;
}

static void declare_var(Ctx *c, CXCursor var)
{
    CXType t = clang_getCursorType(var);
    CXType ct = canon(t);
    bool shared = has_attr(var, CXCursor_CUDASharedAttr);
    CXCursor init = initializer_of(var);
    if (is_array_type(t)) {
        ArrayDecl *a = VEC_PUSH(c->k->arrays, c->k->narrays);
        a->name = cxstr(&c->m->arena, clang_getCursorSpelling(var));
        a->space = shared ? SPACE_SHARED : SPACE_LOCAL;
        CXType et = clang_getArrayElementType(ct);
        while (canon(et).kind == CXType_ConstantArray) et = clang_getArrayElementType(canon(et));
        a->elem_type = type_name_for(c, et);
        a->elem_bytes = (int)type_size(canon(et));
        long long total = type_size(ct);
        a->count = (total > 0 && a->elem_bytes > 0) ? total / a->elem_bytes : -1;
        a->is_extern = clang_Cursor_getStorageClass(var) == CX_SC_Extern;
        a->range = range_of(c, var);
        if (!clang_Cursor_isNull(init)) eval(c, init, MODE_LOAD);
        env_set(c, var, pointer_value(a->space, -1, a->name, c->k->narrays - 1, aff_const(0)));
        return;
    }
    Value v = clang_Cursor_isNull(init) ? val_opaque(shared ? DEP_DATA : DEP_UNKNOWN) : eval(c, init, MODE_LOAD);
    if (shared) v = val_opaque(DEP_DATA); /* shared scalars are written by other threads */
    env_set(c, var, fit_to_type(v, t));
}

/* ---------------------------------------------------------------- loops */

typedef struct {
    CXCursor decl;
    int count;        /* assignments in the loop */
    bool increment;   /* the only assignment is v += s / v -= s / ++ / -- */
    bool nested;      /* under a condition or an inner loop */
    Op op;
    CXCursor step;    /* the s of v += s (null for ++/--) */
} Assigned;

typedef struct {
    Assigned *items;
    int n;
} AssignedSet;

static void note_assignment(AssignedSet *set, CXCursor decl, Op op, CXCursor step, bool nested)
{
    Assigned *a = NULL;
    for (int i = 0; i < set->n; i++)
        if (clang_equalCursors(set->items[i].decl, decl)) a = &set->items[i];
    if (!a) {
        a = VEC_PUSH(set->items, set->n);
        a->decl = decl;
    }
    a->count++;
    a->op = op;
    a->step = step;
    a->nested = a->nested || nested;
    a->increment = a->count == 1 && (op == OP_ADD_ASSIGN || op == OP_SUB_ASSIGN || op == OP_PREINC ||
                                     op == OP_POSTINC || op == OP_PREDEC || op == OP_POSTDEC);
}

static void scan_assignments(Ctx *c, CXCursor cur, AssignedSet *set, int nest)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    Children ch = children_of(cur);
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ch.n == 2) {
        Op op = binary_op(c, cur, ch.items[1]);
        CXCursor l = strip(ch.items[0]);
        if (is_assign_op(op) && clang_getCursorKind(l) == CXCursor_DeclRefExpr)
            note_assignment(set, clang_getCursorReferenced(l), op, ch.items[1], nest > 0);
    } else if (k == CXCursor_UnaryOperator && ch.n == 1) {
        Op op = unary_op(c, cur);
        CXCursor l = strip(ch.items[0]);
        if ((op == OP_PREINC || op == OP_POSTINC || op == OP_PREDEC || op == OP_POSTDEC) &&
            clang_getCursorKind(l) == CXCursor_DeclRefExpr)
            note_assignment(set, clang_getCursorReferenced(l), op, clang_getNullCursor(), nest > 0);
    }
    bool nests = k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ForStmt ||
                 k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ConditionalOperator;
    for (int i = 0; i < ch.n; i++) scan_assignments(c, ch.items[i], set, nest + (nests ? 1 : 0));
    children_free(&ch);
}

/* Splits a for statement into its parts using the two top-level ';' of the
 * header: libclang lists only the parts that are present. */
static void for_parts(Ctx *c, CXCursor s, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body)
{
    *init = *cond = *inc = *body = clang_getNullCursor();
    Children ch = children_of(s);
    if (ch.n == 0) {
        children_free(&ch);
        return;
    }
    *body = ch.items[ch.n - 1];
    if (ch.n == 4) {
        *init = ch.items[0];
        *cond = ch.items[1];
        *inc = ch.items[2];
        children_free(&ch);
        return;
    }
    unsigned semi[2] = {0, 0};
    int nsemi = 0;
    CXFile f;
    unsigned start;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(s)), &f, NULL, NULL, &start);
    unsigned body_start = expansion_offset(clang_getRangeStart(clang_getCursorExtent(*body)));
    size_t size;
    const char *src = f ? contents_of(c, f, &size) : NULL;
    if (src && body_start <= size) {
        int depth = 0;
        for (unsigned p = start; p < body_start && nsemi < 2; p++) {
            char chr = src[p];
            if (chr == '(') depth++;
            else if (chr == ')') depth--;
            else if (chr == ';' && depth == 1) semi[nsemi++] = p;
        }
    }
    for (int i = 0; i + 1 < ch.n; i++) {
        unsigned off = expansion_offset(clang_getRangeStart(clang_getCursorExtent(ch.items[i])));
        if (nsemi < 2) continue;
        if (off < semi[0]) *init = ch.items[i];
        else if (off < semi[1]) *cond = ch.items[i];
        else *inc = ch.items[i];
    }
    children_free(&ch);
}

static bool is_decl_of(CXCursor expr, CXCursor decl)
{
    CXCursor s = strip(expr);
    return clang_getCursorKind(s) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(s), decl);
}

/* Induction variables: v = entry + step*counter inside the loop; everything
 * else assigned in the loop becomes opaque and loop-dependent. */
static void bind_loop_variables(Ctx *c, AssignedSet *set, int counter)
{
    for (int i = 0; i < set->n; i++) {
        Assigned *a = &set->items[i];
        Value *cur = env_find(c, a->decl);
        if (!cur) continue;
        Value entry = *cur;
        Affine step = aff_opaque(DEP_UNKNOWN);
        CXType vt = clang_getCursorType(a->decl);
        bool ok = a->increment && !a->nested && (is_integer_type(vt) || is_pointer_type(vt));
        if (ok) {
            if (a->op == OP_PREINC || a->op == OP_POSTINC) step = aff_const(1);
            else if (a->op == OP_PREDEC || a->op == OP_POSTDEC) step = aff_const(-1);
            else {
                /* evaluate the step without recording what it reads: the
                 * loop body walk records it in its place */
                int na = c->k->naccesses, nb = c->k->nbranches, np = c->k->npromotions;
                Value sv = eval(c, a->step, MODE_LOAD);
                c->k->naccesses = na;
                c->k->nbranches = nb;
                c->k->npromotions = np;
                step = a->op == OP_SUB_ASSIGN ? aff_neg(&sv.a) : sv.a;
                if (sv.is_ptr || !step.exact || (step.deps & (DEP_LOOP | DEP_DATA))) ok = false;
            }
        }
        if (ok && entry.is_ptr) {
            long long ps = pointee_size(clang_getCursorType(a->decl));
            step = scale_offset(&step, ps);
            ok = step.exact;
        }
        Value nv = entry;
        if (ok) {
            Affine ctr = aff_symbol(counter, DEP_LOOP);
            Affine inc = aff_mul(&step, &ctr);
            nv.a = aff_add(&entry.a, &inc);
        } else {
            nv.a = aff_opaque(entry.a.deps | DEP_LOOP | DEP_UNKNOWN);
            if (!entry.is_ptr) nv = val_opaque(entry.a.deps | DEP_LOOP | DEP_UNKNOWN);
        }
        *cur = nv;
    }
}

static void unbind_loop_variables(Ctx *c, AssignedSet *set)
{
    for (int i = 0; i < set->n; i++) {
        Value *cur = env_find(c, set->items[i].decl);
        if (!cur) continue;
        unsigned deps = cur->a.deps | DEP_LOOP;
        if (cur->is_ptr) cur->a = aff_opaque(deps);
        else *cur = val_opaque(deps);
    }
}

static int new_loop(Ctx *c, CXCursor s, CXCursor body)
{
    Loop *l = VEC_PUSH(c->k->loops, c->k->nloops);
    int idx = c->k->nloops - 1;
    l->parent = c->loop;
    l->depth = current_loop_depth(c) + 1;
    l->range = range_of(c, s);
    l->header = l->range;
    if (!clang_Cursor_isNull(body)) {
        SrcRange b = range_of(c, body);
        l->header.end_line = b.line;
        l->header.end_col = b.col;
    }
    l->has_unroll_pragma = c->pending_unroll;
    c->pending_unroll = false;
    char name[32];
    snprintf(name, sizeof name, "loop@%u", l->range.line);
    l->counter = new_symbol(c, SYMK_LOOP, name);
    c->k->syms[l->counter].loop = idx;
    return idx;
}

/* Reads `ivar < bound` (and friends) from a loop condition. */
static void loop_bound(Ctx *c, int li, CXCursor cond, CXCursor ivar_decl)
{
    CXCursor s = strip(cond);
    if (clang_getCursorKind(s) != CXCursor_BinaryOperator) return;
    Children ch = children_of(s);
    if (ch.n != 2) {
        children_free(&ch);
        return;
    }
    Op op = binary_op(c, s, ch.items[1]);
    CXCursor other = clang_getNullCursor();
    bool inclusive = false;
    CXCursor iv = ivar_decl;
    if (clang_Cursor_isNull(iv)) { /* while (i < n): take the variable on the left */
        CXCursor l = strip(ch.items[0]);
        if (clang_getCursorKind(l) == CXCursor_DeclRefExpr) iv = clang_getCursorReferenced(l);
    }
    if (!clang_Cursor_isNull(iv)) {
        if (is_decl_of(ch.items[0], iv) && (op == OP_LT || op == OP_LE || op == OP_NE)) {
            other = ch.items[1];
            inclusive = op == OP_LE;
        } else if (is_decl_of(ch.items[1], iv) && (op == OP_GT || op == OP_GE)) {
            other = ch.items[0];
            inclusive = op == OP_GE;
        }
    }
    if (!clang_Cursor_isNull(other)) {
        Loop *l = &c->k->loops[li];
        l->has_bound = true;
        l->bound = eval(c, other, MODE_LOAD).a;
        l->bound_text = text_of(c, other);
        l->bound_inclusive = inclusive;
        if (!l->ivar) l->ivar = cxstr(&c->m->arena, clang_getCursorSpelling(iv));
    }
    children_free(&ch);
}

static void walk_loop(Ctx *c, CXCursor s, CXCursor init, CXCursor cond, CXCursor inc, CXCursor body)
{
    int scope = c->env.n;
    if (!clang_Cursor_isNull(init)) walk_stmt(c, init);
    CXCursor ivar = clang_getNullCursor();
    if (!clang_Cursor_isNull(init)) {
        if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
            Children ch = children_of(init);
            if (ch.n >= 1 && clang_getCursorKind(ch.items[0]) == CXCursor_VarDecl) ivar = ch.items[0];
            children_free(&ch);
        } else {
            CXCursor si = strip(init);
            Children ch = children_of(si);
            if (ch.n == 2 && clang_getCursorKind(strip(ch.items[0])) == CXCursor_DeclRefExpr)
                ivar = clang_getCursorReferenced(strip(ch.items[0]));
            children_free(&ch);
        }
    }
    AssignedSet set = {NULL, 0};
    if (!clang_Cursor_isNull(inc)) scan_assignments(c, inc, &set, 0);
    if (!clang_Cursor_isNull(body)) scan_assignments(c, body, &set, 0);

    int li = new_loop(c, s, body);
    Loop *l = &c->k->loops[li];
    Value *iv = clang_Cursor_isNull(ivar) ? NULL : env_find(c, ivar);
    if (iv) {
        l->ivar = cxstr(&c->m->arena, clang_getCursorSpelling(ivar));
        l->init = iv->a;
    }
    bind_loop_variables(c, &set, l->counter);
    if (iv) {
        l = &c->k->loops[li];
        Value *now = env_find(c, ivar);
        Affine cf;
        if (now && now->a.exact && aff_coef(&now->a, l->counter, &cf)) l->step = cf;
        else l->step = aff_opaque(DEP_UNKNOWN);
    }
    int saved_loop = c->loop;
    c->loop = li;
    if (!clang_Cursor_isNull(cond)) {
        eval(c, cond, MODE_LOAD);
        loop_bound(c, li, cond, ivar);
    }
    if (!clang_Cursor_isNull(body)) walk_stmt(c, body);
    c->loop = saved_loop;
    unbind_loop_variables(c, &set);
    free(set.items);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

/* ---------------------------------------------------------------- statements */

static void walk_if(Ctx *c, CXCursor s)
{
    Children ch = children_of(s);
    int i = 0, scope = c->env.n;
    CXCursor cond = clang_getNullCursor();
    /* [init-stmt] [condition variable] condition then [else] */
    if (i < ch.n && clang_getCursorKind(ch.items[i]) == CXCursor_DeclStmt) walk_stmt(c, ch.items[i++]);
    if (i < ch.n && clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl) declare_var(c, ch.items[i++]);
    if (i < ch.n) cond = ch.items[i++];
    CXCursor then_s = i < ch.n ? ch.items[i++] : clang_getNullCursor();
    CXCursor else_s = i < ch.n ? ch.items[i++] : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(cond)) return;
    Value cv = eval(c, cond, MODE_LOAD);
    record_branch(c, BRANCH_IF, s, cond, &cv);

    Env orig = c->env;
    Env then_env = env_copy(&orig), else_env = env_copy(&orig);
    c->env = then_env;
    if (!clang_Cursor_isNull(then_s)) walk_stmt(c, then_s);
    then_env = c->env;
    c->env = else_env;
    if (!clang_Cursor_isNull(else_s)) walk_stmt(c, else_s);
    else_env = c->env;
    c->env = orig;
    env_merge(c, &orig, &then_env, &else_env, cv.a.deps);
    free(then_env.b);
    free(else_env.b);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

static void walk_switch(Ctx *c, CXCursor s)
{
    Children ch = children_of(s);
    int i = 0, scope = c->env.n;
    if (i < ch.n && clang_getCursorKind(ch.items[i]) == CXCursor_DeclStmt) walk_stmt(c, ch.items[i++]);
    if (i < ch.n && clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl) declare_var(c, ch.items[i++]);
    CXCursor cond = i < ch.n ? ch.items[i++] : clang_getNullCursor();
    CXCursor body = i < ch.n ? ch.items[i++] : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(cond)) return;
    Value cv = eval(c, cond, MODE_LOAD);
    record_branch(c, BRANCH_SWITCH, s, cond, &cv);
    Env orig = c->env;
    Env body_env = env_copy(&orig);
    c->env = body_env;
    if (!clang_Cursor_isNull(body)) walk_stmt(c, body);
    body_env = c->env;
    c->env = orig;
    /* Any case may or may not run: merge with the path that skips them. */
    Env skip = env_copy(&orig);
    env_merge(c, &orig, &body_env, &skip, cv.a.deps);
    free(skip.b);
    free(body_env.b);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

static void walk_stmt(Ctx *c, CXCursor s)
{
    if (clang_Cursor_isNull(s)) return;
    enum CXCursorKind k = clang_getCursorKind(s);
    switch (k) {
    case CXCursor_CompoundStmt: {
        int scope = c->env.n;
        Children ch = children_of(s);
        for (int i = 0; i < ch.n; i++) walk_stmt(c, ch.items[i]);
        children_free(&ch);
        c->env.n = scope < c->env.n ? scope : c->env.n;
        return;
    }
    case CXCursor_DeclStmt: {
        Children ch = children_of(s);
        for (int i = 0; i < ch.n; i++)
            if (clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl) declare_var(c, ch.items[i]);
        children_free(&ch);
        return;
    }
    case CXCursor_IfStmt:
        walk_if(c, s);
        return;
    case CXCursor_SwitchStmt:
        walk_switch(c, s);
        return;
    case CXCursor_ForStmt: {
        CXCursor init, cond, inc, body;
        for_parts(c, s, &init, &cond, &inc, &body);
        walk_loop(c, s, init, cond, inc, body);
        return;
    }
    case CXCursor_WhileStmt: {
        Children ch = children_of(s);
        int scope = c->env.n, i = 0;
        if (i < ch.n && clang_getCursorKind(ch.items[i]) == CXCursor_VarDecl) declare_var(c, ch.items[i++]);
        CXCursor cond = i < ch.n ? ch.items[i++] : clang_getNullCursor();
        CXCursor body = i < ch.n ? ch.items[i++] : clang_getNullCursor();
        children_free(&ch);
        walk_loop(c, s, clang_getNullCursor(), cond, clang_getNullCursor(), body);
        c->env.n = scope < c->env.n ? scope : c->env.n;
        return;
    }
    case CXCursor_DoStmt: {
        Children ch = children_of(s);
        CXCursor body = ch.n > 0 ? ch.items[0] : clang_getNullCursor();
        CXCursor cond = ch.n > 1 ? ch.items[1] : clang_getNullCursor();
        children_free(&ch);
        walk_loop(c, s, clang_getNullCursor(), cond, clang_getNullCursor(), body);
        return;
    }
    case CXCursor_ReturnStmt: {
        Children ch = children_of(s);
        if (ch.n == 1) {
            Value v = eval(c, ch.items[0], MODE_LOAD);
            if (c->collecting_return) {
                if (!c->have_return) {
                    c->ret = v;
                    c->have_return = true;
                } else if (!value_equal(&c->ret, &v)) {
                    c->ret = val_opaque(c->ret.a.deps | v.a.deps);
                }
            }
        }
        children_free(&ch);
        return;
    }
    case CXCursor_CaseStmt: {
        Children ch = children_of(s);
        for (int i = 1; i < ch.n; i++) walk_stmt(c, ch.items[i]);
        children_free(&ch);
        return;
    }
    case CXCursor_UnexposedStmt: {
        /* AttributedStmt: `#pragma unroll` shows up as its first tokens. */
        if (first_token_is(c, s, 0, "#") || first_token_is(c, s, 0, "_Pragma")) c->pending_unroll = true;
        Children ch = children_of(s);
        for (int i = 0; i < ch.n; i++) walk_stmt(c, ch.items[i]);
        children_free(&ch);
        c->pending_unroll = false;
        return;
    }
    case CXCursor_DefaultStmt:
    case CXCursor_LabelStmt: {
        Children ch = children_of(s);
        for (int i = 0; i < ch.n; i++) walk_stmt(c, ch.items[i]);
        children_free(&ch);
        return;
    }
    case CXCursor_NullStmt:
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
    case CXCursor_GotoStmt:
        return;
    default:
        if (is_expr_kind(k)) eval(c, s, MODE_LOAD);
        else {
            Children ch = children_of(s);
            for (int i = 0; i < ch.n; i++) walk_stmt(c, ch.items[i]);
            children_free(&ch);
        }
        return;
    }
}

/* ---------------------------------------------------------------- kernels */

static const char *const builtin_names[SYM_FIRST_USER] = {
    "threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z",
    "blockDim.x", "blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z"};

static const char *template_args_text(Ctx *c, CXCursor fn, const char *base)
{
    int n = clang_Cursor_getNumTemplateArguments(fn);
    if (n <= 0) return base;
    char buf[512];
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s<", base);
    for (int i = 0; i < n && len < sizeof buf - 32; i++) {
        enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i);
        if (i) len += (size_t)snprintf(buf + len, sizeof buf - len, ", ");
        if (k == CXTemplateArgumentKind_Type) {
            CXString s = clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(fn, (unsigned)i));
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s", clang_getCString(s));
            clang_disposeString(s);
        } else if (k == CXTemplateArgumentKind_Integral) {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%lld",
                                    clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
        } else {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "?");
        }
    }
    if (len < sizeof buf - 1) snprintf(buf + len, sizeof buf - len, ">");
    return arena_strdup(&c->m->arena, buf);
}

static void analyse_kernel(Ctx *c, CXCursor fn, bool is_pattern, bool is_instance)
{
    Kernel *k = VEC_PUSH(c->m->kernels, c->m->nkernels);
    c->k = k;
    k->base_name = cxstr(&c->m->arena, clang_getCursorSpelling(fn));
    k->name = is_instance ? template_args_text(c, fn, k->base_name) : k->base_name;
    k->is_template = is_pattern;
    SrcRange r = range_of(c, fn);
    CXSourceLocation nl = clang_getCursorLocation(fn);
    CXFile f;
    unsigned line, col;
    clang_getExpansionLocation(nl, &f, &line, &col, NULL);
    r.line = r.end_line = line;
    r.col = col;
    r.end_col = col + (unsigned)strlen(k->base_name);
    k->range = r;
    for (int i = 0; i < SYM_FIRST_USER; i++) {
        Symbol *s = VEC_PUSH(k->syms, k->nsyms);
        s->kind = SYMK_BUILTIN;
        s->name = builtin_names[i];
        s->param = -1;
        s->loop = -1;
    }
    c->env.n = 0;
    c->loop = -1;
    c->call_depth = 0;
    c->ncalls = 0;
    c->collecting_return = false;
    Children pch = {NULL, 0};
    int np = clang_Cursor_getNumArguments(fn);
    if (np < 0) { /* a template pattern: parameters are ParmDecl children */
        Children all = children_of(fn);
        for (int i = 0; i < all.n; i++)
            if (clang_getCursorKind(all.items[i]) == CXCursor_ParmDecl) *VEC_PUSH(pch.items, pch.n) = all.items[i];
        children_free(&all);
        np = pch.n;
    }
    for (int i = 0; i < np; i++) {
        CXCursor pd = pch.n ? pch.items[i] : clang_Cursor_getArgument(fn, i);
        Param *p = VEC_PUSH(k->params, k->nparams);
        CXType t = clang_getCursorType(pd);
        p->name = cxstr(&c->m->arena, clang_getCursorSpelling(pd));
        if (!p->name[0]) p->name = arena_printf(&c->m->arena, "arg%d", i);
        p->type = type_name_for(c, t);
        p->is_pointer = is_pointer_type(t);
        p->is_restrict = clang_isRestrictQualifiedType(t) != 0;
        p->symbol = -1;
        Value v;
        if (p->is_pointer) {
            CXType pt = clang_getPointeeType(canon(t));
            long long ps = type_size(canon(pt));
            p->pointee_bytes = ps > 0 ? (int)ps : -1;
            Affine zero = aff_const(0);
            zero.deps = DEP_PARAM;
            v = pointer_value(SPACE_GLOBAL, i, p->name, -1, zero);
        } else if (is_integer_type(t)) {
            p->symbol = new_symbol(c, SYMK_PARAM, p->name);
            k->syms[p->symbol].param = i;
            v = val_int(aff_symbol(p->symbol, DEP_PARAM));
        } else {
            v = val_opaque(DEP_PARAM);
        }
        env_set(c, pd, v);
    }
    children_free(&pch);
    walk_stmt(c, body_of(fn));
    free(c->env.b);
    c->env.b = NULL;
    c->env.n = 0;
    c->k = NULL;
}

/* ---------------------------------------------------------------- launches */

static bool is_config_call(CXCursor cur)
{
    if (clang_getCursorKind(cur) != CXCursor_CallExpr) return false;
    CXString s = clang_getCursorSpelling(cur);
    const char *n = clang_getCString(s);
    bool r = n && (strcmp(n, "cudaConfigureCall") == 0 || strcmp(n, "__cudaPushCallConfiguration") == 0 ||
                   strcmp(n, "hipConfigureCall") == 0 || strcmp(n, "__hipPushCallConfiguration") == 0);
    clang_disposeString(s);
    return r;
}

static CXCursor find_config_call(CXCursor launch)
{
    Children ch = children_of(launch);
    CXCursor cfg = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(cfg); i++) {
        CXCursor x = strip(ch.items[i]);
        if (is_config_call(x)) cfg = x;
    }
    children_free(&ch);
    return cfg;
}

typedef struct {
    Ctx *c;
    CXCursor fn;       /* enclosing host function */
    const char *fn_name;
} HostScan;

/* Is `decl` assigned anywhere in `body` after its declaration? */
static bool assigned_in(Ctx *c, CXCursor body, CXCursor decl)
{
    AssignedSet set = {NULL, 0};
    scan_assignments(c, body, &set, 0);
    bool found = false;
    for (int i = 0; i < set.n; i++)
        if (clang_equalCursors(set.items[i].decl, decl)) found = true;
    free(set.items);
    return found;
}

static void dim_value(Ctx *c, HostScan *hs, CXCursor e, DimValue *d, Launch *L)
{
    CXCursor s = strip(e);
    d->text = text_of(c, s);
    long long v;
    if (location_in_macro(s)) {
        d->origin = arena_printf(&c->m->arena, "macro %s", d->text);
        d->where = spelling_range_of(c, s);
    }
    if (eval_const(e, &v)) {
        d->known = true;
        d->value = v;
        if (!d->origin) d->origin = d->text[0] ? "literal" : "default";
        if (!d->text[0]) d->text = arena_printf(&c->m->arena, "%lld", v);
    }
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        CXType t = clang_getCursorType(ref);
        if (rk == CXCursor_NonTypeTemplateParameter) {
            L->block_is_template_param = true;
            d->origin = arena_printf(&c->m->arena, "template parameter %s", d->text);
        } else if (rk == CXCursor_ParmDecl) {
            L->block_runtime = true;
            d->origin = arena_printf(&c->m->arena, "parameter %s", d->text);
        } else if (rk == CXCursor_VarDecl) {
            d->where = range_of(c, ref);
            if (d->known) {
                d->origin = arena_printf(&c->m->arena, "%s %s", clang_isConstQualifiedType(t) ? "const" : "constexpr", d->text);
            } else {
                CXCursor init = initializer_of(ref);
                if (!clang_Cursor_isNull(init) && eval_const(init, &v) && !clang_Cursor_isNull(hs->fn) &&
                    !assigned_in(c, body_of(hs->fn), ref)) {
                    d->known = true;
                    d->value = v;
                    d->origin = arena_printf(&c->m->arena, "local %s = %lld (assigned once)", d->text, v);
                } else {
                    L->block_runtime = true;
                    d->origin = arena_printf(&c->m->arena, "runtime value %s", d->text);
                }
            }
        }
    } else if (!d->known) {
        /* a call, an array element (tuning table), arithmetic on runtime values */
        if (clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr || clang_getCursorKind(s) == CXCursor_CallExpr ||
            !d->origin) {
            L->block_runtime = true;
            d->origin = arena_printf(&c->m->arena, "runtime value %s", d->text);
        }
        /* a template-dependent expression */
        Children ch = children_of(s);
        for (int i = 0; i < ch.n; i++) {
            CXCursor x = strip(ch.items[i]);
            if (clang_getCursorKind(x) == CXCursor_DeclRefExpr &&
                clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_NonTypeTemplateParameter)
                L->block_is_template_param = true;
        }
        children_free(&ch);
    }
}

/* Evaluates a dim3 (or integer) launch argument: follows copies and local
 * variables to the constructor that spells the shape. */
static void eval_dim3(Ctx *c, HostScan *hs, CXCursor e, DimValue dims[3], SrcRange *where, const char **text, Launch *L,
                      int depth)
{
    CXCursor s = strip(e);
    enum CXCursorKind k = clang_getCursorKind(s);
    if (depth > 4) return;
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl) {
            CXCursor init = initializer_of(ref);
            if (!clang_Cursor_isNull(hs->fn) && assigned_in(c, body_of(hs->fn), ref)) L->block_runtime = true;
            if (!clang_Cursor_isNull(init)) {
                SrcRange vr = range_of(c, ref);
                eval_dim3(c, hs, init, dims, where, text, L, depth + 1);
                *where = vr;
                *text = text_of(c, ref);
                return;
            }
        }
        if (clang_getCursorKind(ref) == CXCursor_ParmDecl) L->block_runtime = true;
        *where = range_of(c, s);
        *text = text_of(c, s);
        return;
    }
    CXType t = canon(clang_getCursorType(s));
    if ((k == CXCursor_CallExpr || k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_UnexposedExpr) &&
        t.kind == CXType_Record) {
        int n = clang_Cursor_getNumArguments(s);
        if (n == 1 && canon(clang_getCursorType(clang_Cursor_getArgument(s, 0))).kind == CXType_Record) {
            eval_dim3(c, hs, clang_Cursor_getArgument(s, 0), dims, where, text, L, depth + 1);
            return;
        }
        if (n >= 1) {
            for (int i = 0; i < 3 && i < n; i++) dim_value(c, hs, clang_Cursor_getArgument(s, i), &dims[i], L);
            for (int i = n; i < 3; i++) {
                dims[i].known = true;
                dims[i].value = 1;
                dims[i].text = "1";
                dims[i].origin = "default";
            }
            *where = range_of(c, s);
            *text = text_of(c, s);
            return;
        }
        Children ch = children_of(s);
        if (ch.n == 1) eval_dim3(c, hs, ch.items[0], dims, where, text, L, depth + 1);
        children_free(&ch);
        if (!*text) {
            *where = range_of(c, s);
            *text = text_of(c, s);
        }
        return;
    }
    /* a scalar: dim3(n, 1, 1) */
    dim_value(c, hs, s, &dims[0], L);
    for (int i = 1; i < 3; i++) {
        dims[i].known = true;
        dims[i].value = 1;
        dims[i].text = "1";
        dims[i].origin = "default";
    }
    *where = range_of(c, s);
    *text = text_of(c, s);
}

static void record_launch(Ctx *c, HostScan *hs, CXCursor call, CXCursor cfg)
{
    Launch *L = VEC_PUSH(c->m->launches, c->m->nlaunches);
    L->kernel = -1;
    L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(call));
    L->range = range_of(c, call);
    L->function = hs->fn_name;
    int ncfg = clang_Cursor_getNumArguments(cfg);
    if (ncfg >= 2) {
        SrcRange gw = {0};
        const char *gt = NULL;
        eval_dim3(c, hs, clang_Cursor_getArgument(cfg, 1), L->block, &L->block_range, &L->block_text, L, 0);
        bool br = L->block_runtime, bt = L->block_is_template_param;
        eval_dim3(c, hs, clang_Cursor_getArgument(cfg, 0), L->grid, &gw, &gt, L, 0);
        L->block_runtime = br;
        L->block_is_template_param = bt;
    }
    int n = clang_Cursor_getNumArguments(call);
    if (n > 0) {
        L->nargs = n;
        L->arg_known = arena_alloc(&c->m->arena, sizeof(bool) * (size_t)n);
        L->arg_value = arena_alloc(&c->m->arena, sizeof(long long) * (size_t)n);
        L->arg_text = arena_alloc(&c->m->arena, sizeof(char *) * (size_t)n);
        for (int i = 0; i < n; i++) {
            CXCursor a = clang_Cursor_getArgument(call, i);
            L->arg_text[i] = text_of(c, a);
            long long v;
            if (eval_const(a, &v)) {
                L->arg_known[i] = true;
                L->arg_value[i] = v;
            }
        }
    }
}

typedef struct {
    Ctx *c;
    HostScan *hs;
    CXCursor *targets;  /* kernel cursors launched (for template instantiations) */
    int ntargets;
} LaunchScan;

typedef struct {
    Ctx *c;
    CXCursor var;
    SymbolWrite *w;
} CaseScan;

static enum CXChildVisitResult scan_cases(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    CaseScan *cs = data;
    if (clang_getCursorKind(cur) == CXCursor_CaseStmt) {
        Children ch = children_of(cur);
        long long v;
        if (ch.n >= 1 && eval_const(ch.items[0], &v) && cs->w->nvalues < 16) cs->w->values[cs->w->nvalues++] = v;
        children_free(&ch);
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult scan_switches(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    CaseScan *cs = data;
    if (clang_getCursorKind(cur) == CXCursor_SwitchStmt) {
        Children ch = children_of(cur);
        if (ch.n >= 2 && is_decl_of(ch.items[0], cs->var)) {
            clang_visitChildren(ch.items[ch.n - 1], scan_cases, cs);
            cs->w->value_source = "switch";
        }
        children_free(&ch);
    }
    return CXChildVisit_Recurse;
}

/* cudaMemcpyToSymbol(sym, &v, ...): what values can v have? */
static void record_symbol_write(Ctx *c, HostScan *hs, CXCursor call)
{
    if (clang_Cursor_getNumArguments(call) < 2) return;
    CXCursor sym = strip(clang_Cursor_getArgument(call, 0));
    if (clang_getCursorKind(sym) != CXCursor_DeclRefExpr) return;
    SymbolWrite *w = VEC_PUSH(c->m->symbol_writes, c->m->nsymbol_writes);
    w->symbol = cxstr(&c->m->arena, clang_getCursorSpelling(sym));
    w->range = range_of(c, call);
    CXCursor src = strip(clang_Cursor_getArgument(call, 1));
    if (clang_getCursorKind(src) == CXCursor_UnaryOperator) {
        Children ch = children_of(src);
        if (ch.n == 1) src = strip(ch.items[0]);
        children_free(&ch);
    }
    if (clang_getCursorKind(src) != CXCursor_DeclRefExpr) return;
    CXCursor var = clang_getCursorReferenced(src);
    long long v;
    CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
    if (!clang_Cursor_isNull(init) && eval_const(init, &v) &&
        (clang_isConstQualifiedType(clang_getCursorType(var)) || !assigned_in(c, body_of(hs->fn), var))) {
        w->values[w->nvalues++] = v;
        w->value_source = "constant";
        return;
    }
    CaseScan cs = {c, var, w};
    clang_visitChildren(hs->fn, scan_switches, &cs);
}

static enum CXChildVisitResult scan_launches(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    LaunchScan *ls = data;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) {
        CXString cs = clang_getCursorSpelling(cur);
        const char *cn = clang_getCString(cs);
        bool symbol_write = cn && strncmp(cn, "cudaMemcpyToSymbol", 18) == 0;
        clang_disposeString(cs);
        if (symbol_write) record_symbol_write(ls->c, ls->hs, cur);
        CXCursor cfg = find_config_call(cur);
        if (!clang_Cursor_isNull(cfg)) {
            record_launch(ls->c, ls->hs, cur, cfg);
            CXCursor ref = clang_getCursorReferenced(cur);
            if (!clang_Cursor_isNull(ref)) *VEC_PUSH(ls->targets, ls->ntargets) = ref;
        }
    }
    return CXChildVisit_Recurse;
}

/* ---------------------------------------------------------------- the TU */

typedef struct {
    Ctx *c;
    CXCursor *kernels; int nkernels;
    CXCursor *hosts; int nhosts;
} TopScan;

static enum CXChildVisitResult scan_top(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    TopScan *ts = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    /* Only the main file: walking the declarations of a precompiled header
     * would deserialize all of them (20x the cost of the file itself). */
    if (!in_main_file(cur)) return CXChildVisit_Continue;
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) {
        if (!clang_isCursorDefinition(cur)) return CXChildVisit_Continue;
        if (has_attr(cur, CXCursor_CUDAGlobalAttr)) *VEC_PUSH(ts->kernels, ts->nkernels) = cur;
        else if (!has_attr(cur, CXCursor_CUDADeviceAttr) || has_attr(cur, CXCursor_CUDAHostAttr))
            *VEC_PUSH(ts->hosts, ts->nhosts) = cur;
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Continue;
}

static bool same_function(CXCursor a, CXCursor b)
{
    if (clang_equalCursors(a, b)) return true;
    CXCursor da = clang_getCursorDefinition(a), db = clang_getCursorDefinition(b);
    return !clang_Cursor_isNull(da) && !clang_Cursor_isNull(db) && clang_equalCursors(da, db);
}

void model_build(Model *m, CXTranslationUnit tu, const char *shim_dir)
{
    Ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.tu = tu;
    c.shim_dir = shim_dir;
    c.loop = -1;

    TopScan ts = {&c, NULL, 0, NULL, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), scan_top, &ts);

    /* Launch sites first: they say which template instantiations to analyse. */
    CXCursor *launch_targets = NULL;
    int ntargets = 0;
    for (int i = 0; i < ts.nhosts; i++) {
        HostScan hs = {&c, ts.hosts[i], cxstr(&m->arena, clang_getCursorSpelling(ts.hosts[i]))};
        int before = m->nlaunches;
        LaunchScan ls = {&c, &hs, NULL, 0};
        clang_visitChildren(ts.hosts[i], scan_launches, &ls);
        /* keep targets parallel to launches */
        for (int j = before; j < m->nlaunches; j++)
            *VEC_PUSH(launch_targets, ntargets) = (j - before < ls.ntargets) ? ls.targets[j - before] : clang_getNullCursor();
        free(ls.targets);
    }

    CXCursor *analysed = NULL;
    int nanalysed = 0;
    for (int i = 0; i < ts.nkernels; i++) {
        CXCursor kc = ts.kernels[i];
        if (clang_getCursorKind(kc) == CXCursor_FunctionTemplate) {
            int found = 0;
            for (int j = 0; j < ntargets; j++) {
                CXCursor t = launch_targets[j];
                if (clang_Cursor_isNull(t)) continue;
                CXCursor tmpl = clang_getSpecializedCursorTemplate(t);
                if (clang_Cursor_isNull(tmpl) || !clang_equalCursors(tmpl, kc)) continue;
                bool dup = false;
                for (int q = 0; q < nanalysed; q++)
                    if (clang_equalCursors(analysed[q], t)) dup = true;
                if (dup) continue;
                analyse_kernel(&c, t, false, true);
                *VEC_PUSH(analysed, nanalysed) = t;
                found++;
            }
            if (!found) {
                analyse_kernel(&c, kc, true, false);
                *VEC_PUSH(analysed, nanalysed) = kc;
            }
        } else {
            analyse_kernel(&c, kc, false, false);
            *VEC_PUSH(analysed, nanalysed) = kc;
        }
    }

    /* Link launches to kernels; a block shape is known when all launches agree. */
    for (int j = 0; j < m->nlaunches; j++) {
        Launch *L = &m->launches[j];
        if (clang_Cursor_isNull(launch_targets[j])) continue;
        for (int q = 0; q < nanalysed; q++) {
            if (!same_function(launch_targets[j], analysed[q])) continue;
            L->kernel = q;
            Kernel *k = &m->kernels[q];
            bool known = L->block[0].known && L->block[1].known && L->block[2].known;
            BlockShape s = {known, (int)L->block[0].value, (int)L->block[1].value, (int)L->block[2].value};
            if (k->nlaunches == 0) k->block = s;
            else if (!known || !k->block.known || k->block.x != s.x || k->block.y != s.y || k->block.z != s.z)
                k->block.known = false;
            k->nlaunches++;
            break;
        }
    }
    free(launch_targets);
    free(analysed);
    free(ts.kernels);
    free(ts.hosts);
}
