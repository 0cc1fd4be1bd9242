/* loops.c - loops: an iteration-counter symbol per loop, induction
 * variables as init + step*counter, bounds read from the condition (see
 * interp.h). */
#include "frontend/interp.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note_assignment(AssignedSet *set, CXCursor decl, Op op, CXCursor step, CXCursor at, bool nested)
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
    a->at = at;
    a->nested = a->nested || nested;
    a->increment = a->count == 1 && (op == OP_ADD_ASSIGN || op == OP_SUB_ASSIGN || op == OP_PREINC ||
                                     op == OP_POSTINC || op == OP_PREDEC || op == OP_POSTDEC);
}

void scan_assignments(Ctx *c, CXCursor cur, AssignedSet *set, int nest)
{
    if (!nesting_enter(c, cur)) {
        set->truncated = true;
        return;
    }
    enum CXCursorKind k = clang_getCursorKind(cur);
    int stmt = clang_isStatement(k) ? 1 : 0; /* for the wording of the note */
    c->stmt_nesting += stmt;
    Children ch = children_of(cur);
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ch.n == 2) {
        Op op = binary_op(&c->cx, cur, ch.items[1]);
        CXCursor l = strip(ch.items[0]);
        if (is_assign_op(op) && clang_getCursorKind(l) == CXCursor_DeclRefExpr)
            note_assignment(set, clang_getCursorReferenced(l), op, ch.items[1], cur, nest > 0);
    } else if (k == CXCursor_UnaryOperator && ch.n == 1) {
        Op op = unary_op(&c->cx, cur);
        CXCursor l = strip(ch.items[0]);
        if ((op == OP_PREINC || op == OP_POSTINC || op == OP_PREDEC || op == OP_POSTDEC) &&
            clang_getCursorKind(l) == CXCursor_DeclRefExpr)
            note_assignment(set, clang_getCursorReferenced(l), op, clang_getNullCursor(), cur, nest > 0);
    }
    bool nests = k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ForStmt ||
                 k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ConditionalOperator;
    for (int i = 0; i < ch.n; i++) scan_assignments(c, ch.items[i], set, nest + (nests ? 1 : 0));
    children_free(&ch);
    c->stmt_nesting -= stmt;
    nesting_leave(c);
}

/* Splits a for statement into its parts.  libclang lists only the parts
 * that are present, so the two top-level ';' of the header say which is
 * which; they are read as tokens (comments and literals hold none). */
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
    CXToken *toks;
    unsigned n;
    tokens_until(&c->cx, s, *body, &toks, &n);
    int depth = 0;
    for (unsigned i = 0; i < n && nsemi < 2; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Punctuation) continue;
        CXString sp = clang_getTokenSpelling(c->cx.tu, toks[i]);
        const char *p = clang_getCString(sp);
        if (strcmp(p, "(") == 0) depth++;
        else if (strcmp(p, ")") == 0) depth--;
        else if (strcmp(p, ";") == 0 && depth == 1)
            semi[nsemi++] = expansion_offset(clang_getTokenLocation(c->cx.tu, toks[i]));
        clang_disposeString(sp);
    }
    if (toks) clang_disposeTokens(c->cx.tu, toks, n);
    for (int i = 0; i + 1 < ch.n && nsemi == 2; i++) {
        unsigned off = expansion_offset(clang_getRangeStart(clang_getCursorExtent(ch.items[i])));
        if (off < semi[0]) *init = ch.items[i];
        else if (off < semi[1]) *cond = ch.items[i];
        else *inc = ch.items[i];
    }
    children_free(&ch);
}

/* Induction variables: v = entry + step*counter inside the loop; everything
 * else assigned in the loop becomes opaque and loop-dependent. */
/* The path of cursors from `from` down to `to` (both included), when `to`
 * lies below `from`: path[0] = from, path[*n - 1] = to. */
static bool path_to(CXCursor from, CXCursor to, CXCursor *path, int *n, int max)
{
    if (*n >= max) return false;
    path[(*n)++] = from;
    if (clang_equalCursors(from, to)) return true;
    Children ch = children_of(from);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++) found = path_to(ch.items[i], to, path, n, max);
    children_free(&ch);
    if (!found) (*n)--;
    return found;
}

static bool has_jump(CXCursor cur)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt || k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt)
        return true;
    Children ch = children_of(cur);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++) found = has_jump(ch.items[i]);
    children_free(&ch);
    return found;
}

