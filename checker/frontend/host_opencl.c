/* host_opencl.c - the OpenCL dialect's host side.  OpenCL kernels live in
 * .cl files and are launched from C/C++ host files, so launches are found
 * across files: when a .cl file is analysed, the C/C++ files in its
 * directory that call clEnqueueNDRangeKernel are parsed (once per session)
 * and scanned:
 *   k = clCreateKernel(program, "name", &err)     names the kernel object k
 *   clSetKernelArg(k, i, sizeof v, &v)            argument i (constant v)
 *   clEnqueueNDRangeKernel(q, k, dims, offset, global, local, ...)
 *                                                 a launch; `local` is the
 *                                                 work-group shape (an array
 *                                                 with constant initializers,
 *                                                 macros followed; NULL: the
 *                                                 runtime picks it)
 * Launches of the .cl file's kernels (matched by name) are copied into its
 * model.  Not followed (yet): host files elsewhere in the project, the C++
 * wrapper API (cl::Kernel, cl::NDRange), kernel objects passed between
 * functions under other names. */
#include "frontend/interp.h"
#include "frontend/parse.h"
#include "util/oom.h"
#include "util/vec.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- one host file */

typedef struct {
    CXCursor decl;           /* the variable (or field) holding a cl_kernel */
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
    return n;
}

/* The declaration an lvalue names: k, s.k, s->k (NULL cursor otherwise). */
static CXCursor named_decl(CXCursor e)
{
    CXCursor s = strip(e);
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

static void note_kernel_object(Ctx *c, HostTables *t, CXCursor decl, CXCursor value)
{
    CXCursor call = strip(value);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(call) != CXCursor_CallExpr) return;
    char *n = callee_name(call);
    if (strcmp(n, "clCreateKernel") == 0 && clang_Cursor_getNumArguments(call) >= 2) {
        const char *name = string_value(&c->m->arena, clang_Cursor_getArgument(call, 1));
        if (name) *VEC_PUSH(t->objects, t->nobjects) = (KernelObject){decl, name};
    }
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
    }
    return CXChildVisit_Recurse;
}

static const char *kernel_of(const HostTables *t, CXCursor decl)
{
    for (int i = t->nobjects - 1; i >= 0; i--)
        if (clang_equalCursors(t->objects[i].decl, decl)) return t->objects[i].name;
    return NULL;
}

/* clSetKernelArg(k, i, size, &v): a constant v (const, or a local
 * initialised once) is what specialize-constant looks for. */
