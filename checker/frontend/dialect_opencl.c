/* dialect_opencl.c - the OpenCL C dialect's device side (see dialect.h):
 * __kernel functions, the work-item functions mapped onto the model's
 * CUDA-named index symbols (get_local_id -> threadIdx, get_group_id ->
 * blockIdx, get_local_size -> blockDim, get_num_groups -> gridDim;
 * get_global_id(d) = group*size + local, get_global_size(d) =
 * groups*size), the __global/__local/__constant address spaces (spelled
 * in clang's types, qualified or not), barriers, atomics and
 * vloadN/vstoreN.  The host side is host_opencl.c. */
#include "frontend/dialect.h"

#include <stdlib.h>
#include <string.h>

/* What the messages call the symbols: OpenCL's own names. */
static const char *const opencl_builtin_names[SYM_FIRST_USER] = {
    "get_local_id(0)",   "get_local_id(1)",   "get_local_id(2)",   "get_group_id(0)",   "get_group_id(1)",
    "get_group_id(2)",   "get_local_size(0)", "get_local_size(1)", "get_local_size(2)", "get_num_groups(0)",
    "get_num_groups(1)", "get_num_groups(2)"};

/* `__kernel`/`kernel` is an unexposed attribute: read its token.  Kernels
 * also have their own calling convention, unexposed in libclang's enum. */
static bool opencl_is_kernel(CXCursor fn)
{
    Children ch = children_of(fn);
    bool kernel = false;
    for (int i = 0; i < ch.n && !kernel; i++) {
        if (clang_getCursorKind(ch.items[i]) != CXCursor_UnexposedAttr) continue;
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
        CXToken *toks;
        unsigned n;
        clang_tokenize(tu, clang_getCursorExtent(ch.items[i]), &toks, &n);
        if (n) {
            CXString s = clang_getTokenSpelling(tu, toks[0]);
            const char *t = clang_getCString(s);
            kernel = t && (strcmp(t, "__kernel") == 0 || strcmp(t, "kernel") == 0);
            clang_disposeString(s);
        }
        if (toks) clang_disposeTokens(tu, toks, n);
    }
    children_free(&ch);
    return kernel || clang_getFunctionTypeCallingConv(clang_getCursorType(fn)) == CXCallingConv_Unexposed;
}

/* A .cl file holds no host code: launches come from host files (host_opencl.c). */
static bool opencl_is_host_function(CXCursor fn)
{
    (void)fn;
    return false;
}

typedef enum { WI_NONE, WI_LOCAL_ID, WI_GROUP_ID, WI_LOCAL_SIZE, WI_NUM_GROUPS, WI_GLOBAL_ID, WI_GLOBAL_SIZE } WorkItemFn;

/* The work-item function a call names, and its dimension (-1: not constant). */
static WorkItemFn work_item_call(CXCursor call, int *dim)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) != 1) return WI_NONE;
    CXString s = clang_getCursorSpelling(call);
    const char *n = clang_getCString(s);
    WorkItemFn f = WI_NONE;
    if (!n) f = WI_NONE;
    else if (strcmp(n, "get_local_id") == 0) f = WI_LOCAL_ID;
    else if (strcmp(n, "get_group_id") == 0) f = WI_GROUP_ID;
    else if (strcmp(n, "get_local_size") == 0 || strcmp(n, "get_enqueued_local_size") == 0) f = WI_LOCAL_SIZE;
    else if (strcmp(n, "get_num_groups") == 0) f = WI_NUM_GROUPS;
    else if (strcmp(n, "get_global_id") == 0) f = WI_GLOBAL_ID;
    else if (strcmp(n, "get_global_size") == 0) f = WI_GLOBAL_SIZE;
    clang_disposeString(s);
    long long d;
    *dim = f != WI_NONE && eval_const(clang_Cursor_getArgument(call, 0), &d) && d >= 0 && d <= 2 ? (int)d : -1;
    return f;
}

static int opencl_builtin_symbol(Cx *cx, CXCursor e)
{
    (void)cx;
    int dim;
    switch (work_item_call(e, &dim)) {
    case WI_LOCAL_ID: return dim >= 0 ? SYM_TID_X + dim : -1;
    case WI_GROUP_ID: return dim >= 0 ? SYM_BID_X + dim : -1;
    case WI_LOCAL_SIZE: return dim >= 0 ? SYM_BDIM_X + dim : -1;
    case WI_NUM_GROUPS: return dim >= 0 ? SYM_GDIM_X + dim : -1;
    default: return -1;
    }
}

