/* stmt.c - statements and declarations: scopes, both paths of a branch
 * merged, returns of inlined helpers (see interp.h). */
#include "frontend/interp.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

void declare_var(Ctx *c, CXCursor var)
{
    CXType t = clang_getCursorType(var);
    CXType ct = canon(t);
    bool shared = c->d->var_space(var) == SPACE_SHARED;
    CXCursor init = initializer_of(var);
    if (is_array_type(t)) {
        ArrayDecl *a = VEC_PUSH(c->k->arrays, c->k->narrays);
        a->name = cxstr(&c->m->arena, clang_getCursorSpelling(var));
        a->space = shared ? SPACE_SHARED : SPACE_LOCAL;
        CXType et = clang_getArrayElementType(ct);
        while (canon(et).kind == CXType_ConstantArray) et = clang_getArrayElementType(canon(et));
        a->elem_type = type_name_for(c, et);
        long long eb = type_size(canon(et));
        a->elem_bytes = eb > 0 ? (int)eb : -1; /* layout errors are negative: unknown */
        long long total = type_size(ct);
        a->count = (total > 0 && a->elem_bytes > 0) ? total / a->elem_bytes : -1;
        a->is_extern = clang_Cursor_getStorageClass(var) == CX_SC_Extern;
        a->range = range_of(&c->cx, var);
        if (!clang_Cursor_isNull(init)) eval(c, init, MODE_LOAD);
        env_set(c, var, pointer_value(a->space, -1, a->name, c->k->narrays - 1, aff_const(0)));
        return;
    }
    Value v = clang_Cursor_isNull(init) ? val_opaque(shared ? DEP_DATA : DEP_UNKNOWN) : eval(c, init, MODE_LOAD);
    if (shared) v = val_opaque(DEP_DATA); /* shared scalars are written by other threads */
    /* a choice (mode ? 9 : 6) keeps its value set for the loop bounds it makes */
    else if (!clang_Cursor_isNull(init) && clang_getCursorKind(strip(init)) != CXCursor_ConditionalOperator)
        v = uniform_value_symbol(c, var, v);
    env_set(c, var, fit_to_type(v, t));
}

NOINLINE static void walk_if(Ctx *c, CXCursor s)
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

    long long known;
    if (aff_is_const(&cv.a, &known) && !cv.is_ptr) { /* the other path is dead code: not walked */
        walk_stmt(c, known ? then_s : else_s);
        c->env.n = scope < c->env.n ? scope : c->env.n;
        return;
    }
    Env orig = c->env;
    Env then_env = env_copy(&orig), else_env = env_copy(&orig);
    unsigned saved_control = c->control_deps;
    c->control_deps |= cv.a.deps;
    c->env = then_env;
    if (!clang_Cursor_isNull(then_s)) walk_stmt(c, then_s);
    then_env = c->env;
    c->env = else_env;
    if (!clang_Cursor_isNull(else_s)) walk_stmt(c, else_s);
    else_env = c->env;
    c->env = orig;
    c->control_deps = saved_control;
    env_merge(c, &orig, &then_env, &else_env, cv.a.deps);
    free(then_env.b);
    free(else_env.b);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

/* The value of a case label, when it is a constant. */
static bool case_value(Ctx *c, CXCursor case_stmt, long long *v)
{
    Children ch = children_of(case_stmt);
    bool ok = false;
    if (ch.n >= 1) {
        Value lv = eval(c, ch.items[0], MODE_LOAD);
        ok = aff_is_const(&lv.a, v) && !lv.is_ptr;
    }
    children_free(&ch);
    return ok;
}

/* `case A: case B: default: stmt`: the innermost statement; whether one of
 * the labels is `value` or `default` (*unknown when a case label is not a
 * constant). */
static CXCursor case_labels(Ctx *c, CXCursor s, long long value, bool *matches, bool *is_default, bool *unknown)
{
    while (clang_getCursorKind(s) == CXCursor_CaseStmt || clang_getCursorKind(s) == CXCursor_DefaultStmt) {
        long long v;
        if (clang_getCursorKind(s) == CXCursor_DefaultStmt) *is_default = true;
        else if (!case_value(c, s, &v)) *unknown = true;
        else if (v == value) *matches = true;
        Children ch = children_of(s);
        CXCursor next = ch.n ? ch.items[ch.n - 1] : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(next)) break;
        s = next;
    }
    return s;
}

/* A switch on a compile-time constant (a template argument, a macro) runs
 * one case: walk the statements from its label (or default) to the first
 * break at the switch's level.  False (nothing walked) when the body is
 * not a plain list of labelled statements or a label is not a constant. */