static void record_kernel_arg(HostScan *hs, CXCursor call)
{
    HostTables *t = hs->dialect_data;
    Ctx *c = hs->c;
    if (clang_Cursor_getNumArguments(call) < 4) return;
    CXCursor k = named_decl(clang_Cursor_getArgument(call, 0));
    long long idx;
    if (clang_Cursor_isNull(k) || !eval_const(clang_Cursor_getArgument(call, 1), &idx) || idx < 0 || idx > 255) return;
    KernelArg *a = VEC_PUSH(t->args, t->nargs);
    a->decl = k;
    a->index = (int)idx;
    CXCursor v = strip(clang_Cursor_getArgument(call, 3));
    a->text = text_of(&c->cx, v);
    if (clang_getCursorKind(v) == CXCursor_UnaryOperator) {
        Children ch = children_of(v);
        if (ch.n == 1) v = strip(ch.items[0]);
        children_free(&ch);
    }
    if (clang_getCursorKind(v) != CXCursor_DeclRefExpr) return;
    CXCursor var = clang_getCursorReferenced(v);
    CXCursor init = clang_getCursorKind(var) == CXCursor_VarDecl ? initializer_of(var) : clang_getNullCursor();
    long long value;
    if (!clang_Cursor_isNull(init) && eval_const(init, &value) &&
        (clang_isConstQualifiedType(clang_getCursorType(var)) || !host_assigned_in(hs, var))) {
        a->known = true;
        a->value = value;
        a->text = text_of(&c->cx, v);
    }
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

/* local_work_size: `local` (an array with an initializer list), `&n` (a
 * scalar for one dimension), or NULL. */
static void local_size(HostScan *hs, CXCursor e, int work_dim, Launch *L)
{
    Ctx *c = hs->c;
    CXCursor s = strip(e);
    if (is_null_pointer(e)) {
        L->block_runtime = true;
        L->block_text = "NULL";
        L->block_range = range_of(&c->cx, s);
        for (int i = 0; i < 3; i++) L->block[i].origin = "local_work_size NULL: the OpenCL runtime picks the work-group";
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
        host_assigned_in(hs, var)) {
        L->block_runtime = true;
        for (int i = 0; i < 3; i++) L->block[i].origin = arena_printf(&c->m->arena, "runtime value %s", text_of(&c->cx, s));
        return;
    }
    Children el = children_of(strip(init));
    int n = work_dim > 0 && work_dim <= 3 ? work_dim : el.n;
    for (int i = 0; i < n && i < 3; i++) {
        if (i < el.n) {
            host_dim_value(hs, el.items[i], &L->block[i], L);
            if (L->block[i].origin && strcmp(L->block[i].origin, "literal") == 0) L->block[i].where = range_of(&c->cx, var);
        } else {
            L->block[i].known = false;
            L->block[i].text = "0";
        }
    }
    default_dims(L->block, n < 3 ? n : 3);
    children_free(&el);
}

static void record_enqueue(HostScan *hs, CXCursor call)
{
    HostTables *t = hs->dialect_data;
    Ctx *c = hs->c;
    if (clang_Cursor_getNumArguments(call) < 6) return;
    CXCursor k = named_decl(clang_Cursor_getArgument(call, 1));
    const char *name = clang_Cursor_isNull(k) ? NULL : kernel_of(t, k);
    if (!name) return; /* which kernel is launched is not known here */
    Launch *L = host_launch_new(hs, call, clang_getNullCursor());
    L->kernel_name = name;
    long long dims;
    int work_dim = eval_const(clang_Cursor_getArgument(call, 2), &dims) ? (int)dims : 0;
    local_size(hs, clang_Cursor_getArgument(call, 5), work_dim, L);
    default_dims(L->grid, 0);
    for (int i = 0; i < 3; i++) L->grid[i].known = false;
    int nargs = 0;
    for (int i = 0; i < t->nargs; i++)
        if (clang_equalCursors(t->args[i].decl, k) && t->args[i].index + 1 > nargs) nargs = t->args[i].index + 1;
    if (!nargs) return;
    L->nargs = nargs;
    L->arg_known = arena_alloc(&c->m->arena, sizeof(bool) * (size_t)nargs);
    L->arg_value = arena_alloc(&c->m->arena, sizeof(long long) * (size_t)nargs);
    L->arg_text = arena_alloc(&c->m->arena, sizeof(char *) * (size_t)nargs);
    for (int i = 0; i < nargs; i++) {
        L->arg_known[i] = false;
        L->arg_text[i] = "?";
    }
    for (int i = 0; i < t->nargs; i++) { /* the last clSetKernelArg before the launch wins */
        const KernelArg *a = &t->args[i];
        if (!clang_equalCursors(a->decl, k)) continue;
        L->arg_known[a->index] = a->known;
        L->arg_value[a->index] = a->value;
        L->arg_text[a->index] = a->text;
    }
}

void opencl_host_call(HostScan *hs, CXCursor call)
{
    if (!hs->dialect_data) return;
    char *n = callee_name(call);
    if (strcmp(n, "clSetKernelArg") == 0) record_kernel_arg(hs, call);
    else if (strcmp(n, "clEnqueueNDRangeKernel") == 0) record_enqueue(hs, call);
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
        k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
         k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(cur))
        *VEC_PUSH(l->fns, l->n) = cur;
    return CXChildVisit_Continue;
}

/* Scans one host translation unit into `hm` (launches only). */
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
            HostScan hs = {&c, fl.fns[i], cxstr(&hm->arena, clang_getCursorSpelling(fl.fns[i])), NULL, 0, &t, NULL};
            if (pass == 0) clang_visitChildren(fl.fns[i], find_objects, &hs); /* kernel objects first */
            else host_scan_function(&hs);
            free(hs.targets);
        }
    }
    free(t.objects);
    free(t.args);
    free(fl.fns);
}

/* ------------------------------------------------------------ the cache */

typedef struct {
    char *path;
    Model *model;            /* NULL: no launch in it, or not parsed */
} HostFile;

struct OpenclHostCache {
    HostFile *files; int n;
};

void opencl_host_cache_free(OpenclHostCache *cache)
{
    if (!cache) return;
    for (int i = 0; i < cache->n; i++) {
        free(cache->files[i].path);
        if (cache->files[i].model) model_free(cache->files[i].model);
        free(cache->files[i].model);
    }
    free(cache->files);
    free(cache);
}

