/* gpu_code.c - which parse errors touch the code gpulint analyses.
 *
 * A real project's file often misses third-party headers (glog, boost, a
 * generated protobuf header) that only its host code uses: the errors that
 * follow sit in host class members and host functions, while the kernels
 * parse cleanly and their analysis is complete.  Such a file is not
 * degraded.  An error counts as touching GPU code when it lies in
 *  - the definition of a __global__ or __device__ function or of a
 *    __device__/__constant__/__shared__ variable (any file),
 *  - a kernel launch expression (its configuration and arguments),
 *  - the main file outside every function definition and host variable (a
 *    broken top-level declaration may be a kernel clang could not
 *    recognise), or an invalid function definition of the main file up to
 *    its name (an unknown macro may have hidden its __global__; after the
 *    name, its specifiers were read and it has none),
 *  - any OpenCL program (all of it is device code),
 * or when clang stopped reporting errors (the error limit), since the
 * unreported ones may be anywhere, or for a preprocessor error (#error: the
 * file is configured otherwise than by its build).
 *
 * One nvcc dialect difference is judged apart: nvcc accepts an explicit
 * specialization whose __host__/__device__ differ from its template's
 * (a __device__ is_nan<__half> of a __host__ __device__ is_nan<T>); clang
 * finds no template for it and leaves it out.  That error and those inside
 * the specialization are Diag.nvcc_dialect: the specialization is missing
 * from the model, the rest of the GPU code is not affected.  Statements
 * nvcc accepts and clang rejects are nvcc_statements.c's. */
#include "frontend/gpu_code.h"
#include "frontend/nvcc_statements.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NVCC_ONLY_SPECIALIZATION "no function template matches function template specialization"

/* A definition's extent (at.file is owned); a host function's launch
 * statements are found the first time an error falls inside it. */
typedef struct {
    SrcRange at;
    bool gpu;
    CXCursor cursor;
    bool launches_found;
    bool nvcc_only;          /* a specialization only nvcc accepts */
    /* an invalid definition without CUDA attributes that may be a kernel
     * whose __global__ clang could not read: only an error up to its name
     * can have hidden one (after the name the specifiers were read) */
    bool maybe_kernel;
    unsigned name_line, name_col;
    SrcRange *launches;
    int nlaunches;
} Extent;

typedef struct {
    Extent *v;
    int n;
    CXTranslationUnit tu;
} Extents;

static enum CXChildVisitResult find_gpu_attribute(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CUDAGlobalAttr || k == CXCursor_CUDADeviceAttr || k == CXCursor_CUDAConstantAttr ||
        k == CXCursor_CUDASharedAttr) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static bool is_gpu_declaration(CXCursor c)
{
    bool found = false;
    clang_visitChildren(c, find_gpu_attribute, &found);
    return found;
}

static char *file_name(CXFile f)
{
    CXString s = clang_getFileName(f);
    const char *p = clang_getCString(s);
    char *r = p ? strdup(p) : NULL;
    clang_disposeString(s);
    return r;
}

static void add_extent(Extents *x, CXCursor c, bool gpu)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f, f2;
    unsigned line, col, end_line, end_col;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, &line, &col, NULL);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, &end_line, &end_col, NULL);
    if (!f || !clang_File_isEqual(f, f2)) return;
    char *name = file_name(f);
    if (!name) return;
    *VEC_PUSH(x->v, x->n) = (Extent){{name, line, col, end_line, end_col}, gpu, c, false, false, false, 0, 0, NULL, 0};
}

/* An invalid variable's extent may stop at its name (the arguments of
 * DEFINE_int32(rows, 100, "...") are not part of it): it runs to the ';'
 * that ends the declaration, outside brackets, within a few thousand bytes. */