/* `for (int j = A; j < B; j++)` with A and B constants (also `<=`, `++j`,
 * `j += 1`): B - A trips; else 0. */
static long long for_constant_trips(Ctx *c, CXCursor s)
{
    CXCursor init, cond, inc, body;
    for_parts(c, s, &init, &cond, &inc, &body);
    if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond) || clang_Cursor_isNull(inc)) return 0;
    CXCursor var = clang_getNullCursor(), start = clang_getNullCursor();
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        Children ch = children_of(init);
        if (ch.n == 1 && clang_getCursorKind(ch.items[0]) == CXCursor_VarDecl) {
            var = ch.items[0];
            start = initializer_of(var);
        }
        children_free(&ch);
    }
    long long a, b;
    if (clang_Cursor_isNull(start) || !eval_const(start, &a)) return 0;
    Children cc = children_of(strip(cond));
    bool ok = cc.n == 2 && is_decl_of(cc.items[0], var) && eval_const(cc.items[1], &b);
    Op op = ok ? binary_op(&c->cx, strip(cond), cc.items[1]) : OP_UNKNOWN;
    children_free(&cc);
    if (op != OP_LT && op != OP_LE) return 0;
    CXCursor si = strip(inc);
    Children ic = children_of(si);
    long long one = 0;
    bool step_one = false;
    if (clang_getCursorKind(si) == CXCursor_UnaryOperator && ic.n == 1 && is_decl_of(ic.items[0], var)) {
        Op u = unary_op(&c->cx, si);
        step_one = u == OP_PREINC || u == OP_POSTINC;
    } else if (ic.n == 2 && is_decl_of(ic.items[0], var) && binary_op(&c->cx, si, ic.items[1]) == OP_ADD_ASSIGN) {
        step_one = eval_const(ic.items[1], &one) && one == 1;
    }
    children_free(&ic);
    long long trips = (op == OP_LE ? b + 1 : b) - a;
    return step_one && trips > 0 && trips <= 4096 ? trips : 0;
}

/* An increment that an inner loop of a constant trip count runs once per
 * trip (`for (j = 0; j < 4; j++) { ...; p += s; }`, a hand-unrolled batch
 * of loads): that count, when nothing else (a condition, another loop, a
 * jump out of the inner loop) stands between the loop's body and it; else
 * 0.  The variable then steps count*s per iteration of the outer loop. */
static long long inner_loop_trips(Ctx *c, CXCursor body, CXCursor at)
{
    enum { MAX_PATH = 64 };
    CXCursor path[MAX_PATH];
    int n = 0;
    if (clang_Cursor_isNull(body) || clang_Cursor_isNull(at) || !path_to(body, at, path, &n, MAX_PATH)) return 0;
    long long trips = 0;
    for (int i = 0; i < n - 1; i++) {
        enum CXCursorKind k = clang_getCursorKind(path[i]);
        if (k == CXCursor_CompoundStmt || k == CXCursor_UnexposedStmt) continue;
        if (k != CXCursor_ForStmt || trips) return 0;
        CXCursor init, cond, inc, inner_body;
        for_parts(c, path[i], &init, &cond, &inc, &inner_body);
        if (!clang_equalCursors(path[i + 1], inner_body) || has_jump(inner_body)) return 0;
        trips = for_constant_trips(c, path[i]);
        if (!trips) return 0;
    }
    return trips;
}

