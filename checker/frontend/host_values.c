/* host_values.c - the set of values a launch argument can take, read from
 * host code: a local assigned only constants (in a switch or an if chain),
 * a field of a local struct assigned only constants, an element of a
 * constant table, and a parameter of the launching function whose callers
 * in the file pass constants (one call level).  See interp.h. */
#include "frontend/interp.h"
#include "util/vec.h"

#include <string.h>

typedef struct {
    long long *values;
    int n, max;
    bool failed;
} ValueSet;

static void add_value(ValueSet *vs, long long v)
{
    for (int i = 0; i < vs->n; i++)
        if (vs->values[i] == v) return;
    if (vs->n >= vs->max) vs->failed = true;
    else vs->values[vs->n++] = v;
}

/* A constant array's initializer: every element a constant. */
static bool table_values(CXCursor table, ValueSet *vs)
{
    if (clang_getCursorKind(table) != CXCursor_VarDecl || !is_array_type(clang_getCursorType(table))) return false;
    CXType elem = clang_getArrayElementType(clang_getCursorType(table));
    if (!clang_isConstQualifiedType(elem)) return false;
    CXCursor init = strip(initializer_of(table));
    if (clang_Cursor_isNull(init) || clang_getCursorKind(init) != CXCursor_InitListExpr) return false;
    Children ch = children_of(init);
    bool ok = ch.n > 0;
    for (int i = 0; i < ch.n && ok; i++) {
        long long v;
        ok = eval_const(ch.items[i], &v);
        if (ok) add_value(vs, v);
    }
    children_free(&ch);
    return ok;
}

/* One value expression: a constant, or an element of a constant table. */
static bool expr_values(CXCursor e, ValueSet *vs)
{
    long long v;
    if (eval_const(e, &v)) {
        add_value(vs, v);
        return true;
    }
    CXCursor s = strip(e);
    if (clang_getCursorKind(s) != CXCursor_ArraySubscriptExpr) return false;
    Children ch = children_of(s);
    bool ok = false;
    if (ch.n == 2) {
        CXCursor base = strip(ch.items[0]);
        if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) ok = table_values(clang_getCursorReferenced(base), vs);
    }
    children_free(&ch);
    return ok;
}

/* The written target: `v` or `s.field` with a local struct s. */
typedef struct {
    CXCursor var;            /* the local variable */
    const char *field;       /* NULL for the variable itself */
    Ctx *c;
    ValueSet *vs;
    bool touched_whole;      /* the struct is assigned or passed by address: fields unknown */
} Target;

static bool is_target(Target *t, CXCursor lhs)
{
    lhs = strip(lhs);
    if (!t->field) return clang_getCursorKind(lhs) == CXCursor_DeclRefExpr && is_decl_of(lhs, t->var);
    if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr) return false;
    const char *name = cxstr(&t->c->m->arena, clang_getCursorSpelling(lhs));
    if (strcmp(name, t->field) != 0) return false;
    Children ch = children_of(lhs);
    bool ok = ch.n == 1 && clang_getCursorKind(strip(ch.items[0])) == CXCursor_DeclRefExpr && is_decl_of(ch.items[0], t->var);
    children_free(&ch);
    return ok;
}

static enum CXChildVisitResult visit_writes(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    Target *t = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    Children ch = children_of(cur);
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ch.n == 2 &&
        is_assign_op(binary_op(&t->c->cx, cur, ch.items[1]))) {
        if (is_target(t, ch.items[0])) {
            if (binary_op(&t->c->cx, cur, ch.items[1]) != OP_ASSIGN || !expr_values(ch.items[1], t->vs)) t->vs->failed = true;
        } else if (t->field && clang_getCursorKind(strip(ch.items[0])) == CXCursor_DeclRefExpr && is_decl_of(ch.items[0], t->var)) {
            t->touched_whole = true; /* s = other: every field may change */
        }
    } else if (k == CXCursor_UnaryOperator && ch.n == 1) {
        Op op = unary_op(&t->c->cx, cur);
        CXCursor x = strip(ch.items[0]);
        if ((op == OP_PREINC || op == OP_POSTINC || op == OP_PREDEC || op == OP_POSTDEC) && is_target(t, x)) t->vs->failed = true;
        if (op == OP_ADDROF && clang_getCursorKind(x) == CXCursor_DeclRefExpr && is_decl_of(x, t->var)) t->touched_whole = true;
        if (op == OP_ADDROF && t->field && is_target(t, x)) t->touched_whole = true;
    }
    children_free(&ch);
    return t->vs->failed ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The values `v` (or `v.field`) takes in the host function: its
 * initializer and every assignment, each a constant or a table element.
 * A variable whose address is taken, or a struct assigned whole, is not
 * followed. */
static bool local_values(HostScan *hs, CXCursor var, const char *field, ValueSet *vs)
{
    Target t = {var, field, hs->c, vs, false};
    if (!field) {
        CXCursor init = initializer_of(var);
        if (!clang_Cursor_isNull(init) && !expr_values(init, vs)) return false;
    } else {
        /* a struct: no initializer, or `= {}` / `= {0}` */
        CXCursor init = strip(initializer_of(var));
        if (!clang_Cursor_isNull(init)) {
            if (clang_getCursorKind(init) != CXCursor_InitListExpr) return false;
            Children ch = children_of(init);
            long long z = 0;
            bool zero = ch.n == 0 || (ch.n == 1 && eval_const(ch.items[0], &z) && z == 0);
            children_free(&ch);
            if (!zero) return false;
        }
    }
    clang_visitChildren(body_of(hs->fn), visit_writes, &t);
    return !t.touched_whole && !vs->failed && vs->n > 0;
}