static void extend_to_semicolon(CXTranslationUnit tu, Extent *e)
{
    CXSourceRange r = clang_getCursorExtent(e->cursor);
    CXFile f;
    unsigned offset;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &offset);
    size_t size = 0;
    if (!f || !clang_getFileContents(tu, f, &size)) return;
    unsigned last = offset + 4096 < size ? offset + 4096 : (unsigned)size;
    CXSourceRange span = clang_getRange(clang_getRangeStart(r), clang_getLocationForOffset(tu, f, last));
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, span, &tokens, &n);
    int depth = 0;
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(tokens[i]) != CXToken_Punctuation) continue;
        CXString sp = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(sp);
        char ch = t && t[0] && !t[1] ? t[0] : 0;
        clang_disposeString(sp);
        if (ch == '(' || ch == '[' || ch == '{') depth++;
        else if ((ch == ')' || ch == ']' || ch == '}') && depth > 0) depth--;
        else if (ch == ';' && depth == 0) {
            clang_getExpansionLocation(clang_getTokenLocation(tu, tokens[i]), NULL, &e->at.end_line, &e->at.end_col,
                                       NULL);
            break;
        }
    }
    clang_disposeTokens(tu, tokens, n);
}

/* Kernels are free functions (or templates of them), never class members. */
static bool may_be_kernel(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate;
}

static enum CXChildVisitResult visit_declaration(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Extents *x = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_Namespace:
    case CXCursor_LinkageSpec:
    case CXCursor_UnexposedDecl:
    case CXCursor_ClassDecl:
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_ClassTemplate:
    case CXCursor_ClassTemplatePartialSpecialization:
        return CXChildVisit_Recurse;
    case CXCursor_FunctionDecl:
    case CXCursor_FunctionTemplate:
    case CXCursor_CXXMethod:
    case CXCursor_Constructor:
    case CXCursor_Destructor:
    case CXCursor_ConversionFunction:
        /* clang drops __global__ from a kernel it could not read (an unknown
         * macro before it, say): an invalid definition in the file itself
         * may be one */
        if (clang_isCursorDefinition(c)) {
            bool attributed = is_gpu_declaration(c);
            bool maybe = !attributed && clang_isInvalidDeclaration(c) && may_be_kernel(c) &&
                         clang_Location_isFromMainFile(clang_getCursorLocation(c));
            int before = x->n;
            add_extent(x, c, attributed || maybe);
            if (maybe && x->n > before) {
                Extent *e = &x->v[x->n - 1];
                e->maybe_kernel = true;
                clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &e->name_line, &e->name_col, NULL);
            }
        }
        return CXChildVisit_Continue;
    case CXCursor_VarDecl: {
        /* a variable without __device__/__constant__/__shared__ is host
         * data, whatever its initialiser (DEFINE_int32(rows, ...) of a
         * missing gflags header parses as one) */
        bool gpu = is_gpu_declaration(c);
        int before = x->n;
        add_extent(x, c, gpu);
        if (!gpu && x->n > before && clang_isInvalidDeclaration(c)) extend_to_semicolon(x->tu, &x->v[x->n - 1]);
        return CXChildVisit_Continue;
    }
    default:
        return CXChildVisit_Continue;
    }
}

static bool inside(const SrcRange *r, const Diag *d)
{
    /* a diagnostic without a position ("too many errors emitted"; "templates
     * can only be declared in namespace or class scope" after an invalid
     * byte in a name, tests/fuzz/regressions) is inside nothing */
    if (!r->file || !d->file || strcmp(r->file, d->file) != 0) return false;
    if (d->line < r->line || d->line > r->end_line) return false;
    if (d->line == r->line && d->col < r->col) return false;
    if (d->line == r->end_line && d->col > r->end_col) return false;
    return true;
}

/* The kernel launch statements of host function e: each from the start of
 * the statement holding a `<<<` to its `;` (a launch whose configuration or
 * arguments do not parse is not in the model).  Tokenized once. */
