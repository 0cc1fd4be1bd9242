/* host.c - host-side helpers for a dialect's launch scanner: launches and
 * their arguments, block dimensions with where their values come from, and
 * the walk over a host function (see interp.h). */
#include "frontend/interp.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

/* Is `decl` assigned anywhere in the host function? */
bool host_assigned_in(HostScan *hs, CXCursor decl)
{
    AssignedSet set = {NULL, 0, false};
    scan_assignments(hs->c, body_of(hs->fn), &set, 0);
    bool found = set.truncated; /* too deep to tell: maybe */
    for (int i = 0; i < set.n; i++)
        if (clang_equalCursors(set.items[i].decl, decl)) found = true;
    free(set.items);
    return found;
}

void host_dim_value(HostScan *hs, CXCursor e, DimValue *d, Launch *L)
{
    Ctx *c = hs->c;
    CXCursor s = strip(e);
    d->text = text_of(&c->cx, s);
    long long v;
    if (d->text[0] && location_in_macro(s)) { /* (a default argument has no text: not a macro) */
        d->origin = arena_printf(&c->m->arena, "macro %s", d->text);
        d->where = spelling_range_of(&c->cx, s);
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
            d->where = range_of(&c->cx, ref);
            if (d->known) {
                d->origin = arena_printf(&c->m->arena, "%s %s", clang_isConstQualifiedType(t) ? "const" : "constexpr", d->text);
            } else {
                CXCursor init = initializer_of(ref);
                if (!clang_Cursor_isNull(init) && eval_const(init, &v) && !clang_Cursor_isNull(hs->fn) &&
                    !host_assigned_in(hs, ref)) {
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

Launch *host_launch_new(HostScan *hs, CXCursor call, CXCursor target)
{
    Ctx *c = hs->c;
    Launch *L = VEC_PUSH(c->m->launches, c->m->nlaunches);
    L->kernel = -1;
    L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(call));
    if (!L->kernel_name[0]) { /* (k<T>)<<<...>>>, as launch macros write it: the callee's name */
        Children ch = children_of(call);
        CXCursor callee = ch.n > 0 ? strip(ch.items[0]) : clang_getNullCursor();
        while (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_ParenExpr) {
            Children in = children_of(callee);
            callee = in.n == 1 ? strip(in.items[0]) : clang_getNullCursor();
            children_free(&in);
        }
        if (!clang_Cursor_isNull(callee)) L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(callee));
        if (!clang_Cursor_isNull(callee) && !L->kernel_name[0]) {
            /* an unresolved name in a pattern (build<T>): the template it names */
            CXCursor r = clang_getCursorReferenced(callee);
            if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r) > 0)
                r = clang_getOverloadedDecl(r, 0);
            if (!clang_Cursor_isNull(r) && !clang_isInvalid(clang_getCursorKind(r)))
                L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(r));
        }
        children_free(&ch);
    }
    L->range = range_of(&c->cx, call);
    L->function = hs->fn_name;
    TypeSubst *args = NULL, resolved;
    if (c->subst && (clang_Cursor_isNull(target) || clang_isInvalid(clang_getCursorKind(target))) &&
        resolve_pattern_launch(c, call, &target, &resolved)) {
        args = arena_alloc(&c->m->arena, sizeof *args);
        *args = resolved;
        L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(target));
    }
    if (c->subst) {
        int n = hs->ntargets;
        *VEC_PUSH(hs->target_args, n) = args;
    }
    *VEC_PUSH(hs->targets, hs->ntargets) = target;
    return L;
}

void host_launch_args(HostScan *hs, Launch *L, CXCursor call)
{
    Ctx *c = hs->c;
    int n = clang_Cursor_getNumArguments(call);
    if (n > 0) {
        L->nargs = n;
        L->arg_known = arena_alloc(&c->m->arena, sizeof(bool) * (size_t)n);
        L->arg_value = arena_alloc(&c->m->arena, sizeof(long long) * (size_t)n);
        L->arg_text = arena_alloc(&c->m->arena, sizeof(char *) * (size_t)n);
        for (int i = 0; i < n; i++) {
            CXCursor a = clang_Cursor_getArgument(call, i);
            L->arg_text[i] = text_of(&c->cx, a);
            long long v;
            if (eval_const(a, &v)) {
                L->arg_known[i] = true;
                L->arg_value[i] = v;
            } else if (is_integer_type(clang_getCursorType(a))) {
                ArgValueSet set = {{0}, 0, NULL};
                if (host_value_set(hs, a, set.values, 16, &set.n, &set.how)) {
                    if (!L->arg_sets) {
                        L->arg_sets = arena_alloc(&c->m->arena, sizeof *L->arg_sets * (size_t)n);
                        memset(L->arg_sets, 0, sizeof *L->arg_sets * (size_t)n);
                    }
                    L->arg_sets[i] = set;
                }
            }
        }
    }
}

static enum CXChildVisitResult visit_host(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    HostScan *hs = data;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) hs->c->d->host_call(hs, cur);
    return CXChildVisit_Recurse;
}

void host_scan_function(HostScan *hs)
{
    clang_visitChildren(hs->fn, visit_host, hs);
}
