/* facts.c - what the interpreter records in the kernel model: memory
 * accesses, branches, float->double conversions and math library calls. */
#include "frontend/interp.h"
#include "frontend/opencl_build_types.h"
#include "util/vec.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- nesting */

bool nesting_enter(Ctx *c, CXCursor at)
{
    if (c->nesting < MAX_NESTING) {
        c->nesting++;
        return true;
    }
    if (!c->nesting_noted) {
        c->nesting_noted = true;
        ModelNote *n = VEC_PUSH(c->m->notes, c->m->nnotes);
        n->range = range_of(&c->cx, at);
        n->message = arena_printf(&c->m->arena, "%s too deep at %s:%u (more than %d levels), analysis of this part skipped",
                                  c->stmt_nesting * 2 > c->nesting ? "statement nesting" : "expression",
                                  n->range.file ? n->range.file : "?", n->range.line, MAX_NESTING);
    }
    return false;
}

void nesting_leave(Ctx *c)
{
    c->nesting--;
}

/* ---------------------------------------------------------------- accesses */

int current_loop_depth(Ctx *c)
{
    return c->loop >= 0 ? c->k->loops[c->loop].depth : 0;
}

void mark_loops(Ctx *c, bool barrier, bool store, bool atomic)
{
    for (int l = c->loop; l >= 0; l = c->k->loops[l].parent) {
        if (barrier) c->k->loops[l].has_barrier = true;
        if (store) c->k->loops[l].has_store = true;
        if (atomic) c->k->loops[l].has_atomic = true;
    }
}

/* Removes OpenCL's address-space words from a type's spelling ("const
 * __global float" -> "const float"; "float *__private" -> "float *"):
 * where memory lives is the access's space, not part of its type.  CUDA
 * spellings never hold them. */
static void strip_address_spaces(char *s)
{
    static const char *const words[] = {"__global", "__local", "__constant", "__private", "__generic"};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        size_t n = strlen(words[w]);
        for (char *p = strstr(s, words[w]); p; p = strstr(p, words[w])) {
            bool start = p == s || p[-1] == ' ' || p[-1] == '*';
            if (!start || (p[n] != ' ' && p[n] != 0)) {
                p += n;
                continue;
            }
            size_t skip = p[n] == ' ' ? n + 1 : n;
            memmove(p, p + skip, strlen(p + skip) + 1);
        }
    }
    size_t len = strlen(s);
    while (len && s[len - 1] == ' ') s[--len] = 0;
}

const char *type_name_for(Ctx *c, CXType t)
{
    char *name = cxstr(&c->m->arena, clang_getTypeSpelling(t));
    if (c->d->address_spaces_in_type_names) strip_address_spaces(name);
    return name;
}

static void fill_elem(Ctx *c, Access *a, CXType t)
{
    CXType ct = canon(t);
    a->elem_type = type_name_for(c, t);
    a->elem_canonical = type_name_for(c, ct);
    const TypeArg *arg = subst_arg(t); /* a substituted template parameter: its argument */
    if (arg) a->elem_type = a->elem_canonical = arena_printf(&c->m->arena, "%s%s", clang_isConstQualifiedType(ct) ? "const " : "", arg->spelling);
    long long size = type_size(ct), align = type_align(ct);
    a->elem_bytes = size > 0 ? (int)size : -1; /* libclang's layout errors are negative: unknown */
    a->elem_align = align > 0 ? (int)align : arg && arg->size > 0 && arg->kind ? (int)arg->size : -1;
    a->elem_is_record = ct.kind == CXType_Record;
    a->elem_is_integer = is_integer_type(ct);
    if (arg && ct.kind == CXType_Unexposed) { /* a pattern's T: what its argument is */
        a->elem_is_integer = arg->kind == 'i';
        a->elem_is_record = arg->kind == 'f' && arg->size == 2; /* __half, __nv_bfloat16: 2-byte structs */
    }
    if (a->elem_is_record) {
        const char *n = a->elem_canonical;
        const char *sp = strrchr(n, ' ');
        if (strncmp(n, "const ", 6) == 0) n += 6;
        if (sp && strncmp(n, "struct ", 7) == 0) n += 7;
        a->elem_is_vector = c->d->is_vector_type(n);
    }
    if (ct.kind == CXType_ExtVector || ct.kind == CXType_Vector) a->elem_is_vector = true;
}