static void find_launch_statements(CXTranslationUnit tu, Extent *e)
{
    e->launches_found = true;
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(e->cursor), &tokens, &n);
    unsigned start = 0;
    for (unsigned i = 0; i < n; i++) {
        CXString sp = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(sp);
        /* statement boundaries, and the ':' that ends a case label */
        bool boundary = t && (strcmp(t, ";") == 0 || strcmp(t, "{") == 0 || strcmp(t, "}") == 0 || strcmp(t, ":") == 0);
        bool launch = t && strcmp(t, "<<<") == 0;
        clang_disposeString(sp);
        if (boundary) {
            start = i + 1;
            continue;
        }
        if (!launch) continue;
        unsigned end = i;
        while (end + 1 < n) {
            CXString e2 = clang_getTokenSpelling(tu, tokens[++end]);
            bool semi = clang_getCString(e2) && strcmp(clang_getCString(e2), ";") == 0;
            clang_disposeString(e2);
            if (semi) break;
        }
        SrcRange *r = VEC_PUSH(e->launches, e->nlaunches);
        r->file = e->at.file;
        clang_getExpansionLocation(clang_getTokenLocation(tu, tokens[start]), NULL, &r->line, &r->col, NULL);
        clang_getExpansionLocation(clang_getTokenLocation(tu, tokens[end]), NULL, &r->end_line, &r->end_col, NULL);
        i = end;
        start = end + 1;
    }
    clang_disposeTokens(tu, tokens, n);
}

static bool in_launch_statement(CXTranslationUnit tu, Extent *e, const Diag *d)
{
    if (!e->launches_found) find_launch_statements(tu, e);
    for (int i = 0; i < e->nlaunches; i++)
        if (inside(&e->launches[i], d)) return true;
    return false;
}

static bool touches_gpu_code(CXTranslationUnit tu, Extents *x, const Model *m, const char *main_file,
                             const Diag *d)
{
    if (!d->file) return true; /* no position ("too many errors emitted"): unknown */
    if (d->preprocessor) return true; /* an #error: the configuration is not the build's */
    bool in_function = false;
    for (int i = 0; i < x->n; i++) {
        const Extent *e = &x->v[i];
        if (!inside(&e->at, d)) continue;
        bool after_name = e->maybe_kernel && (d->line > e->name_line || (d->line == e->name_line && d->col > e->name_col));
        if ((e->gpu && !after_name) || in_launch_statement(tu, &x->v[i], d)) return true;
        in_function = true;
    }
    for (int i = 0; i < m->nlaunches; i++)
        if (inside(&m->launches[i].range, d)) return true;
    return !in_function && main_file && strcmp(main_file, d->file) == 0;
}

/* Another nvcc dialect difference: a sized `extern __shared__` array
 * (nvcc's dynamic shared memory) that clang rejects ("__shared__ variable
 * 's' cannot be 'extern'") and then calls a host variable in the kernel.
 * The front end models it as shared memory (dialect_cuda.c), so both
 * errors are nvcc-only: the GPU code is complete. */
static void mark_sized_extern_shared(Diag *diags, int ndiags)
{
    for (int i = 0; i < ndiags; i++) {
        char name[128];
        if (diags[i].level != DIAG_ERROR || sscanf(diags[i].message, "__shared__ variable '%127[^']' cannot be 'extern'", name) != 1)
            continue;
        diags[i].nvcc_dialect = true;
        char host_ref[192];
        snprintf(host_ref, sizeof host_ref, "reference to __host__ variable '%s' in __", name);
        for (int j = 0; j < ndiags; j++)
            if (diags[j].level == DIAG_ERROR && strncmp(diags[j].message, host_ref, strlen(host_ref)) == 0)
                diags[j].nvcc_dialect = true;
    }
}

/* A project that declares a built-in itself, where the headers it builds
 * with have none and gpulint's shim has one: its own __syncwarp with a
 * default argument ("redefinition of default argument"), a __device__
 * conversion the shim declares __host__ __device__ ("__device__ function
 * 'X' cannot overload __host__ __device__ function 'X'").  clang's note
 * points at the shim. */
