/* host_opencl.c - the OpenCL dialect's host side: reads one C/C++ host
 * file's launches.  Which host files are read, and how their launches join
 * a .cl file's model, is host_opencl_index.c.
 *
 * The C API:
 *   k = clCreateKernel(program, "name", &err)     names the kernel object k
 *   clSetKernelArg(k, i, sizeof v, &v)            argument i (constant v)
 *   clEnqueueNDRangeKernel(q, k, dims, offset, global, local, ...)
 *                                                 a launch; `local` is the
 *                                                 work-group shape (an array
 *                                                 with constant initializers,
 *                                                 macros followed; NULL: the
 *                                                 runtime picks it)
 * The C++ wrapper (cl2.hpp/opencl.hpp/cl.hpp), where it is plain; calls
 * are recognised by name and by being declared in namespace cl (the
 * bundled stand-in include/opencl/CL/gpulint_cl_wrapper.hpp, or the real
 * header when a project's own copy is reached first):
 *   cl::Kernel k(program, "name")  /  k = cl::Kernel(program, "name")
 *   cl::KernelFunctor<...> f(program, "name"), cl::make_kernel<...>, also
 *   through `new`
 *   k.setArg(i, v)
 *   queue.enqueueNDRangeKernel(k, offset, global, local)   local: an
 *                                                 NDRange(x, y) inline or a
 *                                                 variable; NullRange or left
 *                                                 out: the runtime picks it
 *   f(cl::EnqueueArgs(queue, global, local), args...)
 * Not followed: kernel objects passed between functions under other names,
 * kernels made by a project's own wrapper classes. */
#include "frontend/interp.h"
#include "frontend/parse.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    CXCursor decl;           /* the variable (or field) holding a kernel object */
    const char *name;        /* the kernel it was created for */
} KernelObject;

typedef struct {
    CXCursor decl;
    int index;
    bool known;
    long long value;
    const char *text;
} KernelArg;

typedef struct {
    KernelObject *objects; int nobjects;
    KernelArg *args; int nargs;
} HostTables;

static char *callee_name(CXCursor call)
{
    CXString s = clang_getCursorSpelling(call);
    char *n = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");
    clang_disposeString(s);
    /* a class template's constructor may be spelled with its arguments */
    char *lt = strchr(n, '<');
    if (lt && lt != n && strncmp(n, "operator", 8) != 0) *lt = 0;
    return n;
}

/* Is the declaration a call refers to inside namespace cl (the C++ wrapper)? */
static bool declared_in_cl(CXCursor call)
{
    CXCursor d = clang_getCursorReferenced(call);
    for (int depth = 0; depth < 8 && !clang_Cursor_isNull(d); depth++) {
        enum CXCursorKind k = clang_getCursorKind(d);
        if (k == CXCursor_TranslationUnit) return false;
        if (k == CXCursor_Namespace) {
            CXString s = clang_getCursorSpelling(d);
            bool cl = clang_getCString(s) && strcmp(clang_getCString(s), "cl") == 0;
            clang_disposeString(s);
            return cl;
        }
        d = clang_getCursorSemanticParent(d);
    }
    return false;
}

/* The C++ wrapper call a cursor is, by name ("" when it is none). */
static bool is_cl_call(CXCursor call, const char *name)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return false;
    char *n = callee_name(call);
    bool same = strcmp(n, name) == 0;
    free(n);
    return same && declared_in_cl(call);
}

/* Looks through `*p`, `new T(...)` and copies of a class value made by
 * constructing from one argument of the same class. */