/* Is `at` (or what it dereferences) a pointer parameter of the innermost
 * inlined function itself: a wrapper that loads or stores through the
 * pointer its caller passes (load(&keys[i]) around __ldg or CUB's
 * ThreadLoad)?  The access is then the caller's expression. */
static bool wrapper_parameter(Ctx *c, CXCursor at)
{
    if (c->ncalls == 0 || c->have_self || c->lambda_body) return false;
    CXCursor x = strip(at);
    if (clang_getCursorKind(x) == CXCursor_UnaryOperator && unary_op(&c->cx, x) == OP_DEREF) {
        Children ch = children_of(x);
        x = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
    }
    if (clang_getCursorKind(x) != CXCursor_DeclRefExpr) return false;
    CXCursor ref = clang_getCursorReferenced(x);
    return clang_getCursorKind(ref) == CXCursor_ParmDecl &&
           clang_equalCursors(clang_getCursorSemanticParent(ref), c->call_stack[c->ncalls - 1]);
}

Access *record_access(Ctx *c, const Value *base, Affine byte_offset, CXType elem, CXCursor at, int mode_load,
                      int mode_store)
{
    Access *a = VEC_PUSH(c->k->accesses, c->k->naccesses);
    a->space = base->space;
    a->base_param = base->base_param;
    a->base_name = base->base_name ? base->base_name : "?";
    a->array = base->array;
    fill_elem(c, a, elem);
    a->is_load = mode_load;
    a->is_store = mode_store;
    a->byte_offset = recorded_affine(c, byte_offset);
    a->data_offset = a->byte_offset.exact ? aff_opaque(0) : byte_offset;
    a->loop = c->loop;
    bool in_accessor = c->have_self && !c->lambda_body;
    a->call_depth = in_accessor ? c->accessor_depth : c->call_depth;
    a->call_site = c->call_site;
    a->range = in_accessor ? c->accessor_site : wrapper_parameter(c, at) ? c->inner_call_site : range_of(&c->cx, at);
    if (mode_store && (a->space == SPACE_GLOBAL || a->space == SPACE_SHARED || a->space == SPACE_UNKNOWN))
        mark_loops(c, false, true, false);
    return a;
}

/* ---------------------------------------------------------------- branches */

typedef struct {
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

/* ------------------------------------------------------ what an if's paths do */

static bool is_math_function(const char *name);

/* printf, assert and the traps: paths that only report an error. */
static bool is_diagnostic_call(const char *name)
{
    return strstr(name, "printf") || strstr(name, "assert") || strstr(name, "trap") || strstr(name, "abort") ||
           strcmp(name, "exit") == 0 || strcmp(name, "__brkpt") == 0;
}

/* A math function by any of its spellings: exp, expf, __expf, std::exp,
 * and the min/max/abs family. */
static bool is_pure_math_name(const char *name)
{
    static const char *const extra[] = {"min", "max", "fminf", "fmaxf", "abs", "fabsf", "rsqrtf", "__saturatef",
                                        "__fdividef", "__frcp_rn", "clamp", "mad", "fma", "fmaf", "select"};
    char base[64];
    if (strncmp(name, "std::", 5) == 0) name += 5;
    while (name[0] == '_') name++;
    snprintf(base, sizeof base, "%s", name);
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (strcmp(base, extra[i]) == 0) return true;
    if (is_math_function(base)) return true;
    size_t n = strlen(base);
    if (n > 1 && base[n - 1] == 'f') {
        base[n - 1] = 0;
        return is_math_function(base);
    }
    return false;
}

/* A variable of the thread's own (not __shared__, __constant__, __device__). */
static bool in_registers(Ctx *c, CXCursor var)
{
    AddrSpace sp = c->d->var_space(var);
    return (sp == SPACE_UNKNOWN || sp == SPACE_LOCAL) && !is_array_type(clang_getCursorType(var));
}

/* `v[j]` of a per-thread array (float v[4] in a kernel): registers once its
 * loop is unrolled, the usual case for such arrays.  Returns the array's
 * declaration, or a null cursor. */
static CXCursor thread_array_of(Ctx *c, CXCursor e)
{
    CXCursor none = clang_getNullCursor();
    e = strip(e);
    if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr) return none;
    Children ch = children_of(e);
    CXCursor base = ch.n == 2 ? strip(ch.items[0]) : none;
    children_free(&ch);
    if (clang_Cursor_isNull(base) || clang_getCursorKind(base) != CXCursor_DeclRefExpr) return none;
    CXCursor ref = clang_getCursorReferenced(base);
    if (clang_getCursorKind(ref) != CXCursor_VarDecl || !is_array_type(clang_getCursorType(ref))) return none;
    AddrSpace sp = c->d->var_space(ref);
    return sp == SPACE_UNKNOWN || sp == SPACE_LOCAL ? ref : none;
}

