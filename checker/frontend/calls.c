/* calls.c - calls in device code: barriers, atomics and load intrinsics
 * (named by the dialect), helpers inlined with their arguments' values, and
 * math library calls (see interp.h). */
#include "frontend/interp.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

/* Functions of system headers and of the bundled shim are library code:
 * never inlined.  A project's own headers are not, even when they were
 * found through a system directory (discovery adds them with -idirafter). */
static bool is_library_code(Ctx *c, CXCursor cur)
{
    CXSourceLocation loc = clang_getCursorLocation(cur);
    CXFile f;
    clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
    if (!f) return true;
    if (clang_Location_isInSystemHeader(loc) && !(c->project_root && path_is_under(file_name(&c->cx, f), c->project_root)))
        return true;
    if (c->shim_dir) {
        const char *name = file_name(&c->cx, f);
        size_t n = strlen(c->shim_dir);
        if (name && strncmp(name, c->shim_dir, n) == 0) return true;
    }
    return false;
}

static bool has_body(CXCursor fn)
{
    return !clang_Cursor_isNull(body_of(fn));
}

/* `mode`: how the call's result is used; a function that returns a
 * reference, called where its result is stored to (`v.at(i) = x`), has its
 * returned lvalue evaluated as the store, not as a load. */
static Value inline_call(Ctx *c, CXCursor call, CXCursor def, const Value *args, int nargs, const Value *self,
                         int self_param, int mode)
{
    for (int i = 0; i < c->ncalls; i++)
        if (clang_equalCursors(c->call_stack[i], def)) return val_opaque(DEP_UNKNOWN);
    if (c->ncalls >= (int)(sizeof c->call_stack / sizeof c->call_stack[0])) return val_opaque(DEP_UNKNOWN);

    Env saved = c->env;
    bool saved_collect = c->collecting_return, saved_have = c->have_return;
    Value saved_ret = c->ret;
    int saved_return_mode = c->return_mode;
    c->return_mode = clang_getResultType(clang_getCursorType(def)).kind == CXType_LValueReference &&
                             (mode & (MODE_STORE | MODE_ADDR))
                         ? mode
                         : MODE_LOAD;
    SrcRange saved_site = c->call_site;
    Value saved_self = c->self;
    bool saved_have_self = c->have_self;
    int saved_self_param = c->self_param;
    SrcRange saved_accessor_site = c->accessor_site;
    int saved_accessor_depth = c->accessor_depth;
    bool saved_lambda_body = c->lambda_body;
    /* a lambda's body is the user's plain code, wherever a launcher calls it */
    bool lambda = self && lambda_call_operator(def);
    if (self && !lambda && (!c->have_self || c->lambda_body)) { /* entering member functions from plain code */
        c->accessor_site = range_of(&c->cx, call);
        c->accessor_depth = c->call_depth;
    }
    c->lambda_body = lambda;
    c->self_param = self ? self_param : -1;
    c->have_self = self != NULL;
    c->self = self ? *self : val_opaque(DEP_UNKNOWN);
    unsigned saved_control = c->control_deps, saved_break = c->break_deps, saved_ret_control = c->ret_control_deps;
    c->control_deps = c->break_deps = 0; /* the helper's own conditions decide its result */
    c->env.b = NULL;
    c->env.n = 0;
    int np = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < np && i < nargs; i++) env_set(c, clang_Cursor_getArgument(def, i), args[i]);
    if (c->call_depth == 0) c->call_site = range_of(&c->cx, call);
    SrcRange saved_inner_site = c->inner_call_site;
    c->inner_call_site = range_of(&c->cx, call);
    c->call_depth++;
    c->call_stack[c->ncalls++] = def;
    bool known = false;
    for (int i = 0; i < c->ninlined && !known; i++) known = clang_equalCursors(c->inlined[i], def) != 0;
    if (!known) *VEC_PUSH(c->inlined, c->ninlined) = def;
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
    c->return_mode = saved_return_mode;
    c->call_site = saved_site;
    c->inner_call_site = saved_inner_site;
    c->self = saved_self;
    c->have_self = saved_have_self;
    c->self_param = saved_self_param;
    c->accessor_site = saved_accessor_site;
    c->accessor_depth = saved_accessor_depth;
    c->lambda_body = saved_lambda_body;
    c->control_deps = saved_control;
    c->break_deps = saved_break;
    c->ret_control_deps = saved_ret_control;
    return result;
}

/* vloadN(i, p) / vstoreN(v, i, p): one N-wide vector element at p + N*i
 * scalars, named like the vector type ("float4"). */