static CXCursor peel(CXCursor e)
{
    for (int depth = 0; depth < 16; depth++) {
        CXCursor s = strip(e);
        enum CXCursorKind k = clang_getCursorKind(s);
        Children ch = children_of(s);
        CXCursor next = clang_getNullCursor();
        if ((k == CXCursor_UnaryOperator || k == CXCursor_CXXNewExpr) && ch.n >= 1) {
            next = ch.items[ch.n - 1];
        } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(s) == 1) {
            CXType self = canon(clang_getCursorType(s));
            CXType arg = canon(clang_getCursorType(strip(clang_Cursor_getArgument(s, 0))));
            CXString a = clang_getTypeSpelling(clang_getNonReferenceType(arg)), b = clang_getTypeSpelling(self);
            const char *as = clang_getCString(a), *bs = clang_getCString(b);
            if (self.kind == CXType_Record && as && bs && strstr(as, bs)) next = clang_Cursor_getArgument(s, 0);
            clang_disposeString(a);
            clang_disposeString(b);
        }
        children_free(&ch);
        if (clang_Cursor_isNull(next)) return s;
        e = next;
    }
    return strip(e);
}

/* The declaration an lvalue names: k, s.k, s->k, *k (NULL cursor otherwise). */
static CXCursor named_decl(CXCursor e)
{
    CXCursor s = peel(e);
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) return clang_getCursorReferenced(s);
    return clang_getNullCursor();
}

static const char *string_value(Arena *a, CXCursor e)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    const char *out = NULL;
    if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral) out = arena_strdup(a, clang_EvalResult_getAsStr(r));
    if (r) clang_EvalResult_dispose(r);
    return out;
}

static const char *kernel_of(const HostTables *t, CXCursor decl)
{
    for (int i = t->nobjects - 1; i >= 0; i--)
        if (clang_equalCursors(t->objects[i].decl, decl)) return t->objects[i].name;
    return NULL;
}

/* `value` makes a kernel object: clCreateKernel(p, "name"), cl::Kernel,
 * cl::KernelFunctor or cl::make_kernel of (p, "name"), or of another
 * kernel object. */
static void note_kernel_object(Ctx *c, HostTables *t, CXCursor decl, CXCursor value)
{
    CXCursor call = peel(value);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(call) != CXCursor_CallExpr) return;
    char *n = callee_name(call);
    int nargs = clang_Cursor_getNumArguments(call);
    const char *name = NULL;
    bool wrapper = strcmp(n, "Kernel") == 0 || strcmp(n, "KernelFunctor") == 0 || strcmp(n, "make_kernel") == 0;
    if ((strcmp(n, "clCreateKernel") == 0 || (wrapper && declared_in_cl(call))) && nargs >= 2)
        name = string_value(&c->m->arena, clang_Cursor_getArgument(call, 1));
    else if (wrapper && nargs == 1 && declared_in_cl(call)) /* a functor made from a kernel object */
        name = kernel_of(t, named_decl(clang_Cursor_getArgument(call, 0)));
    if (name) *VEC_PUSH(t->objects, t->nobjects) = (KernelObject){decl, name};
    free(n);
}

static enum CXChildVisitResult find_objects(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    HostScan *hs = data;
    HostTables *t = hs->dialect_data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_VarDecl) {
        CXCursor init = initializer_of(cur);
        if (!clang_Cursor_isNull(init)) note_kernel_object(hs->c, t, cur, init);
    } else if (k == CXCursor_BinaryOperator) {
        Children ch = children_of(cur);
        if (ch.n == 2 && binary_op(&hs->c->cx, cur, ch.items[1]) == OP_ASSIGN)
            note_kernel_object(hs->c, t, named_decl(ch.items[0]), ch.items[1]);
        children_free(&ch);
    } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(cur) == 2) { /* k = cl::Kernel(...) */
        char *n = callee_name(cur);
        if (strcmp(n, "operator=") == 0)
            note_kernel_object(hs->c, t, named_decl(clang_Cursor_getArgument(cur, 0)), clang_Cursor_getArgument(cur, 1));
        free(n);
    }
    return CXChildVisit_Recurse;
}

/* Argument `index` of kernel object `k` is `value` (`&v` for the C API):
 * a constant v (const, or a local initialised once) is what
 * specialize-constant looks for. */