typedef struct {
    Ctx *c;
    bool register_only; /* no memory access, no assignment, no call but math */
    bool diagnostic;    /* a printf/assert/trap call */
    bool other_call;
} ExprScan;

static enum CXChildVisitResult scan_expr(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    ExprScan *es = data;
    switch (clang_getCursorKind(cur)) {
    case CXCursor_CallExpr: {
        CXString s = clang_getCursorSpelling(cur);
        const char *n = clang_getCString(s);
        if (n && is_diagnostic_call(n)) es->diagnostic = true;
        else if (!n || !is_pure_math_name(n)) es->other_call = true;
        if (!n || !is_pure_math_name(n)) es->register_only = false;
        clang_disposeString(s);
        break;
    }
    case CXCursor_ArraySubscriptExpr:
        if (clang_Cursor_isNull(thread_array_of(es->c, cur))) es->register_only = false;
        break;
    case CXCursor_UnaryOperator: {
        Op op = unary_op(&es->c->cx, cur);
        if (op == OP_DEREF || op == OP_PREINC || op == OP_PREDEC || op == OP_POSTINC || op == OP_POSTDEC)
            es->register_only = false;
        break;
    }
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        es->register_only = false; /* the caller looks at the top assignment itself */
        break;
    case CXCursor_MemberRefExpr: {
        Children ch = children_of(cur);
        if (ch.n && is_pointer_type(clang_getCursorType(ch.items[0]))) es->register_only = false;
        children_free(&ch);
        break;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(cur);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && !in_registers(es->c, ref) &&
            !(is_array_type(clang_getCursorType(ref)) && (es->c->d->var_space(ref) == SPACE_UNKNOWN ||
                                                          es->c->d->var_space(ref) == SPACE_LOCAL)))
            es->register_only = false;
        return CXChildVisit_Continue;
    }
    default:
        break;
    }
    return CXChildVisit_Recurse;
}

/* Binary operators inside a right-hand side are plain arithmetic unless they
 * assign: scan_expr is conservative about them, so look again. */
static bool rhs_register_only(Ctx *c, CXCursor e)
{
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_CompoundAssignOperator) return false;
    if (k == CXCursor_BinaryOperator) {
        Children ch = children_of(e);
        bool ok = ch.n == 2 && !is_assign_op(binary_op(&c->cx, e, ch.items[1])) && rhs_register_only(c, ch.items[0]) &&
                  rhs_register_only(c, ch.items[1]);
        children_free(&ch);
        return ok;
    }
    ExprScan es = {c, true, false, false};
    if (k == CXCursor_CallExpr || k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator ||
        k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
        scan_expr(e, e, &es);
        if (!es.register_only) return false;
        if (k == CXCursor_DeclRefExpr) return true;
    }
    Children ch = children_of(e);
    bool ok = true;
    for (int i = 0; i < ch.n && ok; i++) ok = rhs_register_only(c, ch.items[i]);
    children_free(&ch);
    return ok;
}

typedef enum { PATH_EMPTY, PATH_RETURN, PATH_DIAGNOSTIC, PATH_OTHER } PathKind;

static PathKind path_kind(Ctx *c, CXCursor s, int depth)
{
    if (clang_Cursor_isNull(s)) return PATH_EMPTY;
    if (depth > 8) return PATH_OTHER;
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_NullStmt) return PATH_EMPTY;
    if (k == CXCursor_ReturnStmt) return PATH_RETURN;
    if (k == CXCursor_AsmStmt) {
        const char *t = text_of(&c->cx, s);
        return strstr(t, "trap") || strstr(t, "brkpt") ? PATH_DIAGNOSTIC : PATH_OTHER;
    }
    if (k == CXCursor_CompoundStmt || k == CXCursor_DoStmt) {
        Children ch = children_of(s);
        PathKind worst = PATH_EMPTY;
        int n = ch.n;
        if (k == CXCursor_DoStmt) { /* do { ... } while (0): the macro idiom */
            long long v = 1;
            if (ch.n != 2 || !eval_const(ch.items[1], &v) || v != 0) worst = PATH_OTHER;
            n = ch.n ? 1 : 0;
        }
        for (int i = 0; i < n && worst != PATH_OTHER; i++) {
            PathKind p = path_kind(c, ch.items[i], depth + 1);
            if (p > worst) worst = p;
        }
        children_free(&ch);
        return worst;
    }
    if (!is_expr_kind(k)) return PATH_OTHER;
    ExprScan es = {c, true, false, false};
    scan_expr(s, s, &es);
    clang_visitChildren(s, scan_expr, &es);
    if (es.diagnostic && !es.other_call) return PATH_DIAGNOSTIC;
    CXType t = clang_getCursorType(s);
    if (t.kind == CXType_Void && !es.other_call && !es.diagnostic && es.register_only) return PATH_EMPTY; /* (void)0 */
    return PATH_OTHER;
}

