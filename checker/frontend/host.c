/* host.c - host-side helpers for a dialect's launch scanner: launches and
 * their arguments, block dimensions with where their values come from, and
 * the walk over a host function (see interp.h). */
#include "frontend/interp.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

/* Every plain assignment `v = e` (or a class's operator=) in the host
 * function, with the control statements around it, and the set of all
 * assigned locals (++, op=, ... included).  Built once per scan. */
typedef struct {
    unsigned from, to;  /* the statement's extent (expansion offsets) */
    bool loop;          /* a loop; else a branch (if, switch, ?:) */
} Enclosing;

typedef struct {
    CXCursor var, value;
    unsigned off;
    Enclosing *around;  /* innermost last */
    int naround;
} Assignment;

struct HostAssignCache {
    AssignedSet assigned;
    Assignment *items;
    int n;
    bool truncated;     /* nested too deep to be read: anything may reach a launch */
};

static CXCursor assigned_value(Ctx *c, CXCursor cur, CXCursor *var)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    CXCursor lhs = clang_getNullCursor(), rhs = clang_getNullCursor();
    if (k == CXCursor_BinaryOperator) {
        Children ch = children_of(cur);
        if (ch.n == 2 && binary_op(&c->cx, cur, ch.items[1]) == OP_ASSIGN) {
            lhs = ch.items[0];
            rhs = ch.items[1];
        }
        children_free(&ch);
    } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(cur) == 2) { /* a class's operator= */
        CXString sp = clang_getCursorSpelling(cur);
        bool assign = strcmp(clang_getCString(sp), "operator=") == 0;
        clang_disposeString(sp);
        if (assign) {
            lhs = clang_Cursor_getArgument(cur, 0);
            rhs = clang_Cursor_getArgument(cur, 1);
        }
    }
    if (clang_Cursor_isNull(lhs)) return clang_getNullCursor();
    lhs = strip(lhs);
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    *var = clang_getCursorReferenced(lhs);
    return rhs;
}

bool host_is_launch_configuration(CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return false;
    CXString sp = clang_getCursorSpelling(call);
    const char *n = clang_getCString(sp);
    bool r = n && (strcmp(n, "cudaConfigureCall") == 0 || strcmp(n, "__cudaPushCallConfiguration") == 0 ||
                   strcmp(n, "hipConfigureCall") == 0 || strcmp(n, "__hipPushCallConfiguration") == 0);
    clang_disposeString(sp);
    return r;
}

/* A call that may write the local `var` names: passed to a non-const
 * reference parameter (`configure(n, block, grid)` filling `dim3 &block`),
 * or its address passed.  A callee clang did not resolve (a pattern's
 * dependent call) may do either. */
static bool call_may_write(CXCursor call, CXCursor arg, CXCursor *var)
{
    CXCursor a = strip(arg);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k == CXCursor_UnaryOperator) { /* &var */
        Children ch = children_of(a);
        CXCursor in = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(in) || clang_getCursorKind(in) != CXCursor_DeclRefExpr ||
            !is_pointer_type(clang_getCursorType(a)))
            return false;
        *var = clang_getCursorReferenced(in);
        return clang_getCursorKind(*var) == CXCursor_VarDecl;
    }
    if (k != CXCursor_DeclRefExpr) return false;
    *var = clang_getCursorReferenced(a);
    if (clang_getCursorKind(*var) != CXCursor_VarDecl) return false;
    CXCursor fn = clang_getCursorReferenced(call);
    int nargs = clang_Cursor_getNumArguments(call), index = -1;
    for (int i = 0; i < nargs && index < 0; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)i), arg)) index = i;
    if (clang_Cursor_isNull(fn) || index < 0) return true;
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_Constructor) return true;
    if (index >= clang_Cursor_getNumArguments(fn)) return false; /* a C variadic's: by value */
    CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)index));
    return t.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* value: null for a write of a value unknown here (a call wrote the local). */
static void add_assignment(struct HostAssignCache *hc, CXCursor var, CXCursor value, CXCursor at, const Enclosing *stack,
                           int depth)
{
    Assignment *a = VEC_PUSH(hc->items, hc->n);
    a->var = var;
    a->value = value;
    a->off = expansion_offset(clang_getRangeStart(clang_getCursorExtent(at)));
    a->naround = depth;
    a->around = depth ? xcalloc((size_t)depth, sizeof *a->around) : NULL;
    if (depth) memcpy(a->around, stack, sizeof *a->around * (size_t)depth);
}