static Value vector_access(Ctx *c, CXCursor call, int width, const Value *ptr, const Value *index, bool store,
                           unsigned deps)
{
    CXCursor pa = clang_Cursor_getArgument(call, store ? 2 : 1);
    CXType scalar = clang_getPointeeType(canon(clang_getCursorType(pa)));
    long long ssize = type_size(canon(scalar));
    Affine step = scale_offset(&index->a, ssize > 0 ? ssize * width : -1);
    Affine off = aff_add(&ptr->a, &step);
    CXType vec = store ? clang_getCursorType(clang_Cursor_getArgument(call, 0)) : clang_getCursorType(call);
    Access *a = record_access(c, ptr, off, vec, call, !store, store);
    /* scalar type name without qualifiers and address space */
    CXString sn = clang_getTypeSpelling(clang_getCanonicalType(scalar));
    const char *n = clang_getCString(sn);
    const char *base = n ? strrchr(n, ' ') : NULL;
    a->elem_type = arena_printf(&c->m->arena, "%s%s%d", n && strstr(n, "unsigned") ? "u" : "", base ? base + 1 : n ? n : "?",
                                width);
    a->elem_canonical = a->elem_type;
    a->elem_is_vector = true;
    clang_disposeString(sn);
    return store ? val_opaque(0) : val_opaque(deps | DEP_DATA);
}

/* 24-bit integer multiplies (CUDA __mul24/__umul24, OpenCL mul24/mad24):
 * index arithmetic in older kernels, exact for the index ranges they are
 * used with, so they are a product (plus the addend of mad24).  Named here,
 * not in a dialect: the spellings do not clash and every dialect has them. */
static bool int24_arith(const char *name, const Value *argv, int nargs, Value *out)
{
    bool mul = strcmp(name, "__mul24") == 0 || strcmp(name, "__umul24") == 0 || strcmp(name, "mul24") == 0;
    bool mad = strcmp(name, "mad24") == 0;
    if (!(mul && nargs == 2) && !(mad && nargs == 3)) return false;
    for (int i = 0; i < nargs; i++)
        if (argv[i].is_ptr) return false;
    Affine p = aff_mul(&argv[0].a, &argv[1].a);
    *out = val_int(mad ? aff_add(&p, &argv[2].a) : p);
    return true;
}

/* The kernel parameter an object expression names (a by-value struct
 * argument: v in v.size()), -1 for anything else; inside a member function
 * called on one, `this` (written or implicit) names it too. */
static int object_param(Ctx *c, CXCursor obj, const Value *v)
{
    if (v && v->obj_param > 0 && v->obj_param <= c->k->nparams) return v->obj_param - 1;
    if (clang_Cursor_isNull(obj)) return c->have_self ? c->self_param : -1;
    CXCursor s = strip(obj);
    if (clang_getCursorKind(s) == CXCursor_CXXThisExpr) return c->have_self ? c->self_param : -1;
    if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) return -1;
    CXCursor ref = clang_getCursorReferenced(s);
    if (clang_getCursorKind(ref) != CXCursor_ParmDecl || c->call_depth > 0) return -1;
    CXType t = canon(clang_getCursorType(ref));
    if (t.kind != CXType_Record && t.kind != CXType_Unexposed) return -1;
    const char *name = text_of(&c->cx, s);
    for (int i = 0; i < c->k->nparams; i++)
        if (strcmp(c->k->params[i].name, name) == 0) return i;
    return -1;
}

/* a.f(...), a->f(...), f(...) in a member function, a conversion a -> T:
 * the value of the object f is called on (its cursor in *obj_cursor, null
 * for an implicit this). */
static bool member_call_object(Ctx *c, CXCursor call, Value *out, CXCursor *obj_cursor)
{
    enum CXCursorKind called = clang_getCursorKind(clang_getCursorReferenced(call));
    if (called != CXCursor_CXXMethod && called != CXCursor_ConversionFunction) return false; /* most calls */
    Children ch = children_of(call);
    CXCursor callee = ch.n >= 1 ? ch.items[0] : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return false;
    enum CXCursorKind rk = clang_getCursorKind(clang_getCursorReferenced(callee));
    if (rk != CXCursor_CXXMethod && rk != CXCursor_ConversionFunction) return false;
    Children oc = children_of(callee);
    CXCursor obj = oc.n == 1 ? oc.items[0] : clang_getNullCursor();
    children_free(&oc);
    if (clang_Cursor_isNull(obj)) *out = c->have_self ? c->self : val_opaque(DEP_UNKNOWN); /* implicit this */
    else *out = eval(c, obj, MODE_LOAD);
    *obj_cursor = obj;
    return true;
}