static bool walk_constant_switch(Ctx *c, CXCursor body, long long value)
{
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt) return false;
    Children ch = children_of(body);
    bool any_match = false, unknown = false;
    for (int i = 0; i < ch.n; i++) {
        bool m = false, dflt = false;
        case_labels(c, ch.items[i], value, &m, &dflt, &unknown);
        any_match |= m;
    }
    if (unknown) {
        children_free(&ch);
        return false;
    }
    bool live = false;
    for (int i = 0; i < ch.n; i++) {
        CXCursor st = ch.items[i];
        enum CXCursorKind k = clang_getCursorKind(st);
        if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
            bool m = false, dflt = false, u = false;
            st = case_labels(c, st, value, &m, &dflt, &u);
            if (m || (!any_match && dflt)) live = true;
            k = clang_getCursorKind(st);
        }
        if (!live) continue;
        if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt) {
            if (k == CXCursor_ReturnStmt) walk_stmt(c, st);
            break;
        }
        walk_stmt(c, st);
    }
    children_free(&ch);
    return true;
}

NOINLINE static void walk_switch(Ctx *c, CXCursor s)
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
    long long known;
    if (aff_is_const(&cv.a, &known) && !cv.is_ptr && !clang_Cursor_isNull(body) &&
        walk_constant_switch(c, body, known)) { /* the other cases are dead code: not walked */
        c->env.n = scope < c->env.n ? scope : c->env.n;
        return;
    }
    Env orig = c->env;
    Env body_env = env_copy(&orig);
    unsigned saved_control = c->control_deps, saved_break = c->break_deps; /* a break leaves the switch */
    c->control_deps |= cv.a.deps;
    c->env = body_env;
    if (!clang_Cursor_isNull(body)) walk_stmt(c, body);
    body_env = c->env;
    c->env = orig;
    c->control_deps = saved_control;
    c->break_deps = saved_break;
    /* Any case may or may not run: merge with the path that skips them. */
    Env skip = env_copy(&orig);
    env_merge(c, &orig, &body_env, &skip, cv.a.deps);
    free(skip.b);
    free(body_env.b);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

/* Inline PTX that loads or stores global memory (`ld.global.v4.u32 {...},
 * [%4];`, `st.global.v2.f32`, `ld.global.nc.u16`): an access of width x the
 * type's size through each pointer operand, as hand-vectorised code does it.
 * Other operands are evaluated for what they depend on. */
static void walk_asm(Ctx *c, CXCursor s)
{
    const char *text = text_of(&c->cx, s);
    const char *ld = strstr(text, "ld.global"), *st = strstr(text, "st.global");
    const char *op = ld ? ld : st;
    int width = 1, bits = 0;
    char kind = 'b';
    for (const char *p = op; op && *p && *p != ' ' && *p != '\t' && *p != '"'; p++) {
        if (p[0] != '.') continue;
        if (p[1] == 'v' && (p[2] == '2' || p[2] == '4' || p[2] == '8')) width = p[2] - '0';
        else if (strchr("usbf", p[1]) && p[2] >= '0' && p[2] <= '9') kind = p[1], bits = atoi(p + 2);
    }
    Children ch = children_of(s);
    for (int i = 0; i < ch.n; i++) {
        if (!is_expr_kind(clang_getCursorKind(ch.items[i]))) continue;
        Value v = eval(c, ch.items[i], MODE_LOAD);
        if (!op || bits <= 0 || !v.is_ptr || v.space == SPACE_SHARED || v.space == SPACE_LOCAL) continue;
        CXType pt = clang_getPointeeType(canon(clang_getCursorType(ch.items[i])));
        Access *a = record_access(c, &v, v.a, pt, ch.items[i], ld != NULL, ld == NULL);
        a->elem_bytes = width * bits / 8;
        a->elem_is_vector = width > 1;
        a->elem_type = a->elem_canonical = arena_printf(&c->m->arena, "%c%d x%d (PTX %s)", kind, bits, width, ld ? "ld" : "st");
    }
    children_free(&ch);
}

NOINLINE static void walk_node(Ctx *c, CXCursor s)
{
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
    case CXCursor_GCCAsmStmt:
        walk_asm(c, s);
        return;
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
    case CXCursor_ForStmt:
        walk_for(c, s);
        return;
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
            Value v = eval(c, ch.items[0], c->collecting_return ? c->return_mode : MODE_LOAD);
            if (c->collecting_return) {
                /* which return runs depends on the conditions around them */
                if (!c->have_return) {
                    c->ret = v;
                    c->have_return = true;
                    c->ret_control_deps = c->control_deps;
                } else if (!value_equal(&c->ret, &v)) {
                    c->ret = val_opaque(c->ret.a.deps | v.a.deps | c->ret_control_deps | c->control_deps);
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
        Children ch = children_of(s);
        /* AttributedStmt: `#pragma unroll` shows up as its first tokens. */
        CXCursor first = ch.n ? ch.items[0] : clang_getNullCursor();
        if (nth_token_is(&c->cx, s, first, 0, "#") || nth_token_is(&c->cx, s, first, 0, "_Pragma"))
            c->pending_unroll = true;
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
    case CXCursor_BreakStmt:
        c->break_deps |= c->control_deps;
        return;
    case CXCursor_NullStmt:
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

void walk_stmt(Ctx *c, CXCursor s)
{
    if (clang_Cursor_isNull(s)) return;
    if (!nesting_enter(c, s)) return;
    c->stmt_nesting++;
    walk_node(c, s);
    c->stmt_nesting--;
    nesting_leave(c);
}
