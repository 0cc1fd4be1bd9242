/* host_cuda.c - the CUDA dialect's host side (HIP's too): kernel<<<grid,
 * block>>>(args) launches (calls whose callee expression holds the
 * cudaConfigureCall of the <<<>>>) and hipLaunchKernelGGL calls, their dim3
 * block shapes, and cudaMemcpyToSymbol writes of
 * __constant__ variables with the values they can store. */
#include "frontend/shape_comment.h"
#include "frontend/interp.h"
#include "util/vec.h"

#include <string.h>

static CXCursor find_config_call(CXCursor launch)
{
    Children ch = children_of(launch);
    CXCursor cfg = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(cfg); i++) {
        CXCursor x = strip(ch.items[i]);
        if (host_is_launch_configuration(x)) cfg = x;
    }
    children_free(&ch);
    return cfg;
}

/* Evaluates a dim3 (or integer) launch argument: follows copies and local
 * variables to the constructor that spells the shape. */
static void eval_dim3(HostScan *hs, CXCursor call, CXCursor e, DimValue dims[3], SrcRange *where, const char **text, Launch *L, int depth)
{
    Ctx *c = hs->c;
    CXCursor s = strip(e);
    enum CXCursorKind k = clang_getCursorKind(s);
    if (depth > 4) return;
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl) {
            CXCursor init = initializer_of(ref), assigned = clang_getNullCursor();
            if (!clang_Cursor_isNull(hs->fn)) {
                /* threads = dim3(16, 16) before the launch: that value, when
                 * no branch or loop may bring another */
                if (host_assigned_in(hs, ref)) L->block_runtime = true;
                if (!host_reaching_value(hs, ref, call, &assigned)) {
                    L->block_runtime = true;
                    *where = range_of(&c->cx, s);
                    *text = text_of(&c->cx, s);
                    return;
                }
                if (!clang_Cursor_isNull(assigned)) {
                    eval_dim3(hs, call, assigned, dims, where, text, L, depth + 1);
                    return;
                }
            }
            if (!clang_Cursor_isNull(init)) {
                SrcRange vr = range_of(&c->cx, ref);
                eval_dim3(hs, call, init, dims, where, text, L, depth + 1);
                *where = vr;
                *text = text_of(&c->cx, ref);
                return;
            }
        }
        if (clang_getCursorKind(ref) == CXCursor_ParmDecl) L->block_runtime = true;
        *where = range_of(&c->cx, s);
        *text = text_of(&c->cx, s);
        return;
    }
    CXType t = canon(clang_getCursorType(s));
    if ((k == CXCursor_CallExpr || k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_UnexposedExpr) &&
        t.kind == CXType_Record) {
        int n = clang_Cursor_getNumArguments(s);
        if (n == 1 && canon(clang_getCursorType(clang_Cursor_getArgument(s, 0))).kind == CXType_Record) {
            eval_dim3(hs, call, clang_Cursor_getArgument(s, 0), dims, where, text, L, depth + 1);
            return;
        }
        if (n >= 1) {
            for (int i = 0; i < 3 && i < n; i++) host_dim_value(hs, clang_Cursor_getArgument(s, i), &dims[i], L);
            for (int i = n; i < 3; i++) {
                dims[i].known = true;
                dims[i].value = 1;
                dims[i].text = "1";
                dims[i].origin = "default";
            }
            *where = range_of(&c->cx, s);
            *text = text_of(&c->cx, s);
            return;
        }
        /* dim3(256): a functional cast, children [TypeRef] expression */
        Children ch = children_of(s);
        CXCursor sub = clang_getNullCursor();
        for (int i = 0; i < ch.n; i++)
            if (is_expr_kind(clang_getCursorKind(ch.items[i]))) sub = ch.items[i];
        children_free(&ch);
        if (!clang_Cursor_isNull(sub)) eval_dim3(hs, call, sub, dims, where, text, L, depth + 1);
        if (!*text) {
            *where = range_of(&c->cx, s);
            *text = text_of(&c->cx, s);
        }
        return;
    }
    /* a scalar: dim3(n, 1, 1) */
    host_dim_value(hs, s, &dims[0], L);
    for (int i = 1; i < 3; i++) {
        dims[i].known = true;
        dims[i].value = 1;
        dims[i].text = "1";
        dims[i].origin = "default";
    }
    *where = range_of(&c->cx, s);
    *text = text_of(&c->cx, s);
}