static void bind_loop_variables(Ctx *c, AssignedSet *set, int counter, CXCursor body)
{
    for (int i = 0; i < set->n; i++) {
        Assigned *a = &set->items[i];
        Value *cur = env_find(c, a->decl);
        if (!cur) continue;
        Value entry = *cur;
        Affine step = aff_opaque(DEP_UNKNOWN);
        CXType vt = clang_getCursorType(a->decl);
        bool ok = a->increment && (is_integer_type(vt) || is_pointer_type(vt));
        long long times = ok && a->nested ? inner_loop_trips(c, body, a->at) : 1;
        ok = ok && times > 0;
        if (ok) {
            if (a->op == OP_PREINC || a->op == OP_POSTINC) step = aff_const(1);
            else if (a->op == OP_PREDEC || a->op == OP_POSTDEC) step = aff_const(-1);
            else {
                /* evaluate the step without recording what it reads: the
                 * loop body walk records it in its place */
                int na = c->k->naccesses, nb = c->k->nbranches, nv = c->k->nconversions, nm = c->k->nmath_calls;
                Value sv = eval(c, a->step, MODE_LOAD);
                c->k->naccesses = na;
                c->k->nbranches = nb;
                c->k->nconversions = nv;
                c->k->nmath_calls = nm;
                step = a->op == OP_SUB_ASSIGN ? aff_neg(&sv.a) : sv.a;
                if (sv.is_ptr || !step.exact || (step.deps & (DEP_LOOP | DEP_DATA))) ok = false;
            }
        }
        if (ok && times > 1) step = aff_scale(&step, times);
        if (ok && entry.is_ptr) {
            long long ps = pointee_size(clang_getCursorType(a->decl));
            step = scale_offset(&step, ps);
            ok = step.exact;
        }
        Value nv = entry;
        if (ok && !entry.is_ptr) {
            a->has_step = true;
            a->found_step = step;
        }
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

/* After the loop: its variables hold what the last iteration left, which
 * depends on the iteration count and so on what decides the exit. */
static void unbind_loop_variables(Ctx *c, AssignedSet *set, unsigned exit_deps)
{
    for (int i = 0; i < set->n; i++) {
        Value *cur = env_find(c, set->items[i].decl);
        if (!cur) continue;
        unsigned deps = cur->a.deps | DEP_LOOP | exit_deps;
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
    l->range = range_of(&c->cx, s);
    l->header = l->range;
    if (!clang_Cursor_isNull(body)) {
        SrcRange b = range_of(&c->cx, body);
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

/* The variable a condition compares: `v op x`, `++v op x` / `--v op x`
 * (an increment in the condition), or `x op v`.  *pre_inc: the form ++v. */
static CXCursor compared_variable(Ctx *c, CXCursor operand, bool *pre_inc)
{
    CXCursor s = strip(operand);
    *pre_inc = false;
    if (clang_getCursorKind(s) == CXCursor_UnaryOperator) {
        Op op = unary_op(&c->cx, s);
        if (op != OP_PREINC && op != OP_PREDEC) return clang_getNullCursor();
        Children ch = children_of(s);
        CXCursor v = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(v) || clang_getCursorKind(v) != CXCursor_DeclRefExpr) return clang_getNullCursor();
        *pre_inc = true;
        return clang_getCursorReferenced(v);
    }
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) return clang_getCursorReferenced(s);
    return clang_getNullCursor();
}

/* The induction variable a while / do-while condition tests (`v < n`,
 * `++v < n`, `n > v`), or null. */
static CXCursor condition_variable(Ctx *c, CXCursor cond)
{
    CXCursor s = strip(cond);
    if (clang_Cursor_isNull(s)) return clang_getNullCursor();
    CXCursor lhs = clang_getNullCursor(), rhs = clang_getNullCursor();
    Op op = OP_UNKNOWN;
    if (clang_getCursorKind(s) == CXCursor_BinaryOperator) {
        Children ch = children_of(s);
        if (ch.n == 2) {
            op = binary_op(&c->cx, s, ch.items[1]);
            lhs = ch.items[0];
            rhs = ch.items[1];
        }
        children_free(&ch);
    } else if (clang_getCursorKind(s) == CXCursor_CallExpr && clang_Cursor_getNumArguments(s) == 2) {
        /* a template pattern's comparison with a dependent operand
         * (idx < in.dims[0]) is an unresolved operator call */
        op = dependent_operator(c, s);
        lhs = clang_Cursor_getArgument(s, 0);
        rhs = clang_Cursor_getArgument(s, 1);
    }
    CXCursor v = clang_getNullCursor();
    bool pre;
    if (op == OP_LT || op == OP_LE || op == OP_NE || op == OP_GT || op == OP_GE) v = compared_variable(c, lhs, &pre);
    if (clang_Cursor_isNull(v) && (op == OP_GT || op == OP_GE)) v = compared_variable(c, rhs, &pre);
    return v;
}

/* A part of an expression evaluated again for its value alone: the accesses,
 * branches, conversions and math calls it would record are dropped (its own
 * evaluation recorded them once). */
static Value eval_unrecorded(Ctx *c, CXCursor e)
{
    int na = c->k->naccesses, nb = c->k->nbranches, nv = c->k->nconversions, nm = c->k->nmath_calls;
    Value v = eval(c, e, MODE_LOAD);
    c->k->naccesses = na;
    c->k->nbranches = nb;
    c->k->nconversions = nv;
    c->k->nmath_calls = nm;
    return v;
}

/* A bound written min(x, C) or min(C, x) with a constant C (min, umin,
 * std::min, OpenCL min): the loop runs at most C times whatever x is. */
static void clamp_of_bound(Ctx *c, Loop *l, CXCursor bound)
{
    CXCursor s = strip(bound);
    if (clang_getCursorKind(s) != CXCursor_CallExpr || clang_Cursor_getNumArguments(s) != 2) return;
    const char *name = cxstr(&c->m->arena, clang_getCursorSpelling(s));
    if (strcmp(name, "min") != 0 && strcmp(name, "umin") != 0 && strcmp(name, "__min") != 0) return;
    /* the bound's own evaluation recorded what it reads */
    Value x = eval_unrecorded(c, clang_Cursor_getArgument(s, 0)), y = eval_unrecorded(c, clang_Cursor_getArgument(s, 1));
    long long limit;
    const Value *other = NULL;
    if (aff_is_const(&y.a, &limit)) other = &x;
    else if (aff_is_const(&x.a, &limit)) other = &y;
    if (!other || !other->a.exact) return;
    l->bound_clamped = true;
    l->clamp_limit = limit;
    l->clamped = recorded_affine(c, other->a);
}

/* A bound that is one of two constants chosen by a kernel parameter:
 * `len = perspective ? 9 : 6; for (i = 0; i < len; i++)`. */
static void choice_of_bound(Ctx *c, Loop *l, CXCursor bound)
{
    CXCursor s = strip(bound);
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) { /* through a const local */
        CXCursor v = clang_getCursorReferenced(s);
        if (clang_getCursorKind(v) != CXCursor_VarDecl || !clang_isConstQualifiedType(clang_getCursorType(v))) return;
        CXCursor init = initializer_of(v);
        if (clang_Cursor_isNull(init)) return;
        s = strip(init); /* parentheses too */
    }
    if (clang_getCursorKind(s) != CXCursor_ConditionalOperator) return;
    Children ch = children_of(s);
    long long a, b;
    if (ch.n != 3 || !eval_const(ch.items[1], &a) || !eval_const(ch.items[2], &b) || a == b) {
        children_free(&ch);
        return;
    }
    Value cond = eval_unrecorded(c, ch.items[0]);
    int param = -1;
    if (cond.a.exact && !(cond.a.deps & (DEP_THREAD | DEP_BLOCK | DEP_DATA | DEP_LOOP | DEP_UNKNOWN)))
        for (int t = 0; t < cond.a.nterms && param < 0; t++)
            for (int q = 0; q < cond.a.term[t].nfactors; q++) {
                int f = cond.a.term[t].factor[q];
                if (f >= SYM_FIRST_USER && c->k->syms[f].kind == SYMK_PARAM) param = f;
            }
    if (param >= 0) {
        l->nbound_choices = 2;
        l->bound_choice[0] = a;
        l->bound_choice[1] = b;
        l->choice_symbol = param;
        l->choice_text = text_of(&c->cx, s);
    }
    children_free(&ch);
}

/* Reads `ivar < bound` (and friends) from a loop condition: `v < n`,
 * `v <= n`, `v != n`, `n > v`, `n >= v` give an upper bound, `v > n` and
 * `v >= n` (a decreasing loop) a lower one.  `++v < n` counts as `v < n`:
 * the value the body sees stays below n. */
static void loop_bound(Ctx *c, int li, CXCursor cond, CXCursor ivar_decl)
{
    CXCursor s = strip(cond);
    if (clang_getCursorKind(s) != CXCursor_BinaryOperator) return;
    Children ch = children_of(s);
    if (ch.n != 2) {
        children_free(&ch);
        return;
    }
    Op op = binary_op(&c->cx, s, ch.items[1]);
    CXCursor other = clang_getNullCursor();
    bool inclusive = false, lower = false, pre_l, pre_r;
    CXCursor lv = compared_variable(c, ch.items[0], &pre_l), rv = compared_variable(c, ch.items[1], &pre_r);
    CXCursor iv = ivar_decl;
    if (clang_Cursor_isNull(iv)) iv = !clang_Cursor_isNull(lv) ? lv : rv;
    if (!clang_Cursor_isNull(iv)) {
        bool on_left = !clang_Cursor_isNull(lv) && clang_equalCursors(lv, iv);
        bool on_right = !clang_Cursor_isNull(rv) && clang_equalCursors(rv, iv) && !pre_r;
        if (on_left && (op == OP_LT || op == OP_LE || op == OP_NE)) {
            other = ch.items[1];
            inclusive = op == OP_LE;
        } else if (on_left && (op == OP_GT || op == OP_GE)) {
            other = ch.items[1];
            inclusive = op == OP_GE;
            lower = true;
        } else if (on_right && (op == OP_GT || op == OP_GE)) {
            other = ch.items[0];
            inclusive = op == OP_GE;
        }
    }
    if (!clang_Cursor_isNull(other)) {
        Loop *l = &c->k->loops[li];
        l->has_bound = true;
        l->bound = recorded_affine(c, eval(c, other, MODE_LOAD).a);
        l->bound_text = text_of(&c->cx, other);
        l->bound_inclusive = inclusive;
        l->bound_is_lower = lower;
        if (!l->ivar) l->ivar = cxstr(&c->m->arena, clang_getCursorSpelling(iv));
        if (!lower) clamp_of_bound(c, l, other);
        if (!lower && !l->bound.exact) choice_of_bound(c, &c->k->loops[li], other);
    }
    children_free(&ch);
}

/* The loop's condition, evaluated where the loop tests it; its deps. */
static unsigned test_condition(Ctx *c, int li, CXCursor cond, CXCursor ivar)
{
    if (clang_Cursor_isNull(cond)) return 0;
    unsigned deps = eval(c, cond, MODE_LOAD).a.deps;
    loop_bound(c, li, cond, ivar);
    return deps;
}

void walk_loop(Ctx *c, CXCursor s, CXCursor init, CXCursor cond, CXCursor inc, CXCursor body)
{
    int scope = c->env.n;
    bool test_after = clang_getCursorKind(s) == CXCursor_DoStmt;
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
    } else if (!clang_Cursor_isNull(cond)) { /* while / do-while: the variable the condition tests */
        ivar = condition_variable(c, cond);
    }
    AssignedSet set = {NULL, 0, false};
    if (!clang_Cursor_isNull(cond)) scan_assignments(c, cond, &set, 0);
    if (!clang_Cursor_isNull(inc)) scan_assignments(c, inc, &set, 0);
    if (!clang_Cursor_isNull(body)) scan_assignments(c, body, &set, 0);
    if (set.truncated) /* the unscanned part may assign any variable in scope */
        for (int i = 0; i < c->env.n; i++)
            note_assignment(&set, c->env.b[i].decl, OP_ASSIGN, clang_getNullCursor(), clang_getNullCursor(), true);

    int li = new_loop(c, s, body);
    Loop *l = &c->k->loops[li];
    Value *iv = clang_Cursor_isNull(ivar) ? NULL : env_find(c, ivar);
    if (iv) {
        l->ivar = cxstr(&c->m->arena, clang_getCursorSpelling(ivar));
        l->init = recorded_affine(c, iv->a);
    }
    bind_loop_variables(c, &set, l->counter, body);
    if (iv) {
        l = &c->k->loops[li];
        Value *now = env_find(c, ivar);
        Affine cf;
        if (now && now->a.exact && aff_coef(&now->a, l->counter, &cf)) {
            l->step = recorded_affine(c, cf);
        } else {
            /* a start the model cannot express (blockIdx.x / n ...) with a
             * known step: the step still says how the threads stride */
            l->step = aff_opaque(DEP_UNKNOWN);
            for (int i = 0; i < set.n; i++)
                if (set.items[i].has_step && clang_equalCursors(set.items[i].decl, ivar))
                    l->step = recorded_affine(c, set.items[i].found_step);
        }
    }
    int saved_loop = c->loop;
    unsigned saved_control = c->control_deps, saved_break = c->break_deps;
    c->loop = li;
    c->break_deps = 0;
    unsigned cond_deps = test_after ? 0 : test_condition(c, li, cond, ivar);
    c->control_deps |= cond_deps;
    if (!clang_Cursor_isNull(body)) walk_stmt(c, body);
    if (test_after) cond_deps = test_condition(c, li, cond, ivar);
    /* What the loop leaves in its variables depends on when it stops. */
    unsigned exit_deps = cond_deps | c->break_deps;
    c->loop = saved_loop;
    c->control_deps = saved_control;
    c->break_deps = saved_break;
    unbind_loop_variables(c, &set, exit_deps);
    free(set.items);
    c->env.n = scope < c->env.n ? scope : c->env.n;
}

void walk_for(Ctx *c, CXCursor s)
{
    CXCursor init, cond, inc, body;
    for_parts(c, s, &init, &cond, &inc, &body);
    walk_loop(c, s, init, cond, inc, body);
}