/* A call of the main file, by its callee's canonical cursor. */
typedef struct {
    unsigned hash; /* clang_hashCursor of the canonical callee */
    CXCursor callee;
    CXCursor call;
} IndexedCall;

struct CallIndex {
    IndexedCall *items;
    int n;
};

static enum CXChildVisitResult index_calls(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct CallIndex *ix = data;
    if (!in_main_file(cur)) return CXChildVisit_Continue;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) {
        CXCursor callee = clang_getCursorReferenced(cur);
        if (!clang_Cursor_isNull(callee)) {
            CXCursor canon = clang_getCanonicalCursor(callee);
            *VEC_PUSH(ix->items, ix->n) = (IndexedCall){clang_hashCursor(canon), canon, cur};
        }
    }
    return CXChildVisit_Recurse;
}

static const struct CallIndex *call_index(Ctx *c)
{
    if (!c->call_index) {
        c->call_index = xcalloc(1, sizeof *c->call_index);
        clang_visitChildren(clang_getTranslationUnitCursor(c->cx.tu), index_calls, c->call_index);
    }
    return c->call_index;
}

void ctx_release_call_index(Ctx *c)
{
    if (!c->call_index) return;
    free(c->call_index->items);
    free(c->call_index);
    c->call_index = NULL;
}

#define MEMO_VALUES 16

struct CallerMemo {
    int index;
    int max;                 /* the capacity it was found with */
    bool ok;
    int n;
    long long values[MEMO_VALUES];
};

/* A parameter of the launching function: the constants its callers in
 * the file pass (every call must pass one).  Each parameter's answer is
 * kept for the function's other launches (a walk of the whole file). */
static bool caller_values(HostScan *hs, CXCursor parm, ValueSet *vs)
{
    if (host_assigned_in(hs, parm)) return false;
    int index = -1, n = clang_Cursor_getNumArguments(hs->fn);
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(hs->fn, (unsigned)i), parm)) index = i;
    if (index < 0) return false;
    for (int i = 0; i < hs->ncaller_memo; i++) {
        const struct CallerMemo *m = &hs->caller_memo[i];
        if (m->index != index || m->max != vs->max) continue;
        for (int j = 0; m->ok && j < m->n; j++) add_value(vs, m->values[j]);
        return m->ok && !vs->failed;
    }
    int before = vs->n, calls = 0;
    const struct CallIndex *ix = call_index(hs->c);
    CXCursor fn = clang_getCanonicalCursor(hs->fn);
    unsigned hash = clang_hashCursor(fn);
    for (int i = 0; i < ix->n && !vs->failed; i++) {
        const IndexedCall *ic = &ix->items[i];
        if (ic->hash != hash || !clang_equalCursors(ic->callee, fn)) continue;
        calls++;
        if (index >= clang_Cursor_getNumArguments(ic->call) ||
            !expr_values(clang_Cursor_getArgument(ic->call, (unsigned)index), vs))
            vs->failed = true;
    }
    bool ok = calls > 0 && !vs->failed && vs->n > 0;
    if (vs->max <= MEMO_VALUES && before == 0) { /* the answer of a fresh set only */
        struct CallerMemo *m = VEC_PUSH(hs->caller_memo, hs->ncaller_memo);
        *m = (struct CallerMemo){index, vs->max, ok, ok ? vs->n : 0, {0}};
        for (int j = 0; ok && j < vs->n; j++) m->values[j] = vs->values[j];
    }
    return ok;
}

bool host_value_set(HostScan *hs, CXCursor arg, long long *values, int max, int *n, const char **how)
{
    ValueSet vs = {values, 0, max, false};
    *n = 0;
    if (clang_Cursor_isNull(hs->fn)) return false;
    CXCursor s = strip(arg);
    bool ok = false;
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_ArraySubscriptExpr) {
        ok = expr_values(s, &vs);
        *how = "table";
    } else if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && clang_getCursorSemanticParent(ref).kind != CXCursor_TranslationUnit) {
            ok = local_values(hs, ref, NULL, &vs);
            *how = "local";
        } else if (clang_getCursorKind(ref) == CXCursor_ParmDecl) {
            ok = caller_values(hs, ref, &vs);
            *how = "caller";
        }
    } else if (k == CXCursor_MemberRefExpr) {
        Children ch = children_of(s);
        CXCursor base = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(base);
            if (clang_getCursorKind(ref) == CXCursor_VarDecl && clang_getCursorSemanticParent(ref).kind != CXCursor_TranslationUnit) {
                ok = local_values(hs, ref, cxstr(&hs->c->m->arena, clang_getCursorSpelling(s)), &vs);
                *how = "struct-field";
            }
        }
    }
    *n = ok ? vs.n : 0;
    return ok;
}