/* An object a constructor of the project makes (a row view of a tensor:
 * SubTensor(tensor, data + i * stride)): its fields are the values of the
 * constructor's member initializers, with its parameters bound to the
 * arguments; the body is not run.  A copy or move is its argument. */
static bool construct_object(Ctx *c, CXCursor ctor, const Value *argv, int nargs, unsigned deps, Value *out)
{
    if ((clang_CXXConstructor_isCopyConstructor(ctor) || clang_CXXConstructor_isMoveConstructor(ctor)) && nargs >= 1) {
        if (!argv[0].obj && !argv[0].obj_param) return false;
        *out = argv[0];
        return true;
    }
    CXCursor def = clang_getCursorDefinition(ctor);
    if (clang_Cursor_isNull(def) || is_library_code(c, def) || nargs > 16) return false;
    for (int i = 0; i < c->ncalls; i++)
        if (clang_equalCursors(c->call_stack[i], def)) return false;
    Env saved = c->env;
    c->env.b = NULL;
    c->env.n = 0;
    int np = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < np && i < nargs; i++) env_set(c, clang_Cursor_getArgument(def, i), argv[i]);
    ObjVal *obj = arena_alloc(&c->m->arena, sizeof *obj);
    memset(obj, 0, sizeof *obj);
    /* the initializers: a MemberRef (the field) followed by its expression */
    Children ch = children_of(def);
    for (int i = 0; i + 1 < ch.n && obj->n < MAX_OBJ_FIELDS; i++) {
        if (clang_getCursorKind(ch.items[i]) != CXCursor_MemberRef) continue;
        obj->names[obj->n] = cxstr(&c->m->arena, clang_getCursorSpelling(ch.items[i]));
        obj->values[obj->n++] = eval(c, ch.items[i + 1], MODE_LOAD);
        i++;
    }
    children_free(&ch);
    free(c->env.b);
    c->env = saved;
    if (obj->n == 0) return false;
    *out = val_opaque(deps);
    out->obj = obj;
    return true;
}

/* The call after its arguments' evaluation (argv: the first 16 values). */
NOINLINE static Value finish_call(Ctx *c, CXCursor e, const char *name, const Value *argv, int nargs, int nconv0,
                                  unsigned deps, const Value *object, int self_param, int mode);

Value eval_call(Ctx *c, CXCursor e, int mode)
{
    Affine bv;
    if (c->d->builtin_value && c->d->builtin_value(&c->cx, e, &bv)) return val_int(bv);
    Value identity;
    if (thread_identity_call(c, e, &identity)) return identity;
    int sym = c->d->builtin_symbol(&c->cx, e);
    if (sym >= 0) return val_int(aff_symbol(sym, 0));
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(e));
    if (!name[0] && c->subst) name = (char *)dependent_callee_name(c, e);
    int nargs = clang_Cursor_getNumArguments(e);
    Value *argv = NULL; /* on the heap: this frame stays small in nested calls */
    int nconv0 = c->k->nconversions;
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
    Op dop = c->subst && nargs == 2 && is_dependent_type(clang_getCursorType(e)) ? dependent_operator(c, e) : OP_UNKNOWN;
    if (dop != OP_UNKNOWN) /* x * 0.5 in a pattern, written as an unresolved operator call */
        return eval_operator_call(c, e, dop, clang_Cursor_getArgument(e, 0), clang_Cursor_getArgument(e, 1));
    /* obj.f(...): the object, for f's members (`this`); evaluated once here */
    Value object_value;
    const Value *object = NULL;
    CXCursor object_cursor = clang_getNullCursor();
    int self_param = -1;
    if (member_call_object(c, e, &object_value, &object_cursor)) {
        object = &object_value;
        deps |= object_value.a.deps;
        self_param = object_param(c, object_cursor, &object_value);
    }
    argv = xcalloc(nargs < 16 ? (size_t)nargs + 1 : 16, sizeof *argv);
    for (int i = 0; i < nargs; i++) {
        int mode = MODE_LOAD;
        if (op_assign && i == 0) mode = strcmp(name, "operator=") == 0 ? MODE_STORE : MODE_LOAD | MODE_STORE;
        Value v = eval(c, clang_Cursor_getArgument(e, i), mode);
        if (i < 16) argv[i] = v;
        deps |= v.a.deps;
    }
    Value r = finish_call(c, e, name, argv, nargs, nconv0, deps, object, self_param, mode);
    if (op_assign && nargs == 2) { /* s = v / s op= v on a local struct */
        CXCursor root = local_record_root(c, clang_Cursor_getArgument(e, 0));
        bool whole = clang_getCursorKind(strip(clang_Cursor_getArgument(e, 0))) == CXCursor_DeclRefExpr;
        if (!clang_Cursor_isNull(root) && whole && strcmp(name, "operator=") == 0)
            env_set(c, root, val_opaque(argv[1].a.deps));
        else if (!clang_Cursor_isNull(root))
            record_weak_update(c, root, argv[1].a.deps);
    }
    free(argv);
    return r;
}