static bool is_host_source(const char *name)
{
    static const char *const exts[] = {".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".hh"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return false;
}

/* Cheap test before parsing: does the text launch OpenCL kernels at all? */
static bool mentions_enqueue(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char buf[65536];
    size_t keep = 0, n;
    bool found = false;
    while (!found && (n = fread(buf + keep, 1, sizeof buf - 1 - keep, f)) > 0) {
        buf[keep + n] = 0;
        found = memmem(buf, keep + n, "clEnqueueNDRangeKernel", 22) != NULL;
        size_t total = keep + n;
        keep = total < 32 ? total : 32;
        memmove(buf, buf + total - keep, keep);
    }
    fclose(f);
    return found;
}

static const Model *host_model(Frontend *fe, const char *path)
{
    OpenclHostCache **cp = frontend_opencl_hosts(fe);
    if (!*cp) *cp = xcalloc(1, sizeof **cp);
    OpenclHostCache *cache = *cp;
    for (int i = 0; i < cache->n; i++)
        if (strcmp(cache->files[i].path, path) == 0) return cache->files[i].model;
    HostFile *hf = VEC_PUSH(cache->files, cache->n);
    hf->path = xstrdup(path);
    hf->model = NULL;
    if (!mentions_enqueue(path)) return NULL;
    CXTranslationUnit tu = frontend_parse_host(fe, path);
    if (!tu) return NULL;
    Model *hm = xcalloc(1, sizeof *hm);
    model_init(hm, path);
    scan_host_tu(hm, tu);
    clang_disposeTranslationUnit(tu);
    hf->model = hm;
    return hm;
}

static const char *dup_or_null(Arena *a, const char *s)
{
    return s ? arena_strdup(a, s) : NULL;
}

static SrcRange copy_range(Arena *a, SrcRange r)
{
    r.file = dup_or_null(a, r.file);
    return r;
}

static void copy_dims(Arena *a, DimValue *d)
{
    for (int i = 0; i < 3; i++) {
        d[i].text = dup_or_null(a, d[i].text);
        d[i].origin = dup_or_null(a, d[i].origin);
        d[i].where = copy_range(a, d[i].where);
    }
}

/* A launch of another model, its strings copied into m's arena. */
static Launch *copy_launch(Model *m, const Launch *src)
{
    Arena *a = &m->arena;
    Launch *L = VEC_PUSH(m->launches, m->nlaunches);
    *L = *src;
    L->kernel = -1;
    L->kernel_name = dup_or_null(a, src->kernel_name);
    L->range = copy_range(a, src->range);
    L->block_range = copy_range(a, src->block_range);
    L->block_text = dup_or_null(a, src->block_text);
    L->function = dup_or_null(a, src->function);
    copy_dims(a, L->block);
    copy_dims(a, L->grid);
    if (src->nargs > 0) {
        L->arg_known = arena_alloc(a, sizeof(bool) * (size_t)src->nargs);
        L->arg_value = arena_alloc(a, sizeof(long long) * (size_t)src->nargs);
        L->arg_text = arena_alloc(a, sizeof(char *) * (size_t)src->nargs);
        for (int i = 0; i < src->nargs; i++) {
            L->arg_known[i] = src->arg_known[i];
            L->arg_value[i] = src->arg_value[i];
            L->arg_text[i] = dup_or_null(a, src->arg_text[i]);
        }
    }
    return L;
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

void opencl_link_host_launches(Frontend *fe, const char *path, Model *m)
{
    if (m->nkernels == 0) return;
    const char *slash = strrchr(path, '/');
    char *dir = xstrdup(slash ? path : ".");
    if (slash) dir[slash - path] = 0;
    DIR *d = opendir(dir[0] ? dir : "/");
    if (!d) {
        free(dir);
        return;
    }
    char **names = NULL;
    int nnames = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.' && is_host_source(e->d_name)) *VEC_PUSH(names, nnames) = xstrdup(e->d_name);
    closedir(d);
    if (nnames) qsort(names, (size_t)nnames, sizeof *names, cmp_str); /* stable order of launches */
    for (int i = 0; i < nnames; i++) {
        char *hp = xmalloc(strlen(dir) + strlen(names[i]) + 2);
        sprintf(hp, "%s/%s", dir, names[i]);
        const Model *hm = host_model(fe, hp);
        for (int j = 0; hm && j < hm->nlaunches; j++)
            for (int q = 0; q < m->nkernels; q++) {
                if (strcmp(hm->launches[j].kernel_name, m->kernels[q].base_name) != 0) continue;
                copy_launch(m, &hm->launches[j]);
                link_launch(m, m->nlaunches - 1, q);
                break;
            }
        free(hp);
        free(names[i]);
    }
    free(names);
    free(dir);
}