static void collect_assignments(Ctx *c, struct HostAssignCache *hc, CXCursor cur, Enclosing *stack, int depth)
{
    if (depth >= 256) {
        hc->truncated = true;
        return;
    }
    CXCursor var = clang_getNullCursor();
    CXCursor value = assigned_value(c, cur, &var);
    if (!clang_Cursor_isNull(value)) add_assignment(hc, var, value, cur, stack, depth);
    else if (clang_getCursorKind(cur) == CXCursor_CallExpr && !host_is_launch_configuration(cur))
        for (int i = 0, nargs = clang_Cursor_getNumArguments(cur); i < nargs; i++) {
            CXCursor written;
            if (call_may_write(cur, clang_Cursor_getArgument(cur, (unsigned)i), &written))
                add_assignment(hc, written, clang_getNullCursor(), cur, NULL, 0);
        }
    enum CXCursorKind k = clang_getCursorKind(cur);
    bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
    bool branch = k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ConditionalOperator;
    CXSourceRange ext = clang_getCursorExtent(cur);
    Enclosing e = {expansion_offset(clang_getRangeStart(ext)), expansion_offset(clang_getRangeEnd(ext)), loop};
    Children ch = children_of(cur);
    for (int i = 0; i < ch.n; i++) {
        /* an if's or switch's condition runs whichever way it goes */
        bool first = i == 0 && (k == CXCursor_IfStmt || k == CXCursor_SwitchStmt);
        if ((loop || branch) && !first) {
            stack[depth] = e;
            collect_assignments(c, hc, ch.items[i], stack, depth + 1);
        } else {
            collect_assignments(c, hc, ch.items[i], stack, depth);
        }
    }
    children_free(&ch);
}

static struct HostAssignCache *assign_cache(HostScan *hs)
{
    if (hs->assign_cache) return hs->assign_cache;
    struct HostAssignCache *hc = xcalloc(1, sizeof *hc);
    CXCursor body = body_of(hs->fn);
    scan_assignments(hs->c, body, &hc->assigned, 0);
    Enclosing stack[256];
    collect_assignments(hs->c, hc, body, stack, 0);
    hs->assign_cache = hc;
    return hc;
}

void host_scan_release(HostScan *hs)
{
    free(hs->ifs);
    hs->ifs = NULL;
    hs->nifs = 0;
    free(hs->caller_memo);
    hs->caller_memo = NULL;
    hs->ncaller_memo = 0;
    struct HostAssignCache *hc = hs->assign_cache;
    if (!hc) return;
    for (int i = 0; i < hc->n; i++) free(hc->items[i].around);
    free(hc->items);
    free(hc->assigned.items);
    free(hc);
    hs->assign_cache = NULL;
}

/* Is `decl` assigned anywhere in the host function? */
bool host_assigned_in(HostScan *hs, CXCursor decl)
{
    struct HostAssignCache *hc = assign_cache(hs);
    if (hc->assigned.truncated) return true; /* too deep to tell: maybe */
    for (int i = 0; i < hc->assigned.n; i++)
        if (clang_equalCursors(hc->assigned.items[i].decl, decl)) return true;
    for (int i = 0; i < hc->n; i++) /* written through a reference a call was given */
        if (clang_Cursor_isNull(hc->items[i].value) && clang_equalCursors(hc->items[i].var, decl)) return true;
    return false;
}

/* The value of a local at a launch: the last assignment before it
 * (threads = dim3(16, 16) after dim3 threads(256, 1)), when nothing but
 * straight-line code separates them.  An assignment under a branch that
 * does not hold the launch may or may not have run; one in a loop that
 * holds the launch (and not the declaration: such a loop starts each
 * iteration afresh) may reach it from the next iteration. */