NOINLINE static Value finish_call(Ctx *c, CXCursor e, const char *name, const Value *argv, int nargs, int nconv0,
                                  unsigned deps, const Value *object, int self_param, int mode)
{
    CXCursor ref = clang_getCursorReferenced(e);
    Value product;
    if (int24_arith(name, argv, nargs, &product)) return product;
    note_warp_constant_call(c, e, name, argv, nargs);
    if (c->d->is_barrier(name)) {
        mark_loops(c, true, false, false);
        return val_opaque(0);
    }
    bool atomic = c->d->is_atomic(name);
    bool ldg = c->d->is_load_intrinsic(name);
    bool stg = !atomic && !ldg && c->d->is_store_intrinsic && c->d->is_store_intrinsic(name) && nargs >= 2;
    if ((atomic || ldg || stg) && nargs >= 1 && argv[0].is_ptr) {
        CXCursor arg = clang_Cursor_getArgument(e, 0);
        CXType elem = clang_getPointeeType(canon(clang_getCursorType(arg)));
        /* __ldcs(&p[i]) in a pattern: `&` of a dependent operand has no
         * pointer type; the operand's type is the element (T, substituted) */
        CXCursor sa = strip(arg);
        if (elem.kind == CXType_Invalid && clang_getCursorKind(sa) == CXCursor_UnaryOperator &&
            unary_op(&c->cx, sa) == OP_ADDROF) {
            Children ch = children_of(sa);
            if (ch.n == 1) elem = clang_getCursorType(ch.items[0]);
            children_free(&ch);
        }
        Access *a = record_access(c, &argv[0], argv[0].a, elem, arg, !stg, atomic || stg);
        a->is_atomic = atomic;
        if (atomic) mark_loops(c, false, true, true);
        return val_opaque(deps | DEP_DATA);
    }
    int ptr_arg, index_arg;
    bool vstore;
    int width = c->d->vector_access ? c->d->vector_access(name, &ptr_arg, &index_arg, &vstore) : 0;
    if (width && ptr_arg < nargs && index_arg < nargs && ptr_arg < 16 && argv[ptr_arg].is_ptr)
        return vector_access(c, e, width, &argv[ptr_arg], &argv[index_arg], vstore, deps);
    if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) == CXCursor_Constructor) {
        Value made;
        if (construct_object(c, ref, argv, nargs, deps, &made)) return made;
    }
    if (!clang_Cursor_isNull(ref)) {
        CXCursor def = clang_getCursorDefinition(ref);
        enum CXCursorKind dk = clang_getCursorKind(def);
        /* compiler-generated copies and the like (operator=, constructors)
         * are what the call's own arguments say: nothing more to inline */
        bool member = dk == CXCursor_CXXMethod || dk == CXCursor_ConversionFunction;
        bool method = member && !clang_CXXMethod_isStatic(def); /* one with `this` */
        bool generated = member && clang_CXXMethod_isDefaulted(def);
        if ((dk == CXCursor_FunctionDecl || member) && !generated && has_body(def) && !is_library_code(c, def)) {
            /* a member operator's object is its call's first argument
             * (a[i]); a member call's (a.f(i)) was evaluated beside it */
            int np = clang_Cursor_getNumArguments(def);
            bool object_first = method && nargs == np + 1 && nargs >= 1;
            const Value *self = !method ? NULL : object_first ? &argv[0] : object;
            int first = object_first ? 1 : 0;
            int n = nargs - first < 16 - first ? nargs - first : 16 - first;
            if (object_first) self_param = object_param(c, clang_Cursor_getArgument(e, 0), &argv[0]);
            return inline_call(c, e, def, argv + first, n, self, self_param, mode);
        }
    }
    record_math_call(c, e, name, nconv0);
    return val_opaque(deps);
}