/* The local scalar a path assigns when it is exactly one register-only
 * assignment (`v = fmaxf(v, 0.0f);`, `{ scale *= 2.0f; }`), else NULL. */
static CXCursor select_target(Ctx *c, CXCursor s)
{
    CXCursor none = clang_getNullCursor();
    if (clang_Cursor_isNull(s)) return none;
    if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
        Children ch = children_of(s);
        CXCursor r = ch.n == 1 ? select_target(c, ch.items[0]) : none;
        children_free(&ch);
        return r;
    }
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) return none;
    Children ch = children_of(s);
    CXCursor r = none;
    if (ch.n == 2 && is_assign_op(binary_op(&c->cx, s, ch.items[1]))) {
        CXCursor lhs = strip(ch.items[0]);
        CXCursor ref = clang_getCursorReferenced(lhs);
        bool local = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
                     (clang_getCursorKind(ref) == CXCursor_VarDecl || clang_getCursorKind(ref) == CXCursor_ParmDecl) &&
                     in_registers(c, ref);
        CXCursor element_of = thread_array_of(c, lhs);
        if (!clang_Cursor_isNull(element_of)) {
            local = true;
            ref = element_of;
        }
        if (local && rhs_register_only(c, ch.items[1])) r = ref;
    }
    children_free(&ch);
    return r;
}

static BranchBody if_body(Ctx *c, CXCursor stmt, CXCursor cond)
{
    Children ch = children_of(stmt);
    CXCursor then_s = clang_getNullCursor(), else_s = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (clang_equalCursors(ch.items[i], cond)) {
            if (i + 1 < ch.n) then_s = ch.items[i + 1];
            if (i + 2 < ch.n) else_s = ch.items[i + 2];
        }
    children_free(&ch);
    PathKind a = path_kind(c, then_s, 0), b = path_kind(c, else_s, 0);
    PathKind worst = a > b ? a : b;
    if (worst == PATH_EMPTY) return BODY_EMPTY;
    if (worst == PATH_DIAGNOSTIC) return BODY_DIAGNOSTIC;
    CXCursor t = select_target(c, then_s);
    if (clang_Cursor_isNull(t)) return BODY_WORK;
    if (clang_Cursor_isNull(else_s)) return BODY_SELECT;
    CXCursor e = select_target(c, else_s);
    return !clang_Cursor_isNull(e) && clang_equalCursors(t, e) ? BODY_SELECT : BODY_WORK;
}

/* ------------------------------------------------------- symbol limits */

/* The condition inside assert's expansion: casts to bool, !!(x), and
 * __builtin_expect(x, 1) peeled off. */
static CXCursor unwrap_condition(Ctx *c, CXCursor e)
{
    for (int guard = 0; guard < 8; guard++) {
        e = strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        Children ch = children_of(e);
        CXCursor next = clang_getNullCursor();
        if ((k == CXCursor_CXXStaticCastExpr || k == CXCursor_CStyleCastExpr || k == CXCursor_CXXFunctionalCastExpr) && ch.n >= 1)
            next = ch.items[ch.n - 1];
        else if (k == CXCursor_UnaryOperator && unary_op(&c->cx, e) == OP_LNOT && ch.n == 1) {
            CXCursor in = strip(ch.items[0]);
            if (clang_getCursorKind(in) == CXCursor_UnaryOperator && unary_op(&c->cx, in) == OP_LNOT) {
                Children ich = children_of(in);
                if (ich.n == 1) next = ich.items[0];
                children_free(&ich);
            }
        } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 2) {
            const char *n = cxstr(&c->m->arena, clang_getCursorSpelling(e));
            if (strcmp(n, "__builtin_expect") == 0) next = clang_Cursor_getArgument(e, 0);
        }
        children_free(&ch);
        if (clang_Cursor_isNull(next)) return e;
        e = next;
    }
    return e;
}