static void record_kernel_arg(HostScan *hs, CXCursor k, CXCursor index, CXCursor value)
{
    HostTables *t = hs->dialect_data;
    Ctx *c = hs->c;
    long long idx;
    if (clang_Cursor_isNull(k) || !eval_const(index, &idx) || idx < 0 || idx > 255) return;
    KernelArg *a = VEC_PUSH(t->args, t->nargs);
    a->decl = k;
    a->index = (int)idx;
    a->known = false;
    CXCursor v = strip(value);
    a->text = text_of(&c->cx, v);
    if (clang_getCursorKind(v) == CXCursor_UnaryOperator) {
        Children ch = children_of(v);
        if (ch.n == 1) v = strip(ch.items[0]);
        children_free(&ch);
    }
    long long direct;
    if (clang_getCursorKind(v) != CXCursor_DeclRefExpr) {
        if (clang_getCursorKind(strip(value)) != CXCursor_UnaryOperator && eval_const(value, &direct)) {
            a->known = true; /* k.setArg(2, 3) */
            a->value = direct;
        }
        return;
    }
    CXCursor var = clang_getCursorReferenced(v);
    CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
    long long val;
    if (!clang_Cursor_isNull(init) && eval_const(init, &val) &&
        (clang_isConstQualifiedType(clang_getCursorType(var)) || !host_assigned_in(hs, var))) {
        a->known = true;
        a->value = val;
        a->text = text_of(&c->cx, v);
    }
}

typedef struct {
    HostScan *hs;
    CXCursor var;
    bool written;
} WriteSearch;

/* The variable an assignment's left side writes: v, v[i], v[i][j]. */
static bool writes_var(CXCursor lhs, CXCursor var)
{
    CXCursor s = strip(lhs);
    while (clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
        Children ch = children_of(s);
        CXCursor base = ch.n ? ch.items[0] : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(base)) return false;
        s = strip(base);
    }
    return clang_getCursorKind(s) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(s), var);
}

static enum CXChildVisitResult find_write(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    WriteSearch *w = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        Children ch = children_of(cur);
        if (ch.n == 2 && is_assign_op(binary_op(&w->hs->c->cx, cur, ch.items[1])) && writes_var(ch.items[0], w->var))
            w->written = true;
        children_free(&ch);
    } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(cur) == 2) { /* local = cl::NDRange(...) */
        char *n = callee_name(cur);
        if (strcmp(n, "operator=") == 0 && writes_var(clang_Cursor_getArgument(cur, 0), w->var)) w->written = true;
        free(n);
    }
    return w->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is the local-size variable changed after its initializer (whole, an
 * element, or by a C++ assignment)?  Then its shape is not the initializer's. */
static bool changed_after_init(HostScan *hs, CXCursor var)
{
    if (host_assigned_in(hs, var)) return true;
    WriteSearch w = {hs, var, false};
    if (!clang_Cursor_isNull(hs->fn)) clang_visitChildren(hs->fn, find_write, &w);
    return w.written;
}

static bool is_null_pointer(CXCursor e)
{
    long long v;
    CXCursor s = strip(e);
    enum CXCursorKind k = clang_getCursorKind(s);
    return k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr || (eval_const(e, &v) && v == 0);
}

static void default_dims(DimValue d[3], int from)
{
    for (int i = from; i < 3; i++) {
        d[i].known = true;
        d[i].value = 1;
        d[i].text = "1";
        d[i].origin = "default";
    }
}

static void runtime_picks(Ctx *c, Launch *L, CXCursor where, const char *text, const char *why)
{
    L->block_runtime = true;
    L->block_text = text;
    L->block_range = range_of(&c->cx, where);
    for (int i = 0; i < 3; i++) L->block[i].origin = why;
}

/* The dimensions of a brace list or an NDRange(x, y, z) call. */
static void dims_from_list(HostScan *hs, Children *el, int work_dim, CXCursor var, Launch *L)
{
    Ctx *c = hs->c;
    int n = work_dim > 0 && work_dim <= 3 ? work_dim : el->n;
    for (int i = 0; i < n && i < 3; i++) {
        if (i < el->n) {
            host_dim_value(hs, el->items[i], &L->block[i], L);
            if (L->block[i].origin && strcmp(L->block[i].origin, "literal") == 0) L->block[i].where = range_of(&c->cx, var);
        } else {
            L->block[i].known = false;
            L->block[i].text = "0";
        }
    }
    default_dims(L->block, n < 3 ? n : 3);
}