static bool opencl_builtin_value(Cx *cx, CXCursor call, Affine *out)
{
    (void)cx;
    int dim;
    WorkItemFn f = work_item_call(call, &dim);
    if (f == WI_NONE) return false;
    if (dim < 0) { /* get_local_id(d) with a runtime d: some index */
        *out = aff_opaque(f == WI_LOCAL_SIZE || f == WI_NUM_GROUPS || f == WI_GLOBAL_SIZE ? DEP_DIM
                                                                                            : DEP_THREAD | DEP_BLOCK | DEP_DIM);
        return true;
    }
    if (f == WI_GLOBAL_ID) {
        Affine g = aff_symbol(SYM_BID_X + dim, 0), s = aff_symbol(SYM_BDIM_X + dim, 0), l = aff_symbol(SYM_TID_X + dim, 0);
        Affine gs = aff_mul(&g, &s);
        *out = aff_add(&gs, &l);
        return true;
    }
    if (f == WI_GLOBAL_SIZE) {
        Affine n = aff_symbol(SYM_GDIM_X + dim, 0), s = aff_symbol(SYM_BDIM_X + dim, 0);
        *out = aff_mul(&n, &s);
        return true;
    }
    return false; /* the others are one symbol each: builtin_symbol */
}

static bool opencl_builtin_constant(const char *name, int warp_width, long long *value)
{
    (void)name;
    (void)warp_width;
    (void)value;
    return false;
}

/* clang spells OpenCL address spaces in the type: "__local float[16]",
 * "const __global float *". */
static AddrSpace space_of_type(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    const char *n = clang_getCString(s);
    AddrSpace sp = SPACE_UNKNOWN;
    if (n && strstr(n, "__local")) sp = SPACE_SHARED;
    else if (n && strstr(n, "__constant")) sp = SPACE_CONSTANT;
    else if (n && strstr(n, "__global")) sp = SPACE_GLOBAL;
    clang_disposeString(s);
    return sp;
}

static AddrSpace opencl_var_space(CXCursor var)
{
    CXType t = clang_getCursorType(var);
    AddrSpace sp = space_of_type(t);
    while (sp == SPACE_UNKNOWN && is_array_type(t)) {
        t = clang_getArrayElementType(canon(t));
        sp = space_of_type(t);
    }
    if (sp == SPACE_UNKNOWN && clang_getCursorSemanticParent(var).kind == CXCursor_TranslationUnit &&
        clang_isConstQualifiedType(canon(t)))
        sp = SPACE_CONSTANT; /* program-scope const data lives in __constant */
    return sp;
}

/* What a kernel pointer parameter points to: __global unless it says
 * __local or __constant (kernel arguments cannot point to private memory). */
static AddrSpace opencl_param_space(CXCursor param)
{
    CXType t = canon(clang_getCursorType(param));
    AddrSpace sp = space_of_type(clang_getPointeeType(t));
    return sp == SPACE_UNKNOWN ? SPACE_GLOBAL : sp;
}

static bool opencl_is_barrier(const char *n)
{
    return strcmp(n, "barrier") == 0 || strcmp(n, "work_group_barrier") == 0 || strcmp(n, "sub_group_barrier") == 0 ||
           strcmp(n, "mem_fence") == 0 || strcmp(n, "read_mem_fence") == 0 || strcmp(n, "write_mem_fence") == 0 ||
           strcmp(n, "atomic_work_item_fence") == 0;
}

static bool opencl_is_atomic(const char *n)
{
    return (strncmp(n, "atomic_", 7) == 0 && strcmp(n, "atomic_work_item_fence") != 0 && strcmp(n, "atomic_init") != 0) ||
           strncmp(n, "atom_", 5) == 0;
}

static bool opencl_is_load_intrinsic(const char *n)
{
    (void)n;
    return false;
}

/* vloadN(offset, p) reads p[N*offset ...]; vstoreN(data, offset, p). */
static int opencl_vector_access(const char *n, int *ptr_arg, int *index_arg, bool *store)
{
    const char *w;
    if (strncmp(n, "vload", 5) == 0) {
        w = n + 5;
        *store = false;
        *index_arg = 0;
        *ptr_arg = 1;
    } else if (strncmp(n, "vstore", 6) == 0) {
        w = n + 6;
        *store = true;
        *index_arg = 1;
        *ptr_arg = 2;
    } else {
        return 0;
    }
    char *end;
    long width = strtol(w, &end, 10);
    if (*end || end == w) return 0; /* vload_half, vstorea_half4_rte ...: other element types */
    return width == 2 || width == 3 || width == 4 || width == 8 || width == 16 ? (int)width : 0;
}

/* OpenCL vectors are ext_vector types, not records (facts.c tests those). */
static bool opencl_is_vector_type(const char *s)
{
    (void)s;
    return false;
}

const Dialect dialect_opencl = {
    .name = "opencl",
    .language = LANG_OPENCL,
    .builtin_names = opencl_builtin_names,
    .is_kernel = opencl_is_kernel,
    .is_host_function = opencl_is_host_function,
    .builtin_symbol = opencl_builtin_symbol,
    .builtin_value = opencl_builtin_value,
    .builtin_constant = opencl_builtin_constant,
    .var_space = opencl_var_space,
    .param_space = opencl_param_space,
    .is_barrier = opencl_is_barrier,
    .is_atomic = opencl_is_atomic,
    .is_load_intrinsic = opencl_is_load_intrinsic,
    .vector_access = opencl_vector_access,
    .is_vector_type = opencl_is_vector_type,
    .address_spaces_in_type_names = true,
    .host_call = opencl_host_call,
};