/* A uniform symbol alone (k, c_taps): its id, else -1. */
static int lone_symbol(Ctx *c, const Value *v)
{
    if (!v->a.exact || v->a.nterms != 1 || v->a.term[0].nfactors != 1 || v->a.term[0].coef != 1) return -1;
    int s = v->a.term[0].factor[0];
    if (s < SYM_FIRST_USER || s >= c->k->nsyms) return -1;
    SymbolKind kind = c->k->syms[s].kind;
    return kind == SYMK_PARAM || kind == SYMK_CONSTMEM ? s : -1;
}

/* Records the caps `e` implies.  holds: e is true after the guard (an
 * assert), else e is the condition that leaves (if (e) return;).  A && of
 * held conditions and an || of leaving ones give a cap from each side. */
static void note_limits(Ctx *c, CXCursor e, bool holds, bool from_assert, SrcRange at, int depth)
{
    e = strip(e);
    if (depth > 8 || clang_getCursorKind(e) != CXCursor_BinaryOperator) return;
    Children ch = children_of(e);
    if (ch.n != 2) {
        children_free(&ch);
        return;
    }
    Op op = binary_op(&c->cx, e, ch.items[1]);
    if ((op == OP_LAND && holds) || (op == OP_LOR && !holds)) {
        note_limits(c, ch.items[0], holds, from_assert, at, depth + 1);
        note_limits(c, ch.items[1], holds, from_assert, at, depth + 1);
        children_free(&ch);
        return;
    }
    int na = c->k->naccesses, nb = c->k->nbranches, nv = c->k->nconversions, nm = c->k->nmath_calls;
    Value l = eval(c, ch.items[0], MODE_LOAD), r = eval(c, ch.items[1], MODE_LOAD);
    c->k->naccesses = na;
    c->k->nbranches = nb;
    c->k->nconversions = nv;
    c->k->nmath_calls = nm;
    children_free(&ch);
    long long v;
    int s = -1;
    bool sym_left = false;
    if (aff_is_const(&r.a, &v)) { s = lone_symbol(c, &l); sym_left = true; }
    else if (aff_is_const(&l.a, &v)) s = lone_symbol(c, &r);
    if (s < 0) return;
    /* as "symbol OP v": mirror when the symbol is on the right */
    if (!sym_left) op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
    long long max;
    if (holds && op == OP_LE) max = v;
    else if (holds && op == OP_LT) max = v - 1;
    else if (!holds && op == OP_GT) max = v;
    else if (!holds && op == OP_GE) max = v - 1;
    else return;
    SymbolLimit *lim = VEC_PUSH(c->k->limits, c->k->nlimits);
    lim->symbol = s;
    lim->max = max;
    lim->from_assert = from_assert;
    lim->range = at;
}

void note_thread_compare(Ctx *c, const Value *l, const Value *r)
{
    for (int side = 0; side < 2; side++) {
        const Value *sym = side ? r : l, *other = side ? l : r;
        int s = lone_symbol(c, sym);
        if (s < 0 || !(other->a.deps & DEP_THREAD)) continue;
        ThreadCompare *t = NULL;
        for (int i = 0; i < c->k->nthread_compares && !t; i++)
            if (c->k->thread_compares[i].symbol == s) t = &c->k->thread_compares[i];
        if (!t) {
            t = VEC_PUSH(c->k->thread_compares, c->k->nthread_compares);
            t->symbol = s;
        }
        t->other_deps |= other->a.deps;
    }
}

/* `if (k > 16) return;` (or a trap/printf path) and assert(k <= 16),
 * outside loops: the kernel's symbol caps. */
static void record_limits(Ctx *c, BranchKind kind, CXCursor stmt, CXCursor cond, SrcRange at)
{
    if (c->loop >= 0) return;
    if (kind == BRANCH_IF) {
        Children ch = children_of(stmt);
        CXCursor then_s = clang_getNullCursor();
        bool has_else = false;
        for (int i = 0; i < ch.n; i++)
            if (clang_equalCursors(ch.items[i], cond)) {
                if (i + 1 < ch.n) then_s = ch.items[i + 1];
                has_else = i + 2 < ch.n;
            }
        children_free(&ch);
        PathKind p = path_kind(c, then_s, 0);
        if (!has_else && (p == PATH_RETURN || p == PATH_DIAGNOSTIC)) note_limits(c, cond, false, false, at, 0);
    } else if (kind == BRANCH_CONDITIONAL) {
        /* assert's expansion: cond ? (void)0 : __assert_fail(...) */
        Children ch = children_of(stmt);
        bool assert_shape = ch.n == 3 && path_kind(c, ch.items[2], 0) == PATH_DIAGNOSTIC &&
                            path_kind(c, ch.items[1], 0) == PATH_EMPTY;
        children_free(&ch);
        if (assert_shape) note_limits(c, unwrap_condition(c, cond), true, true, at, 0);
    }
}