bool host_reaching_value(HostScan *hs, CXCursor var, CXCursor launch, CXCursor *value)
{
    struct HostAssignCache *hc = assign_cache(hs);
    unsigned at = expansion_offset(clang_getRangeStart(clang_getCursorExtent(launch)));
    unsigned decl = expansion_offset(clang_getRangeStart(clang_getCursorExtent(var)));
    *value = clang_getNullCursor();
    if (hc->truncated) return false;
    unsigned best = 0;
    for (int i = 0; i < hc->n; i++) {
        const Assignment *a = &hc->items[i];
        if (!clang_equalCursors(a->var, var)) continue;
        bool guarded = false, looped = false;
        for (int q = 0; q < a->naround; q++) {
            const Enclosing *e = &a->around[q];
            bool holds = e->from <= at && at < e->to;
            if (!holds) guarded = true;
            if (e->loop && holds && !(e->from <= decl && decl < e->to)) looped = true;
        }
        if (looped || (guarded && a->off < at)) return false;
        if (clang_Cursor_isNull(a->value) && a->off < at) return false; /* a call wrote it */
        if (!guarded && a->off < at && a->off >= best) {
            *value = a->value;
            best = a->off;
        }
    }
    return true;
}

/* In clang's instance of a host template (a specialization run), is `text`
 * the name of one of its non-type template parameters?  The instance has
 * the value where the pattern had the parameter. */
static bool instance_template_param(HostScan *hs, const char *text)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(hs->fn);
    return !clang_Cursor_isNull(tmpl) && text[0] && template_has_value_param(tmpl, text);
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
        if (!clang_Cursor_isNull(hs->fn) && instance_template_param(hs, d->text)) {
            /* the shape is still the launcher's parameter, never a literal */
            L->block_is_template_param = true;
            d->origin = arena_printf(&c->m->arena, "template parameter %s = %lld", d->text, v);
        }
    }
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        CXType t = clang_getCursorType(ref);
        if (rk == CXCursor_NonTypeTemplateParameter) {
            L->block_is_template_param = true;
            d->origin = arena_printf(&c->m->arena, "template parameter %s", d->text);
            /* run under a substitution: this instantiation's value (the
             * shape is still the launcher's parameter, never a literal) */
            for (int i = 0; c->subst && i < c->subst->n; i++)
                if (c->subst->names[i] && strcmp(c->subst->names[i], d->text) == 0 && c->subst->args[i].has_value) {
                    d->known = true;
                    d->value = c->subst->args[i].value;
                    d->origin = arena_printf(&c->m->arena, "template parameter %s = %lld", d->text, d->value);
                }
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
        /* in clang's instance of a host template, (k<T>) names k<float> itself */
        if (!clang_Cursor_isNull(callee) && (clang_Cursor_isNull(target) || clang_isInvalid(clang_getCursorKind(target)))) {
            CXCursor r = clang_getCursorReferenced(callee);
            if (clang_getCursorKind(r) == CXCursor_FunctionDecl) target = r;
        }
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
    L->block_param = -1;
    TypeSubst *args = NULL, resolved;
    /* in a pattern the callee is unresolved, or the template itself when
     * the launch names it in parentheses: (k<T>)<<<...>>> */
    if (c->subst &&
        (clang_Cursor_isNull(target) || clang_isInvalid(clang_getCursorKind(target)) ||
         clang_getCursorKind(target) == CXCursor_FunctionTemplate) &&
        resolve_pattern_launch(c, call, &target, &resolved)) {
        args = arena_alloc(&c->m->arena, sizeof *args);
        *args = resolved;
        L->kernel_name = cxstr(&c->m->arena, clang_getCursorSpelling(target));
    }
    /* clang's instance without an instantiated body (its host caller is an
     * explicit instantiation gpulint reads as a declaration): the pattern
     * under the instance's arguments, as in a substituted run */
    CXCursor pattern = clang_Cursor_isNull(target) ? target : clang_getSpecializedCursorTemplate(target);
    if (!args && !clang_Cursor_isNull(pattern) && clang_getCursorKind(pattern) == CXCursor_FunctionTemplate &&
        clang_Cursor_isNull(body_of(target))) {
        args = arena_alloc(&c->m->arena, sizeof *args);
        memset(args, 0, sizeof *args);
        class_instance_args(c, target, args);
        CXCursor def = clang_getCursorDefinition(pattern);
        target = clang_Cursor_isNull(def) ? pattern : def;
        template_param_names(c, target, args);
    }
    if (args || hs->target_args) { /* parallel to targets from the first one on */
        while (hs->ntargets_args < hs->ntargets) {
            int n = hs->ntargets_args;
            *VEC_PUSH(hs->target_args, n) = NULL;
            hs->ntargets_args++;
        }
        int n = hs->ntargets_args++;
        *VEC_PUSH(hs->target_args, n) = args;
    }
    *VEC_PUSH(hs->targets, hs->ntargets) = target;
    return L;
}