/* local_work_size: `local` (an array with an initializer list), `&n` (a
 * scalar for one dimension), or NULL. */
static void local_size(HostScan *hs, CXCursor e, int work_dim, Launch *L)
{
    Ctx *c = hs->c;
    CXCursor s = strip(e);
    if (is_null_pointer(e)) {
        runtime_picks(c, L, s, "NULL", "local_work_size NULL: the OpenCL runtime picks the work-group");
        return;
    }
    if (clang_getCursorKind(s) == CXCursor_UnaryOperator) { /* &n */
        Children ch = children_of(s);
        CXCursor inner = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (!clang_Cursor_isNull(inner)) {
            host_dim_value(hs, inner, &L->block[0], L);
            default_dims(L->block, 1);
            L->block_range = range_of(&c->cx, s);
            L->block_text = text_of(&c->cx, s);
            return;
        }
    }
    CXCursor var = clang_getCursorKind(s) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(s) : clang_getNullCursor();
    CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
    L->block_range = range_of(&c->cx, clang_Cursor_isNull(var) ? s : var);
    L->block_text = text_of(&c->cx, clang_Cursor_isNull(var) ? s : var);
    if (clang_Cursor_isNull(init) || clang_getCursorKind(strip(init)) != CXCursor_InitListExpr ||
        changed_after_init(hs, var)) {
        L->block_runtime = true;
        for (int i = 0; i < 3; i++) L->block[i].origin = arena_printf(&c->m->arena, "runtime value %s", text_of(&c->cx, s));
        return;
    }
    Children el = children_of(strip(init));
    dims_from_list(hs, &el, work_dim, var, L);
    children_free(&el);
}

/* The C++ local range: NDRange(x, y) inline, a variable initialised with
 * one (and not assigned again), or NullRange / left out. */
static void ndrange_local(HostScan *hs, CXCursor e, Launch *L)
{
    Ctx *c = hs->c;
    CXCursor s = peel(e);
    CXCursor var = clang_getNullCursor();
    const char *text = text_of(&c->cx, s);
    if (!text[0]) { /* a default argument (no text of its own): NullRange */
        runtime_picks(c, L, s, "cl::NullRange", "local range left out: the OpenCL runtime picks the work-group");
        L->block_range = L->range;
        return;
    }
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
        var = clang_getCursorReferenced(s);
        CXString vs = clang_getCursorSpelling(var);
        bool null_range = clang_getCString(vs) && strcmp(clang_getCString(vs), "NullRange") == 0;
        clang_disposeString(vs);
        if (null_range) {
            runtime_picks(c, L, s, text, "cl::NullRange: the OpenCL runtime picks the work-group");
            return;
        }
        CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
        if (clang_Cursor_isNull(init) || changed_after_init(hs, var)) {
            runtime_picks(c, L, var, text, arena_printf(&c->m->arena, "runtime value %s", text));
            return;
        }
        s = peel(init);
    }
    if (!is_cl_call(s, "NDRange")) {
        runtime_picks(c, L, clang_Cursor_isNull(var) ? s : var, text, arena_printf(&c->m->arena, "runtime value %s", text));
        return;
    }
    CXCursor where = clang_Cursor_isNull(var) ? s : var;
    L->block_range = range_of(&c->cx, where);
    L->block_text = text_of(&c->cx, where);
    int n = clang_Cursor_getNumArguments(s);
    if (n == 0) {
        runtime_picks(c, L, where, L->block_text, "an empty NDRange: the OpenCL runtime picks the work-group");
        return;
    }
    Children el = {NULL, 0};
    for (int i = 0; i < n && i < 3; i++) *VEC_PUSH(el.items, el.n) = clang_Cursor_getArgument(s, i);
    dims_from_list(hs, &el, n, where, L);
    free(el.items);
}

