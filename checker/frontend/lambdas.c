/* lambdas.c - a lambda's captures, read where a kernel calls it: a generic
 * launcher's kernel (`template <class F> __global__ void k(size_t n, F f)`
 * that runs `f(i)` per element) takes the closure as a by-value argument,
 * so a variable the lambda captured by copy is a field of that argument:
 * uniform across the launch, a pointer into global memory when it is one. */
#include "frontend/interp.h"

#include <string.h>

/* Is `fn` the call operator of a lambda's closure class? */
bool lambda_call_operator(CXCursor fn)
{
    if (clang_getCursorKind(fn) != CXCursor_CXXMethod) return false;
    CXCursor cls = clang_getCursorSemanticParent(fn);
    CXString s = clang_getTypeSpelling(clang_getCursorType(cls));
    const char *n = clang_getCString(s);
    bool lambda = n && strncmp(n, "(lambda at ", 11) == 0;
    clang_disposeString(s);
    return lambda;
}

bool lambda_capture_value(Ctx *c, CXCursor var, Value *out)
{
    enum CXCursorKind vk = clang_getCursorKind(var);
    if ((vk != CXCursor_VarDecl && vk != CXCursor_ParmDecl) || !c->have_self || c->self_param < 0 ||
        c->self_param >= c->k->nparams || c->ncalls == 0)
        return false;
    CXCursor fn = c->call_stack[c->ncalls - 1];
    if (!lambda_call_operator(fn)) return false;
    /* the lambda's own parameters and locals are not captures */
    CXCursor owner = clang_getCursorSemanticParent(var);
    if (clang_equalCursors(owner, fn) || clang_equalCursors(owner, clang_getCanonicalCursor(fn))) return false;
    enum CXCursorKind ok = clang_getCursorKind(owner);
    if (ok != CXCursor_FunctionDecl && ok != CXCursor_CXXMethod && ok != CXCursor_FunctionTemplate &&
        ok != CXCursor_LambdaExpr)
        return false; /* a global or a namespace-scope variable */
    /* named as the lambda's code names it (the closure argument's field) */
    const char *text = cxstr(&c->m->arena, clang_getCursorSpelling(var));
    CXType t = canon(clang_getCursorType(var));
    if (is_pointer_type(t)) *out = pointer_value(SPACE_GLOBAL, c->self_param, text, -1, aff_const(0));
    else if (is_integer_type(t)) *out = val_int(aff_symbol(new_symbol(c, SYMK_UNIFORM, text), DEP_PARAM));
    else *out = val_opaque(DEP_PARAM);
    return true;
}