/* The launching function's parameter that launch argument e names (its
 * index), or -1. */
static int parameter_index(const HostScan *hs, CXCursor e)
{
    CXCursor s = strip(e);
    /* a copy of a dim3 parameter: dim3(Bl) */
    for (int depth = 0; depth < 4 && clang_getCursorKind(s) != CXCursor_DeclRefExpr; depth++) {
        if (clang_Cursor_getNumArguments(s) != 1 || canon(clang_getCursorType(s)).kind != CXType_Record) break;
        s = strip(clang_Cursor_getArgument(s, 0));
    }
    if (clang_Cursor_isNull(hs->fn) || clang_getCursorKind(s) != CXCursor_DeclRefExpr) return -1;
    CXCursor ref = clang_getCursorReferenced(s);
    if (clang_getCursorKind(ref) != CXCursor_ParmDecl) return -1;
    int n = clang_Cursor_getNumArguments(hs->fn);
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(hs->fn, i), ref)) return i;
    return -1;
}

/* What a comment by a constant block says of the shape (shape_comment.h);
 * a run-time shape is nobody's choice to respect. */
static void block_comment(HostScan *hs, Launch *L)
{
    if (!L->block[0].known || !L->block[1].known || !L->block[2].known) return;
    CXTranslationUnit tu = hs->c->cx.tu;
    CXFile f = L->block_range.file ? clang_getFile(tu, L->block_range.file) : NULL;
    size_t size = 0;
    const char *text = f ? clang_getFileContents(tu, f, &size) : NULL;
    char comment[160];
    if (text && shape_tuned_comment(text, size, L->block_range.line, comment, sizeof comment))
        L->block_comment = arena_strdup(&hs->c->m->arena, comment);
}

/* The launch's block and grid, from the expressions that give them. */
static void launch_shape(HostScan *hs, CXCursor call, Launch *L, CXCursor grid, CXCursor block)
{
    L->block_param = parameter_index(hs, block);
    L->function_nparams = L->block_param >= 0 ? clang_Cursor_getNumArguments(hs->fn) : 0;
    SrcRange gw = {0};
    const char *gt = NULL;
    eval_dim3(hs, call, block, L->block, &L->block_range, &L->block_text, L, 0);
    bool br = L->block_runtime, bt = L->block_is_template_param;
    eval_dim3(hs, call, grid, L->grid, &gw, &gt, L, 0);
    L->block_runtime = br;
    L->block_is_template_param = bt;
    block_comment(hs, L);
}

/* The function a name refers to: the first of an overload set (a template
 * in a pattern). */
static CXCursor named_function(CXCursor e)
{
    CXCursor target = clang_getCursorReferenced(e);
    if (clang_getCursorKind(target) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(target) > 0)
        target = clang_getOverloadedDecl(target, 0);
    enum CXCursorKind k = clang_getCursorKind(target);
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ? target : clang_getNullCursor();
}

/* The kernels a function-pointer variable is assigned in the host function
 * (`void (*kernel)(...); switch (tile) { case 2: kernel = &k<T, 2>; ... }`),
 * each once, at most `max`. */
typedef struct {
    HostScan *hs;
    CXCursor var;
    CXCursor *targets;
    int n, max;
} PointerTargets;

static enum CXChildVisitResult scan_pointer_assignments(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    PointerTargets *pt = data;
    if (clang_getCursorKind(cur) != CXCursor_BinaryOperator) return CXChildVisit_Recurse;
    Children ch = children_of(cur);
    if (ch.n == 2 && is_decl_of(ch.items[0], pt->var) && binary_op(&pt->hs->c->cx, cur, ch.items[1]) == OP_ASSIGN) {
        CXCursor fn = named_function(function_naming_expr(ch.items[1]));
        bool seen = clang_Cursor_isNull(fn);
        for (int i = 0; i < pt->n && !seen; i++) seen = clang_equalCursors(pt->targets[i], fn);
        if (!seen && pt->n < pt->max) pt->targets[pt->n++] = fn;
    }
    children_free(&ch);
    return CXChildVisit_Continue;
}