/* A launch of kernel object `k` at `call`; its arguments are the last
 * values set before it. */
static Launch *launch_of(HostScan *hs, CXCursor call, CXCursor k)
{
    HostTables *t = hs->dialect_data;
    Ctx *c = hs->c;
    const char *name = clang_Cursor_isNull(k) ? NULL : kernel_of(t, k);
    if (!name) return NULL; /* which kernel is launched is not known here */
    Launch *L = host_launch_new(hs, call, clang_getNullCursor());
    L->kernel_name = name;
    default_dims(L->grid, 0);
    for (int i = 0; i < 3; i++) L->grid[i].known = false;
    int nargs = 0;
    for (int i = 0; i < t->nargs; i++)
        if (clang_equalCursors(t->args[i].decl, k) && t->args[i].index + 1 > nargs) nargs = t->args[i].index + 1;
    if (!nargs) return L;
    L->nargs = nargs;
    L->arg_known = arena_alloc(&c->m->arena, sizeof(bool) * (size_t)nargs);
    L->arg_value = arena_alloc(&c->m->arena, sizeof(long long) * (size_t)nargs);
    L->arg_text = arena_alloc(&c->m->arena, sizeof(char *) * (size_t)nargs);
    for (int i = 0; i < nargs; i++) {
        L->arg_known[i] = false;
        L->arg_text[i] = "?";
    }
    for (int i = 0; i < t->nargs; i++) { /* the last setting before the launch wins */
        const KernelArg *a = &t->args[i];
        if (!clang_equalCursors(a->decl, k)) continue;
        L->arg_known[a->index] = a->known;
        L->arg_value[a->index] = a->value;
        L->arg_text[a->index] = a->text;
    }
    return L;
}

static void record_enqueue(HostScan *hs, CXCursor call)
{
    if (clang_Cursor_getNumArguments(call) < 6) return;
    Launch *L = launch_of(hs, call, named_decl(clang_Cursor_getArgument(call, 1)));
    if (!L) return;
    long long dims;
    int work_dim = eval_const(clang_Cursor_getArgument(call, 2), &dims) ? (int)dims : 0;
    local_size(hs, clang_Cursor_getArgument(call, 5), work_dim, L);
}

/* The object of a member call `obj.f(...)`: the base of its callee. */
static CXCursor member_call_object(CXCursor call)
{
    Children ch = children_of(call);
    CXCursor obj = clang_getNullCursor();
    if (ch.n >= 1 && clang_getCursorKind(strip(ch.items[0])) == CXCursor_MemberRefExpr) {
        Children m = children_of(strip(ch.items[0]));
        if (m.n >= 1) obj = m.items[0];
        children_free(&m);
    }
    children_free(&ch);
    return obj;
}

/* f(cl::EnqueueArgs(queue, [offset,] global, [local]), ...): the local range
 * is the last of two or more NDRanges. */
static void record_functor_launch(HostScan *hs, CXCursor call)
{
    int n = clang_Cursor_getNumArguments(call);
    if (n < 2) return;
    CXCursor ea = peel(clang_Cursor_getArgument(call, 1));
    if (clang_getCursorKind(ea) == CXCursor_DeclRefExpr) {
        CXCursor var = clang_getCursorReferenced(ea);
        CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
        if (!clang_Cursor_isNull(init)) ea = peel(init);
    }
    if (!is_cl_call(ea, "EnqueueArgs")) return;
    Launch *L = launch_of(hs, call, named_decl(clang_Cursor_getArgument(call, 0)));
    if (!L) return;
    CXCursor ranges[4];
    int nranges = 0;
    for (int i = 0; i < clang_Cursor_getNumArguments(ea) && nranges < 4; i++) {
        CXCursor a = clang_Cursor_getArgument(ea, i);
        CXString ts = clang_getTypeSpelling(canon(clang_getCursorType(a)));
        if (clang_getCString(ts) && strstr(clang_getCString(ts), "NDRange")) ranges[nranges++] = a;
        clang_disposeString(ts);
    }
    if (nranges >= 2) ndrange_local(hs, ranges[nranges - 1], L);
    else runtime_picks(hs->c, L, ea, "cl::NullRange", "no local range in cl::EnqueueArgs: the OpenCL runtime picks the work-group");
}