void record_branch(Ctx *c, BranchKind kind, CXCursor stmt, CXCursor cond, const Value *cv)
{
    Branch *b = VEC_PUSH(c->k->branches, c->k->nbranches);
    b->kind = kind;
    b->cond = recorded_affine(c, cv->a);
    b->constant = aff_is_const(&cv->a, NULL) && !cv->is_ptr;
    b->cond_text = text_of(&c->cx, cond);
    b->loop = c->loop;
    b->loop_depth = current_loop_depth(c);
    b->call_depth = c->call_depth;
    b->call_site = c->call_site;
    SrcRange r = range_of(&c->cx, stmt);
    if (kind != BRANCH_CONDITIONAL) { /* just the keyword */
        r.end_line = r.line;
        r.end_col = r.col + (kind == BRANCH_IF ? 2 : 6);
    }
    b->range = r;
    if (kind == BRANCH_IF) b->is_constexpr = nth_token_is(&c->cx, stmt, cond, 1, "constexpr");
    b->body = kind == BRANCH_IF ? if_body(c, stmt, cond) : BODY_WORK;
    NameScan ns = {{0}, 0};
    clang_visitChildren(cond, scan_names, &ns);
    if (clang_getCursorKind(cond) == CXCursor_DeclRefExpr) scan_names(cond, cond, &ns);
    b->symbols = arena_strdup(&c->m->arena, ns.buf);
    record_limits(c, kind, stmt, cond, r);
}

/* ---------------------------------------------------------------- float -> double */

bool promoted_from_float(CXCursor x)
{
    if (clang_getCursorKind(x) != CXCursor_UnexposedExpr) return false;
    if (!is_double_kind(clang_getCursorType(x))) return false;
    return is_float_kind(clang_getCursorType(strip(x)));
}