static void record_launch(HostScan *hs, CXCursor call, CXCursor cfg)
{
    CXCursor target = clang_getCursorReferenced(call);
    CXCursor targets[16];
    int ntargets = 1;
    bool through_variable = false;
    if (clang_getCursorKind(target) == CXCursor_VarDecl) { /* auto kernel = &k<T>; kernel<<<...>>>(...) */
        Children ch = children_of(call);
        CXCursor fn = ch.n ? named_function(function_naming_expr(ch.items[0])) : clang_getNullCursor();
        children_free(&ch);
        if (!clang_Cursor_isNull(fn)) {
            target = fn;
            through_variable = true;
        } else { /* assigned on the host function's paths: a launch of each */
            PointerTargets pt = {hs, target, targets, 0, 16};
            clang_visitChildren(hs->fn, scan_pointer_assignments, &pt);
            if (pt.n) {
                ntargets = pt.n;
                target = targets[0];
                through_variable = true;
            }
        }
    }
    targets[0] = target;
    for (int t = 0; t < ntargets; t++) {
        Launch *L = host_launch_new(hs, call, targets[t]);
        if (through_variable) L->kernel_name = cxstr(&hs->c->m->arena, clang_getCursorSpelling(targets[t]));
        if (clang_Cursor_getNumArguments(cfg) >= 2)
            launch_shape(hs, call, L, clang_Cursor_getArgument(cfg, 0), clang_Cursor_getArgument(cfg, 1));
        host_launch_args(hs, L, call);
    }
}

/* Launch functions: a launch of their first argument with the grid and
 * block of the next two.  hipLaunchKernelGGL(kernel, grid, block, shared,
 * stream, args...) (a function in the HIP shim, so that a template argument
 * list's commas stay in the kernel's name) passes the kernel's arguments
 * from its sixth on (first_arg 5); cudaLaunchKernel((void *)k, grid, block,
 * void **args, ...) and the cooperative form pass them through an array
 * (first_arg -1: none read). */
static void record_function_launch(HostScan *hs, CXCursor call, int first_arg)
{
    if (clang_Cursor_getNumArguments(call) < 3) return;
    /* (void *)kernel, reinterpret_cast<void *>(&kernel), kernel<T>, a variable holding one */
    CXCursor target = named_function(function_naming_expr(clang_Cursor_getArgument(call, 0)));
    if (clang_Cursor_isNull(target)) return;
    Launch *L = host_launch_new(hs, call, target);
    L->kernel_name = cxstr(&hs->c->m->arena, clang_getCursorSpelling(target));
    launch_shape(hs, call, L, clang_Cursor_getArgument(call, 1), clang_Cursor_getArgument(call, 2));
    if (first_arg >= 0) host_launch_args_from(hs, L, call, first_arg);
}

typedef struct {
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
static void record_symbol_write(HostScan *hs, CXCursor call)
{
    Ctx *c = hs->c;
    if (clang_Cursor_getNumArguments(call) < 2) return;
    CXCursor sym = strip(clang_Cursor_getArgument(call, 0));
    if (clang_getCursorKind(sym) != CXCursor_DeclRefExpr) return;
    SymbolWrite *w = VEC_PUSH(c->m->symbol_writes, c->m->nsymbol_writes);
    w->symbol = cxstr(&c->m->arena, clang_getCursorSpelling(sym));
    w->range = range_of(&c->cx, call);
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
        (clang_isConstQualifiedType(clang_getCursorType(var)) || !host_assigned_in(hs, var))) {
        w->values[w->nvalues++] = v;
        w->value_source = "constant";
        return;
    }
    CaseScan cs = {var, w};
    clang_visitChildren(hs->fn, scan_switches, &cs);
}

void cuda_host_call(HostScan *hs, CXCursor call)
{
    CXString cs = clang_getCursorSpelling(call);
    const char *cn = clang_getCString(cs);
    bool symbol_write = cn && strncmp(cn, "cudaMemcpyToSymbol", 18) == 0;
    int launch_function = !cn                                   ? 0
                          : strcmp(cn, "hipLaunchKernelGGL") == 0 ? 1
                          : strcmp(cn, "cudaLaunchKernel") == 0 || strcmp(cn, "cudaLaunchCooperativeKernel") == 0 ||
                                  strcmp(cn, "hipLaunchKernel") == 0 || strcmp(cn, "hipLaunchCooperativeKernel") == 0
                              ? 2
                              : 0;
    clang_disposeString(cs);
    if (symbol_write) record_symbol_write(hs, call);
    if (launch_function) {
        record_function_launch(hs, call, launch_function == 1 ? 5 : -1);
        return;
    }
    CXCursor cfg = find_config_call(call);
    if (!clang_Cursor_isNull(cfg)) record_launch(hs, call, cfg);
}