static bool redeclares_shim(CXTranslationUnit tu, const char *shim_dir, const Diag *d)
{
    if (!shim_dir || !shim_dir[0] || !d->file) return false;
    if (strcmp(d->message, "redefinition of default argument") != 0 &&
        !(strstr(d->message, " function '") && strstr(d->message, "' cannot overload ")))
        return false;
    size_t n = strlen(shim_dir);
    bool in_shim = false;
    unsigned count = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < count && !in_shim; i++) {
        CXDiagnostic g = clang_getDiagnostic(tu, i);
        CXFile f;
        unsigned line, col;
        clang_getSpellingLocation(clang_getDiagnosticLocation(g), &f, &line, &col, NULL);
        CXString file = clang_getFileName(f);
        bool here = line == d->line && col == d->col && clang_getCString(file) && strcmp(clang_getCString(file), d->file) == 0;
        clang_disposeString(file);
        if (here) {
            CXDiagnosticSet children = clang_getChildDiagnostics(g);
            for (unsigned k = 0; k < clang_getNumDiagnosticsInSet(children) && !in_shim; k++) {
                CXDiagnostic note = clang_getDiagnosticInSet(children, k);
                CXFile nf;
                clang_getSpellingLocation(clang_getDiagnosticLocation(note), &nf, NULL, NULL, NULL);
                CXString name = clang_getFileName(nf);
                const char *path = clang_getCString(name);
                in_shim = path && strncmp(path, shim_dir, n) == 0 && path[n] == '/';
                clang_disposeString(name);
                clang_disposeDiagnostic(note);
            }
        }
        clang_disposeDiagnostic(g);
    }
    return in_shim;
}

void classify_gpu_diags(CXTranslationUnit tu, const Model *m, const char *shim_dir, Diag *diags, int ndiags)
{
    if (!ndiags) return;
    if (!model_language(m)->host_code_in_gpu_files) { /* no host code: all of it is GPU code */
        for (int i = 0; i < ndiags; i++) diags[i].in_gpu_code = true;
        return;
    }
    Extents x = {NULL, 0, tu};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_declaration, &x);
    CXString spelling = clang_getTranslationUnitSpelling(tu);
    const char *main_file = clang_getCString(spelling);
    for (int i = 0; i < ndiags; i++) {
        if (diags[i].level != DIAG_ERROR || !strstr(diags[i].message, NVCC_ONLY_SPECIALIZATION)) continue;
        int innermost = -1;
        for (int k = 0; k < x.n; k++)
            if (inside(&x.v[k].at, &diags[i]) &&
                (innermost < 0 || x.v[k].at.end_line - x.v[k].at.line < x.v[innermost].at.end_line - x.v[innermost].at.line))
                innermost = k;
        if (innermost >= 0) x.v[innermost].nvcc_only = true;
        diags[i].nvcc_dialect = true;
    }
    mark_sized_extern_shared(diags, ndiags);
    /* AMD inline assembly ("=v", a VGPR) in a HIP file read for NVPTX:
     * gpulint reads no assembly (PTX neither); the rest of the code is whole */
    for (int i = 0; model_target(m)->amd && i < ndiags; i++)
        diags[i].target_asm = diags[i].level == DIAG_ERROR && strstr(diags[i].message, " in asm") &&
                              (strncmp(diags[i].message, "invalid output constraint", 25) == 0 ||
                               strncmp(diags[i].message, "invalid input constraint", 24) == 0);
    for (int i = 0; i < ndiags; i++)
        diags[i].shim_redeclared = diags[i].level == DIAG_ERROR && redeclares_shim(tu, shim_dir, &diags[i]);
    mark_nvcc_statements(tu, diags, ndiags);
    for (int i = 0; i < ndiags; i++) {
        if (diags[i].nvcc_statement) { /* judged apart (file_problems.c) */
            diags[i].in_gpu_code = false;
            continue;
        }
        for (int k = 0; k < x.n && !diags[i].nvcc_dialect; k++)
            diags[i].nvcc_dialect = x.v[k].nvcc_only && inside(&x.v[k].at, &diags[i]);
        diags[i].in_gpu_code = diags[i].nvcc_dialect || diags[i].target_asm || diags[i].shim_redeclared ? false
                               : diags[i].level == DIAG_NOTE && strstr(diags[i].message, "file not found")
                                   ? false
                                   : touches_gpu_code(tu, &x, m, main_file, &diags[i]);
    }
    clang_disposeString(spelling);
    for (int i = 0; i < x.n; i++) {
        free((char *)x.v[i].at.file);
        free(x.v[i].launches);
    }
    free(x.v);
}
