/* dialect_cuda.c - the CUDA dialect's device side (see dialect.h):
 * __global__ kernels, threadIdx/blockIdx/blockDim/gridDim members, the
 * __shared__/__constant__/__device__ address spaces, barrier, atomic and
 * __ldg names, and the builtin vector types. */
#include "frontend/dialect.h"

#include <ctype.h>
#include <string.h>

static const char *const cuda_builtin_names[SYM_FIRST_USER] = {
    "threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z",
    "blockDim.x", "blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z"};

static bool cuda_is_kernel(CXCursor fn)
{
    return has_attr(fn, CXCursor_CUDAGlobalAttr);
}

/* Plain functions and __host__ __device__ ones. */
static bool cuda_is_host_function(CXCursor fn)
{
    return !has_attr(fn, CXCursor_CUDADeviceAttr) || has_attr(fn, CXCursor_CUDAHostAttr);
}

/* The component of `member` where it is spelled: the location of a
 * member expression stays in a macro's definition (its extent is moved to
 * the macro's use), so the text there reads `blockIdx.x`; 0 when it does not. */
static char spelled_component(Cx *c, CXCursor member)
{
    CXFile f = NULL;
    unsigned offset = 0;
    clang_getSpellingLocation(clang_getCursorLocation(member), &f, NULL, NULL, &offset);
    size_t size = 0;
    const char *text = contents_of(c, f, &size);
    if (!text || offset >= size) return 0;
    size_t i = offset;
    while (i < size && (isalnum((unsigned char)text[i]) || text[i] == '_')) i++;
    while (i < size && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i >= size || text[i] != '.') return 0;
    i++;
    while (i < size && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i >= size || text[i] < 'x' || text[i] > 'z') return 0;
    bool alone = i + 1 >= size || !(isalnum((unsigned char)text[i + 1]) || text[i + 1] == '_');
    return alone ? text[i] : 0;
}

/* threadIdx.x and the like: a member of one of the four builtin variables. */
static int cuda_builtin_symbol(Cx *c, CXCursor member)
{
    if (clang_getCursorKind(member) != CXCursor_MemberRefExpr) return -1;
    Children ch = children_of(member);
    int sym = -1;
    if (ch.n == 1) {
        CXCursor base = strip(ch.items[0]);
        if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
            CXString bs = clang_getCursorSpelling(base);
            const char *b = clang_getCString(bs);
            int group = -1;
            if (strcmp(b, "threadIdx") == 0) group = SYM_TID_X;
            else if (strcmp(b, "blockIdx") == 0) group = SYM_BID_X;
            else if (strcmp(b, "blockDim") == 0) group = SYM_BDIM_X;
            else if (strcmp(b, "gridDim") == 0) group = SYM_GDIM_X;
            clang_disposeString(bs);
            if (group >= 0) {
                /* With real CUDA headers the member has no spelling (an MS
                 * property): the component is where the member is spelled
                 * (a macro's definition, for a loop a macro writes), else
                 * the last token. */
                CXString ms = clang_getCursorSpelling(member);
                const char *m = clang_getCString(ms);
                char comp = m && m[0] ? m[0] : 0;
                clang_disposeString(ms);
                if (!comp) comp = spelled_component(c, member);
                if (!comp) {
                    CXToken *toks;
                    unsigned n;
                    tokens_of(c, clang_getCursorExtent(member), &toks, &n);
                    if (n) {
                        CXString ts = clang_getTokenSpelling(c->tu, toks[n - 1]);
                        const char *t = clang_getCString(ts);
                        comp = t ? t[0] : 0;
                        clang_disposeString(ts);
                    }
                    if (toks) clang_disposeTokens(c->tu, toks, n);
                }
                if (comp >= 'x' && comp <= 'z') sym = group + (comp - 'x');
            }
        }
    }
    children_free(&ch);
    return sym;
}

static bool cuda_builtin_constant(const char *name, int warp_width, long long *value)
{
    if (strcmp(name, "warpSize") != 0) return false;
    *value = warp_width;
    return true;
}

/* `extern __shared__ float s[32][32];` in a kernel: nvcc takes a sized
 * extern array as the dynamic shared memory, clang rejects the declaration
 * ("cannot be 'extern'") and drops its attribute; the spelling says it. */
static bool spelled_shared(CXCursor var)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(var);
    CXToken *t;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(var), &t, &n);
    bool found = false;
    for (unsigned i = 0; i < n && !found; i++) {
        CXString sp = clang_getTokenSpelling(tu, t[i]);
        found = strcmp(clang_getCString(sp), "__shared__") == 0;
        clang_disposeString(sp);
    }
    clang_disposeTokens(tu, t, n);
    return found;
}

static AddrSpace cuda_var_space(CXCursor var)
{
    if (has_attr(var, CXCursor_CUDAConstantAttr)) return SPACE_CONSTANT;
    if (has_attr(var, CXCursor_CUDASharedAttr)) return SPACE_SHARED;
    if (has_attr(var, CXCursor_CUDADeviceAttr)) return SPACE_GLOBAL;
    if (clang_Cursor_getStorageClass(var) == CX_SC_Extern && spelled_shared(var)) return SPACE_SHARED;
    return SPACE_UNKNOWN;
}

/* Kernel pointer parameters point to global memory. */
static AddrSpace cuda_param_space(CXCursor param)
{
    (void)param;
    return SPACE_GLOBAL;
}