void host_launch_args(HostScan *hs, Launch *L, CXCursor call)
{
    host_launch_args_from(hs, L, call, 0);
}

void host_launch_args_from(HostScan *hs, Launch *L, CXCursor call, int first)
{
    Ctx *c = hs->c;
    int n = clang_Cursor_getNumArguments(call) - first;
    if (n > 0) {
        L->nargs = n;
        L->arg_known = arena_alloc(&c->m->arena, sizeof(bool) * (size_t)n);
        L->arg_value = arena_alloc(&c->m->arena, sizeof(long long) * (size_t)n);
        L->arg_text = arena_alloc(&c->m->arena, sizeof(char *) * (size_t)n);
        for (int i = 0; i < n; i++) {
            CXCursor a = clang_Cursor_getArgument(call, (unsigned)(first + i));
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
    if (clang_getCursorKind(cur) == CXCursor_IfStmt) *VEC_PUSH(hs->ifs, hs->nifs) = cur;
    if (clang_getCursorKind(cur) != CXCursor_CallExpr) return CXChildVisit_Recurse;
    hs->c->d->host_call(hs, cur);
    CXCursor fn, spec;
    TypeSubst args;
    if (resolve_pattern_host_call(hs->c, cur, &fn, &args, &spec))
        *VEC_PUSH(hs->called, hs->ncalled) = (HostCall){.fn = fn, .args = args, .spec = spec,
                                                        .range = range_of(&hs->c->cx, cur)};
    return CXChildVisit_Recurse;
}

TypeSubst *host_target_args(const HostScan *hs, int j)
{
    return hs->target_args && j < hs->ntargets_args ? hs->target_args[j] : NULL;
}

void host_scan_function(HostScan *hs)
{
    clang_visitChildren(hs->fn, visit_host, hs);
}

/* ------------------------------------------- a narrow instance beside a wide one */

static bool range_within(const SrcRange *in, const SrcRange *outer)
{
    if (!in->file || !outer->file || strcmp(in->file, outer->file) != 0) return false;
    bool starts_after = in->line > outer->line || (in->line == outer->line && in->col >= outer->col);
    bool ends_before = in->end_line < outer->end_line || (in->end_line == outer->end_line && in->end_col <= outer->end_col);
    return starts_after && ends_before;
}

/* The type arguments of the kernel instance a launch names (its
 * substitution, else clang's instance's own arguments), in order: their
 * sizes (-1 unknown) and spellings; returns how many. */
static int type_args(Ctx *c, CXCursor target, const TypeSubst *args, long long *sizes, const char **names, int max)
{
    TypeSubst own;
    if (!args) {
        memset(&own, 0, sizeof own);
        class_instance_args(c, target, &own);
        args = &own;
    }
    int k = 0;
    for (int i = 0; i < args->n && k < max; i++)
        if (!args->args[i].has_value && strcmp(args->args[i].spelling, "?") != 0) { /* types only */
            names[k] = args->args[i].spelling;
            sizes[k++] = args->args[i].size;
        }
    return k;
}

static CXCursor kernel_template(CXCursor target)
{
    CXCursor t = clang_getSpecializedCursorTemplate(target);
    return clang_Cursor_isNull(t) ? target : t;
}

/* A launch or a host template call of the scan, for the sibling check:
 * where it is, the instance it names (its template and type arguments,
 * read once), and where its mark goes. */
typedef struct {
    SrcRange range;
    CXCursor tmpl;                      /* the template, canonical */
    int nargs;
    long long sizes[MAX_TYPE_ARGS];
    const char *names[MAX_TYPE_ARGS];
    SrcRange *wide_at;
    const char **wide_type;
} Sibling;

static Sibling sibling(Ctx *c, SrcRange range, CXCursor fn, const TypeSubst *args, SrcRange *wide_at,
                       const char **wide_type)
{
    Sibling s = {.range = range, .tmpl = clang_getCanonicalCursor(kernel_template(fn)), .wide_at = wide_at,
                 .wide_type = wide_type};
    s.nargs = type_args(c, fn, args, s.sizes, s.names, MAX_TYPE_ARGS);
    return s;
}

/* Is instance b of a kernel template a wider one of instance a: no type
 * argument narrower, one wider (half2 for half)?  Names the wider type. */
static bool wider_instance(const Sibling *a, const Sibling *b, const char **wide)
{
    if (a->nargs == 0 || a->nargs != b->nargs || !clang_equalCursors(a->tmpl, b->tmpl)) return false;
    *wide = NULL;
    for (int i = 0; i < a->nargs; i++) {
        if (a->sizes[i] <= 0 || b->sizes[i] <= 0 || b->sizes[i] < a->sizes[i]) return false;
        if (b->sizes[i] > a->sizes[i] && !*wide) *wide = b->names[i];
    }
    return *wide != NULL;
}

/* Are a and b the same instance of one template (equal type arguments)? */
static bool same_instance(const Sibling *a, const Sibling *b)
{
    if (a->nargs != b->nargs || !clang_equalCursors(a->tmpl, b->tmpl)) return false;
    for (int i = 0; i < a->nargs; i++)
        if (a->sizes[i] != b->sizes[i] || strcmp(a->names[i], b->names[i]) != 0) return false;
    return true;
}

/* Does the branch also name the instance `wide` itself?  Then the branches
 * are not a fast path and its fallback: each dispatches on a data type (a
 * switch over float and half on both sides), and the narrow instance runs
 * on data of its own type. */
static bool branch_names(const Sibling *v, int n, const SrcRange *branch, const Sibling *wide)
{
    for (int q = 0; q < n; q++)
        if (range_within(&v[q].range, branch) && same_instance(&v[q], wide)) return true;
    return false;
}

/* The items on one branch of `branch` whose other branch names a wider
 * instance of the same template. */
static void mark_wider(Sibling *v, int n, const SrcRange branch[2])
{
    for (int i = 0; i < n; i++) {
        int side = range_within(&v[i].range, &branch[0]) ? 0 : range_within(&v[i].range, &branch[1]) ? 1 : -1;
        if (side < 0 || *v[i].wide_type) continue;
        for (int j = 0; j < n && !*v[i].wide_type; j++) {
            const char *wide;
            if (range_within(&v[j].range, &branch[1 - side]) && wider_instance(&v[i], &v[j], &wide) &&
                !branch_names(v, n, &branch[side], &v[j])) {
                *v[i].wide_at = v[j].range;
                *v[i].wide_type = wide;
            }
        }
    }
}

void host_mark_wider_siblings(HostScan *hs, int first)
{
    Ctx *c = hs->c;
    int n = c->m->nlaunches - first;
    if (n > hs->ntargets) n = 0; /* (every launch of the scan has its target) */
    if (n < 2 && hs->ncalled < 2) return;
    Sibling *launches = xcalloc((size_t)n + 1, sizeof *launches), *calls = xcalloc((size_t)hs->ncalled + 1, sizeof *calls);
    int nl = 0;
    for (int i = 0; i < n; i++) {
        Launch *L = &c->m->launches[first + i];
        int t = hs->ntargets - n + i;
        if (!clang_Cursor_isNull(hs->targets[t]))
            launches[nl++] = sibling(c, L->range, hs->targets[t], host_target_args(hs, t), &L->wider_sibling,
                                     &L->wider_sibling_type);
    }
    for (int i = 0; i < hs->ncalled; i++) {
        HostCall *call = &hs->called[i];
        calls[i] = sibling(c, call->range, call->fn, &call->args, &call->wide_at, &call->wide_type);
    }
    for (int f = 0; f < hs->nifs; f++) {
        /* the last two children: the branches (an if without else: the
         * condition and its branch, and no launch is in a condition) */
        Children ch = children_of(hs->ifs[f]);
        if (ch.n >= 3) {
            SrcRange branch[2] = {range_of(&c->cx, ch.items[ch.n - 2]), range_of(&c->cx, ch.items[ch.n - 1])};
            mark_wider(calls, hs->ncalled, branch);
            mark_wider(launches, nl, branch);
        }
        children_free(&ch);
    }
    free(launches);
    free(calls);
}