/* The floating literal under parentheses and unary signs, if any. */
CXCursor find_literal(Ctx *c, CXCursor x)
{
    for (;;) {
        x = strip(x);
        enum CXCursorKind k = clang_getCursorKind(x);
        if (k == CXCursor_FloatingLiteral) return x;
        if (k == CXCursor_UnaryOperator) {
            Op op = unary_op(&c->cx, x);
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

static enum CXChildVisitResult find_variable(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr || clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
        enum CXCursorKind rk = clang_getCursorKind(clang_getCursorReferenced(cur));
        if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl || rk == CXCursor_FieldDecl) {
            *(bool *)data = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

/* A floating compile-time constant made of literals (and macros, calls the
 * compiler folds): no variable, not even a constexpr one, so the value is
 * the same in every instantiation. */
static bool literal_constant(CXCursor e, double *value)
{
    bool has_variable = false;
    if (clang_getCursorKind(strip(e)) == CXCursor_DeclRefExpr) return false;
    clang_visitChildren(e, find_variable, &has_variable);
    if (has_variable) return false;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r) return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Float;
    if (ok) *value = clang_EvalResult_getAsDouble(r);
    clang_EvalResult_dispose(r);
    return ok;
}

Conversion *record_conversion(Ctx *c, ConversionSite site, CXCursor expr, CXCursor flt, CXCursor dbl)
{
    Conversion *v = VEC_PUSH(c->k->conversions, c->k->nconversions);
    v->site = site;
    CXCursor lit = find_literal(c, dbl);
    bool is_literal = !clang_Cursor_isNull(lit);
    CXCursor at = is_literal ? lit : dbl;
    v->origin = is_literal ? DOUBLE_FROM_LITERAL : DOUBLE_FROM_OTHER;
    v->double_range = range_of(&c->cx, at);
    v->double_text = is_literal ? literal_text(&c->cx, lit) : text_of(&c->cx, dbl);
    if (is_literal) { /* the literal is one token: its end follows from its text */
        v->literal_spelling = spelling_range_of(&c->cx, lit);
        v->literal_spelling.end_line = v->literal_spelling.line;
        v->literal_spelling.end_col = v->literal_spelling.col + (unsigned)strlen(v->double_text);
    }
    if (location_in_macro(at)) {
        v->macro = text_of(&c->cx, at);
        v->macro_definition = spelling_range_of(&c->cx, at);
    }
    CXCursor sd = strip(dbl);
    double folded_value;
    if (!is_literal && literal_constant(dbl, &folded_value)) {
        v->origin = DOUBLE_FROM_CONSTANT;
        v->constant_value = folded_value;
    }
    double whole;
    v->folded = literal_constant(expr, &whole);
    if (!is_literal && clang_getCursorKind(sd) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(sd);
        CXType rt = clang_getCursorType(ref);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && clang_isConstQualifiedType(rt) && is_double_kind(rt)) {
            CXCursor init = initializer_of(ref);
            if (!clang_Cursor_isNull(init) && !clang_Cursor_isNull(find_literal(c, init))) {
                v->origin = DOUBLE_FROM_VARIABLE;
                v->variable_decl = range_of(&c->cx, ref);
            }
        }
    }
    v->float_text = flt.kind ? text_of(&c->cx, flt) : "";
    v->float_assumed = c->m->assumed_types && flt.kind && opencl_mentions_assumed_type(flt);
    v->op_text = text_of(&c->cx, expr);
    v->op_range = range_of(&c->cx, expr);
    v->loop = c->loop;
    v->call_depth = c->call_depth;
    v->call_site = c->call_site;
    return v;
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

/* The floating kind of an expression in a template pattern analysed with
 * substituted type arguments, where clang left the arithmetic dependent
 * (no implicit conversions, no type): 'd', 'f', 'i' or 0 (unknown), by the
 * usual arithmetic conversions. */
static char pattern_kind(Ctx *c, CXCursor x, int depth)
{
    CXType t = clang_getCursorType(x);
    if (is_double_kind(t)) return 'd';
    if (is_float_kind(t)) return 'f';
    if (is_integer_type(t)) return 'i';
    if (depth > 16 || !is_dependent_type(t)) return 0;
    enum CXCursorKind k = clang_getCursorKind(x);
    Children ch = {NULL, 0};
    if (k == CXCursor_CallExpr) {
        /* an unresolved operator (x * 0.5) or math function: by its operands */
        Op op = dependent_operator(c, x);
        int nargs = clang_Cursor_getNumArguments(x);
        bool arith = is_arith_op(op) || op == OP_MINUS;
        if (!arith && !is_math_function(dependent_callee_name(c, x))) return 0;
        for (int i = 0; i < nargs; i++) *VEC_PUSH(ch.items, ch.n) = clang_Cursor_getArgument(x, (unsigned)i);
    } else if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_BinaryOperator ||
               k == CXCursor_ConditionalOperator || k == CXCursor_UnaryOperator) {
        ch = children_of(x);
    } else {
        return 0;
    }
    char r = 0;
    int from = k == CXCursor_ConditionalOperator ? 1 : 0;
    for (int i = from; i < ch.n; i++) {
        char s = pattern_kind(c, ch.items[i], depth + 1);
        if (s == 'd' || r == 'd') r = 'd';
        else if (s == 'f' || r == 'f') r = 'f';
        else if (s == 'i') r = 'i';
    }
    children_free(&ch);
    return r;
}

/* A compound assignment f op= d: the float variable is computed in double.
 * n0: the conversions recorded from here on come from evaluating d, and
 * their double results feed this double operation (acc += w * 0.5). */
void note_compound_conversion(Ctx *c, CXCursor e, CXCursor lhs, CXCursor rhs, int n0)
{
    if (c->subst && is_dependent_type(clang_getCursorType(e))) {
        if (pattern_kind(c, lhs, 0) != 'f' || pattern_kind(c, rhs, 0) != 'd') return;
        for (int i = n0; i < c->k->nconversions; i++) c->k->conversions[i].result_feeds_double_op = true;
        record_conversion(c, CONV_COMPOUND_ASSIGN, e, lhs, rhs);
        return;
    }
    if (!is_float_kind(clang_getCursorType(lhs)) || !is_double_kind(clang_getCursorType(rhs)) || promoted_from_float(rhs))
        return;
    for (int i = n0; i < c->k->nconversions; i++) c->k->conversions[i].result_feeds_double_op = true;
    record_conversion(c, CONV_COMPOUND_ASSIGN, e, lhs, rhs);
}

/* The conversions [n0, n2) feed the double operation e: operands are
 * evaluated first, so the last e to mark one is the outermost of its chain. */
static void mark_chain(Ctx *c, CXCursor e, int n0, int n2)
{
    const char *text = n2 > n0 ? text_of(&c->cx, e) : NULL;
    for (int i = n0; i < n2; i++) {
        c->k->conversions[i].result_feeds_double_op = true;
        c->k->conversions[i].chain_text = text;
    }
}

/* A double operation with a float operand (directly promoted, or a double
 * subexpression that exists only because of a conversion: lhs_had / rhs_had
 * say whether evaluating that operand recorded one). */
void note_arith_conversion(Ctx *c, CXCursor e, Op op, CXCursor lhs, CXCursor rhs, int n0, int n1, int n2)
{
    if (c->subst && is_arith_op(op) && is_dependent_type(clang_getCursorType(e))) {
        char lk = pattern_kind(c, lhs, 0), rk = pattern_kind(c, rhs, 0);
        if (lk != 'd' && rk != 'd') return;
        mark_chain(c, e, n0, n2);
        bool lf = lk == 'f' || (n1 > n0 && lk == 'd'), rf = rk == 'f' || (n2 > n1 && rk == 'd');
        if (lf && !rf && rk == 'd') record_conversion(c, CONV_ARITHMETIC, e, lhs, rhs);
        else if (rf && !lf && lk == 'd') record_conversion(c, CONV_ARITHMETIC, e, rhs, lhs);
        return;
    }
    if (!is_arith_op(op) || !is_double_kind(clang_getCursorType(e))) return;
    bool lhs_had = n1 > n0, rhs_had = n2 > n1;
    /* the operands' conversions feed this double operation */
    mark_chain(c, e, n0, n2);
    bool lf = promoted_from_float(lhs) || (lhs_had && is_double_kind(clang_getCursorType(lhs)));
    bool rf = promoted_from_float(rhs) || (rhs_had && is_double_kind(clang_getCursorType(rhs)));
    if (lf && !rf && !promoted_from_float(rhs)) record_conversion(c, CONV_ARITHMETIC, e, lhs, rhs);
    else if (rf && !lf && !promoted_from_float(lhs)) record_conversion(c, CONV_ARITHMETIC, e, rhs, lhs);
}

/* A math library call, after its arguments were evaluated (their
 * conversions start at nconv0); catches pow(x, 2.0)-style calls where a
 * float argument is converted next to a double literal. */
void record_math_call(Ctx *c, CXCursor e, const char *name, int nconv0)
{
    if (!is_math_function(name)) return;
    bool dbl_precision = is_double_kind(clang_getCursorType(e));
    if (c->subst && is_dependent_type(clang_getCursorType(e))) {
        /* in a pattern the overload is unresolved: the double one is chosen
         * when an argument is double */
        int nargs = clang_Cursor_getNumArguments(e);
        for (int i = 0; i < nargs; i++) dbl_precision |= pattern_kind(c, clang_Cursor_getArgument(e, i), 0) == 'd';
    } else if (dbl_precision) {
        int nargs = clang_Cursor_getNumArguments(e);
        CXCursor flt = clang_getNullCursor(), dbl = clang_getNullCursor();
        for (int i = 0; i < nargs; i++) {
            CXCursor a = clang_Cursor_getArgument(e, i);
            if (promoted_from_float(a)) flt = a;
            else if (!clang_Cursor_isNull(find_literal(c, a)) && is_double_kind(clang_getCursorType(a))) dbl = a;
        }
        if (!clang_Cursor_isNull(flt) && !clang_Cursor_isNull(dbl)) record_conversion(c, CONV_CALL_ARGUMENT, e, flt, dbl);
    }
    MathCall *mc = VEC_PUSH(c->k->math_calls, c->k->nmath_calls);
    mc->callee = name;
    Children ch = children_of(e);
    mc->callee_range = ch.n > 0 ? range_of(&c->cx, ch.items[0]) : range_of(&c->cx, e);
    children_free(&ch);
    mc->range = range_of(&c->cx, e);
    mc->double_precision = dbl_precision;
    mc->first_conversion = nconv0;
    mc->nconversions = c->k->nconversions - nconv0;
    mc->loop = c->loop;
    mc->call_depth = c->call_depth;
    mc->call_site = c->call_site;
}