void opencl_host_call(HostScan *hs, CXCursor call)
{
    if (!hs->dialect_data) return;
    char *n = callee_name(call);
    if (strcmp(n, "clSetKernelArg") == 0 && clang_Cursor_getNumArguments(call) >= 4) {
        record_kernel_arg(hs, named_decl(clang_Cursor_getArgument(call, 0)), clang_Cursor_getArgument(call, 1),
                          clang_Cursor_getArgument(call, 3));
    } else if (strcmp(n, "clEnqueueNDRangeKernel") == 0) {
        record_enqueue(hs, call);
    } else if (strcmp(n, "setArg") == 0 && clang_Cursor_getNumArguments(call) == 2 && declared_in_cl(call)) {
        record_kernel_arg(hs, named_decl(member_call_object(call)), clang_Cursor_getArgument(call, 0),
                          clang_Cursor_getArgument(call, 1));
    } else if (strcmp(n, "enqueueNDRangeKernel") == 0 && clang_Cursor_getNumArguments(call) >= 3 &&
               declared_in_cl(call)) {
        Launch *L = launch_of(hs, call, named_decl(clang_Cursor_getArgument(call, 0)));
        if (L && clang_Cursor_getNumArguments(call) >= 4) ndrange_local(hs, clang_Cursor_getArgument(call, 3), L);
        else if (L) runtime_picks(hs->c, L, call, "cl::NullRange", "local range left out: the OpenCL runtime picks the work-group");
    } else if (strcmp(n, "operator()") == 0) {
        record_functor_launch(hs, call);
    }
    free(n);
}

typedef struct {
    CXCursor *fns; int n;
} FnList;

static enum CXChildVisitResult host_functions(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    FnList *l = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (!in_main_file(cur)) return CXChildVisit_Continue;
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
        k == CXCursor_ClassTemplate || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
         k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(cur))
        *VEC_PUSH(l->fns, l->n) = cur;
    return CXChildVisit_Continue;
}

/* Scans one host translation unit into `hm` (launches only).  Kernel
 * objects are collected from every function first: a class often makes
 * them in one method (or its constructor) and launches them in another. */
static void scan_host_tu(Model *hm, CXTranslationUnit tu)
{
    Ctx c;
    memset(&c, 0, sizeof c);
    c.m = hm;
    c.cx.tu = tu;
    c.cx.arena = &hm->arena;
    c.d = &dialect_opencl;
    c.loop = -1;
    FnList fl = {NULL, 0};
    cx_begin_tu(tu);
    clang_visitChildren(clang_getTranslationUnitCursor(tu), host_functions, &fl);
    HostTables t = {NULL, 0, NULL, 0};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < fl.n; i++) {
            HostScan hs = {.c = &c, .fn = fl.fns[i], .fn_name = cxstr(&hm->arena, clang_getCursorSpelling(fl.fns[i])),
                           .dialect_data = &t};
            if (pass == 0) clang_visitChildren(fl.fns[i], find_objects, &hs); /* kernel objects first */
            else host_scan_function(&hs);
            free(hs.targets);
            free(hs.target_args);
            free(hs.called); /* host templates it calls: a CUDA model's concern */
            host_scan_release(&hs);
        }
    }
    free(t.objects);
    ctx_release_call_index(&c);
    cx_release(&c.cx);
    free(t.args);
    free(fl.fns);
}

Model *opencl_host_scan(Frontend *fe, const char *path)
{
    CXTranslationUnit tu = frontend_parse_host(fe, path);
    if (!tu) return NULL;
    Model *hm = xcalloc(1, sizeof *hm);
    model_init(hm, path);
    scan_host_tu(hm, tu);
    clang_disposeTranslationUnit(tu);
    return hm;
}