static bool cuda_is_barrier(const char *n)
{
    return strncmp(n, "__syncthreads", 13) == 0 || strcmp(n, "__syncwarp") == 0 ||
           strncmp(n, "__threadfence", 13) == 0 || strcmp(n, "sync") == 0 || strcmp(n, "__barrier_sync") == 0;
}

/* atomicAdd and friends; PyTorch's gpuAtomicAdd, gpuAtomicMax, ... take the
 * same (address, value) arguments */
static bool cuda_is_atomic(const char *n)
{
    return strncmp(n, "atomic", 6) == 0 || strncmp(n, "gpuAtomic", 9) == 0;
}

static bool cuda_is_load_intrinsic(const char *n)
{
    /* __ldg and the cache-hinted loads (all, global, streaming, last use,
     * volatile); CUB's ThreadLoad<modifier>(p), which does them in inline
     * assembly the model cannot read */
    return strncmp(n, "__ldg", 5) == 0 || strncmp(n, "__ldcg", 6) == 0 || strncmp(n, "__ldca", 6) == 0 ||
           strncmp(n, "__ldcs", 6) == 0 || strncmp(n, "__ldlu", 6) == 0 || strncmp(n, "__ldcv", 6) == 0 ||
           strcmp(n, "ThreadLoad") == 0;
}

static bool cuda_is_store_intrinsic(const char *n)
{
    /* the cache-hinted stores (write-back, global, streaming, write-through); CUB's ThreadStore */
    return strcmp(n, "__stwb") == 0 || strcmp(n, "__stcg") == 0 || strcmp(n, "__stcs") == 0 ||
           strcmp(n, "__stwt") == 0 || strcmp(n, "ThreadStore") == 0;
}

static bool cuda_is_vector_type(const char *s)
{
    static const char *const names[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                        "longlong", "ulonglong", "float", "double", "half", "bfloat16"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(s, names[i], n) == 0 && s[n] >= '1' && s[n] <= '4' && s[n + 1] == 0) return true;
    }
    return strcmp(s, "__half2") == 0 || strcmp(s, "half2") == 0 || strcmp(s, "__nv_bfloat162") == 0;
}

/* The hooks CUDA and HIP share; HIP's index builtins add ROCm's. */
#define CUDA_HOOKS(index_builtin)                                                                           \
    .builtin_names = cuda_builtin_names, .is_kernel = cuda_is_kernel, .is_host_function = cuda_is_host_function, \
    .builtin_symbol = index_builtin, .builtin_constant = cuda_builtin_constant, .var_space = cuda_var_space,     \
    .param_space = cuda_param_space, .is_barrier = cuda_is_barrier, .is_atomic = cuda_is_atomic,                 \
    .is_load_intrinsic = cuda_is_load_intrinsic, .is_store_intrinsic = cuda_is_store_intrinsic,                 \
    .is_vector_type = cuda_is_vector_type, .host_call = cuda_host_call

const Dialect dialect_cuda = {.name = "cuda", .language = LANG_CUDA, CUDA_HOOKS(cuda_builtin_symbol)};

/* HIP with ROCm's headers: threadIdx.x is a member whose conversion
 * operator the code calls implicitly, and the old names
 * (hipThreadIdx_x) are calls of the device library's __ockl_get_local_id(0);
 * clang's builtins name the work-item too. */
static int hip_builtin_symbol(Cx *c, CXCursor expr)
{
    int sym = cuda_builtin_symbol(c, expr);
    if (sym >= 0 || clang_getCursorKind(expr) != CXCursor_CallExpr) return sym;
    CXString s = clang_getCursorSpelling(expr);
    const char *n = clang_getCString(s);
    static const struct {
        const char *name;
        int group;
        bool by_argument; /* the dimension is the argument (0, 1, 2), else the name's last letter */
    } calls[] = {
        {"__ockl_get_local_id", SYM_TID_X, true},         {"__ockl_get_group_id", SYM_BID_X, true},
        {"__ockl_get_local_size", SYM_BDIM_X, true},      {"__ockl_get_num_groups", SYM_GDIM_X, true},
        {"__builtin_amdgcn_workitem_id_", SYM_TID_X, false}, {"__builtin_amdgcn_workgroup_id_", SYM_BID_X, false},
    };
    for (size_t i = 0; n && sym < 0 && i < sizeof calls / sizeof calls[0]; i++) {
        size_t len = strlen(calls[i].name);
        if (strncmp(n, calls[i].name, len) != 0) continue;
        long long d = -1;
        if (!calls[i].by_argument && n[len] >= 'x' && n[len] <= 'z' && !n[len + 1]) d = n[len] - 'x';
        if (calls[i].by_argument && strlen(n) == len && clang_Cursor_getNumArguments(expr) == 1 &&
            !eval_const(clang_Cursor_getArgument(expr, 0), &d))
            d = -1;
        if (d >= 0 && d <= 2) sym = calls[i].group + (int)d;
    }
    bool conversion = n && strncmp(n, "operator ", 9) == 0;
    clang_disposeString(s);
    if (sym >= 0 || !conversion) return sym;
    /* threadIdx.x's implicit `operator unsigned int()`: the member it is called on */
    Children ch = children_of(expr);
    CXCursor callee = ch.n >= 1 ? strip(ch.items[0]) : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return -1;
    Children in = children_of(callee);
    CXCursor object = in.n == 1 ? strip(in.items[0]) : clang_getNullCursor();
    children_free(&in);
    return clang_Cursor_isNull(object) ? -1 : cuda_builtin_symbol(c, object);
}

const Dialect dialect_hip = {.name = "hip", .language = LANG_HIP, CUDA_HOOKS(hip_builtin_symbol)};
