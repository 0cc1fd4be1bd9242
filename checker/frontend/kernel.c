/* kernel.c - per-kernel set-up (parameters, builtin symbols) and the
 * translation unit: which functions are kernels and host code, launch
 * sites first, then every kernel (or the launched instantiations of a
 * kernel template), then launches linked to kernels (see interp.h). */
#include "frontend/file_language.h"
#include "frontend/interp.h"
#include "frontend/model_build.h"
#include "frontend/opencl_build_types.h"
#include "util/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenCL: is double precision available?  --opencl-fp64, else auto: on
 * when the file enables cl_khr_fp64/cl_amd_fp64 or spells `double`. */
static void decide_fp64(Model *m, CXTranslationUnit tu, OpenclFp64 mode)
{
    if (mode != FP64_AUTO) {
        m->fp64 = mode == FP64_ON;
        m->fp64_reason = mode == FP64_ON ? "--opencl-fp64=on" : "--opencl-fp64=off";
        return;
    }
    CXFile f = clang_getFile(tu, m->file);
    size_t size = 0;
    if (f) clang_getFileContents(tu, f, &size);
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, f, 0), clang_getLocationForOffset(tu, f, (unsigned)size));
    CXToken *toks = NULL;
    unsigned n = 0;
    if (f) clang_tokenize(tu, all, &toks, &n);
    bool pragma = false, uses_double = false;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, toks[i]);
        const char *t = clang_getCString(s);
        if (t && (strcmp(t, "cl_khr_fp64") == 0 || strcmp(t, "cl_amd_fp64") == 0) && i + 2 < n) {
            CXString e = clang_getTokenSpelling(tu, toks[i + 2]);
            if (strcmp(clang_getCString(e), "enable") == 0) pragma = true;
            clang_disposeString(e);
        }
        if (t && clang_getTokenKind(toks[i]) == CXToken_Keyword && strcmp(t, "double") == 0) uses_double = true;
        clang_disposeString(s);
    }
    if (toks) clang_disposeTokens(tu, toks, n);
    m->fp64 = pragma || uses_double;
    m->fp64_reason = pragma ? "auto: the file enables cl_khr_fp64" : uses_double ? "auto: the file uses double"
                                                                      : "auto: the file neither enables cl_khr_fp64 nor uses double";
}

static const char *template_args_text(Ctx *c, CXCursor fn, const char *base)
{
    int n = clang_Cursor_getNumTemplateArguments(fn);
    if (n <= 0) return base;
    char buf[512];
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s<", base);
    for (int i = 0; i < n && len < sizeof buf - 32; i++) {
        enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i);
        if (i) len += (size_t)snprintf(buf + len, sizeof buf - len, ", ");
        if (k == CXTemplateArgumentKind_Type) {
            CXString s = clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(fn, (unsigned)i));
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s", clang_getCString(s));
            clang_disposeString(s);
        } else if (k == CXTemplateArgumentKind_Integral) {
            len += (size_t)template_integral_text(fn, i, buf + len, sizeof buf - len);
        } else {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "?");
        }
    }
    if (len < sizeof buf - 1) snprintf(buf + len, sizeof buf - len, ">");
    return arena_strdup(&c->m->arena, buf);
}

/* The value of a work-group size argument: a number, or a name some file
 * of the translation unit #defines to one (`#define TRSV_BLOCK_SIZE 32`,
 * a tuning default; a -D reaches the parse the same way). */
typedef struct {
    const char *name;
    long long value;
    bool found;
    CXTranslationUnit tu;
} MacroLookup;

static bool defined_number(const char *text, size_t size, const char *name, long long *value)
{
    size_t n = strlen(name);
    for (const char *p = text; p && (size_t)(p - text) < size; p = memchr(p, '\n', size - (size_t)(p - text))) {
        while ((size_t)(p - text) < size && (*p == '\n' || *p == ' ' || *p == '\t')) p++;
        if ((size_t)(p - text) >= size || *p != '#') continue;
        p++;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "define", 6) != 0) continue;
        p += 6;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, name, n) != 0 || (p[n] != ' ' && p[n] != '\t')) continue;
        const char *v = p + n;
        while (*v == ' ' || *v == '\t' || *v == '(') v++;
        char *end;
        long long x = strtoll(v, &end, 0);
        if (end == v) continue;
        while (*end == 'u' || *end == 'U' || *end == ')') end++;
        while (*end == ' ' || *end == '\t' || *end == '\r') end++;
        if (*end != '\n' && *end != '\0' && strncmp(end, "//", 2) != 0) continue;
        *value = x;
        return true;
    }
    return false;
}

static void lookup_in_file(CXFile file, MacroLookup *ml)
{
    size_t size = 0;
    const char *text = ml->found ? NULL : clang_getFileContents(ml->tu, file, &size);
    if (text && defined_number(text, size, ml->name, &ml->value)) ml->found = true;
}

static bool work_group_dim(CXTranslationUnit tu, const char *arg, long long *v)
{
    char *end;
    *v = strtoll(arg, &end, 0);
    if (end != arg && *end == '\0') return *v > 0;
    MacroLookup ml = {arg, 0, false, tu};
    int ninc;
    const TuInclusion *inc = tu_inclusions(tu, &ninc);
    for (int i = 0; i < ninc && !ml.found; i++) lookup_in_file(inc[i].file, &ml);
    *v = ml.value;
    return ml.found && *v > 0;
}

/* reqd_work_group_size(X, Y, Z) on an OpenCL kernel: its block shape. */
static void required_work_group_size(Ctx *c, CXCursor fn, Kernel *k)
{
    Children ch = children_of(fn);
    for (int i = 0; i < ch.n && !k->block_required; i++) {
        if (!clang_isAttribute(clang_getCursorKind(ch.items[i]))) continue;
        CXToken *t;
        unsigned n;
        clang_tokenize(c->cx.tu, clang_getCursorExtent(ch.items[i]), &t, &n);
        char args[3][64];
        int nargs = 0;
        bool shaped = n == 8;
        for (unsigned j = 0; j < n && shaped; j++) {
            CXString s = clang_getTokenSpelling(c->cx.tu, t[j]);
            const char *sp = clang_getCString(s);
            if (j == 0) shaped = strcmp(sp, "reqd_work_group_size") == 0;
            else if (j % 2 == 0) snprintf(args[nargs++], sizeof args[0], "%s", sp);
            else shaped = strcmp(sp, j == 1 ? "(" : j == 7 ? ")" : ",") == 0;
            clang_disposeString(s);
        }
        clang_disposeTokens(c->cx.tu, t, n);
        long long x, y, z;
        if (shaped && nargs == 3 && work_group_dim(c->cx.tu, args[0], &x) && work_group_dim(c->cx.tu, args[1], &y) &&
            work_group_dim(c->cx.tu, args[2], &z) && x <= 1024 && y <= 1024 && z <= 64) {
            k->block = (BlockShape){true, (int)x, (int)y, (int)z};
            k->block_required = true;
        }
    }
    children_free(&ch);
}

/* "ns::inner::" for a function declared in named namespaces or classes;
 * an anonymous namespace adds nothing (its names are the file's). */
static const char *scope_of(Ctx *c, CXCursor fn)
{
    char text[1024] = "";
    for (CXCursor p = clang_getCursorSemanticParent(fn); !clang_Cursor_isNull(p); p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind kind = clang_getCursorKind(p);
        if (kind == CXCursor_TranslationUnit || clang_isInvalid(kind)) break;
        if (kind != CXCursor_Namespace && kind != CXCursor_StructDecl && kind != CXCursor_ClassDecl) return "";
        CXString name = clang_getCursorSpelling(p);
        const char *n = clang_getCString(name);
        char both[1024];
        if (n && n[0]) snprintf(both, sizeof both, "%s::%s", n, text);
        else snprintf(both, sizeof both, "%s", text);
        clang_disposeString(name);
        memcpy(text, both, sizeof text);
    }
    return arena_strdup(&c->m->arena, text);
}

void analyse_kernel(Ctx *c, CXCursor fn, bool is_pattern, bool is_instance)
{
    Kernel *k = VEC_PUSH(c->m->kernels, c->m->nkernels);
    c->k = k;
    k->base_name = cxstr(&c->m->arena, clang_getCursorSpelling(fn));
    k->name = is_instance ? template_args_text(c, fn, k->base_name) : k->base_name;
    k->is_template = is_pattern;
    k->scope = scope_of(c, fn);
    SrcRange r = location_range(&c->cx, clang_getCursorLocation(fn), (unsigned)strlen(k->base_name));
    r.file = range_of(&c->cx, fn).file;
    k->range = r;
    if (c->m->language == LANG_OPENCL) required_work_group_size(c, fn, k);
    for (int i = 0; i < SYM_FIRST_USER; i++) {
        Symbol *s = VEC_PUSH(k->syms, k->nsyms);
        s->kind = SYMK_BUILTIN;
        s->name = c->d->builtin_names[i];
        s->param = -1;
        s->loop = -1;
        s->divisor = -1;
        s->numerator = NULL;
    }
    c->env.n = 0;
    c->loop = -1;
    c->call_depth = 0;
    c->ncalls = 0;
    c->collecting_return = false;
    c->nesting = 0;
    c->stmt_nesting = 0;
    c->nesting_noted = false;
    Children pch = {NULL, 0};
    int np = clang_Cursor_getNumArguments(fn);
    if (np < 0) { /* a template pattern: parameters are ParmDecl children */
        Children all = children_of(fn);
        for (int i = 0; i < all.n; i++)
            if (clang_getCursorKind(all.items[i]) == CXCursor_ParmDecl) *VEC_PUSH(pch.items, pch.n) = all.items[i];
        children_free(&all);
        np = pch.n;
    }
    for (int i = 0; i < np; i++) {
        CXCursor pd = pch.n ? pch.items[i] : clang_Cursor_getArgument(fn, i);
        Param *p = VEC_PUSH(k->params, k->nparams);
        CXType t = clang_getCursorType(pd);
        p->name = cxstr(&c->m->arena, clang_getCursorSpelling(pd));
        if (!p->name[0]) p->name = arena_printf(&c->m->arena, "arg%d", i);
        p->type = type_name_for(c, t);
        p->canonical = cxstr(&c->m->arena, clang_getTypeSpelling(canon(t)));
        long long bytes = type_size(canon(t));
        p->bytes = bytes > 0 ? (int)bytes : -1;
        p->is_record = canon(t).kind == CXType_Record;
        p->is_pointer = is_pointer_type(t);
        p->is_restrict = clang_isRestrictQualifiedType(t) != 0;
        p->symbol = -1;
        Value v;
        if (p->is_pointer) {
            CXType pt = clang_getPointeeType(canon(t));
            long long ps = type_size(canon(pt));
            p->pointee_bytes = ps > 0 ? (int)ps : -1;
            Affine zero = aff_const(0);
            zero.deps = DEP_PARAM;
            v = pointer_value(c->d->param_space(pd), i, p->name, -1, zero);
        } else if (c->device_root) {
            /* a device function's scalar arguments may differ per thread:
             * never launch-time values */
            v = val_opaque(DEP_UNKNOWN);
        } else if (is_integer_type(t)) {
            p->symbol = new_symbol(c, SYMK_PARAM, p->name);
            k->syms[p->symbol].param = i;
            v = val_int(aff_symbol(p->symbol, DEP_PARAM));
        } else {
            v = val_opaque(DEP_PARAM);
            if (canon(t).kind == CXType_Record) v.obj_param = i + 1; /* a struct argument: its fields are the argument's */
        }
        env_set(c, pd, v);
    }
    children_free(&pch);
    walk_stmt(c, body_of(fn));
    free(c->env.b);
    c->env.b = NULL;
    c->env.n = 0;
    c->k = NULL;
}

/* ---------------------------------------------------------------- the TU */

typedef struct {
    Ctx *c;
    CXCursor *kernels; int nkernels;
    CXCursor *hosts; int nhosts;
    CXCursor *devices; int ndevices;   /* __device__ function definitions */
    CXFile *files; int nfiles;         /* fragments modelled besides the main file */
    bool *launcher;                    /* per file: another unit's generic launcher (FileArgs.nlauncher_files) */
    CXCursor *class_insts; int nclass_insts; /* template class X<float>; */
    CXCursor *host_specs; int nhost_specs;   /* clang's instances of host templates, with bodies */
    bool clang_instances;                    /* walk them (FileArgs.clang_instances) */
    bool has_templates;
    CXFile last_header;             /* project headers holding top-level declarations */
    CXFile *headers; int nheaders;
    CXFile *seen; int nseen;
} TopScan;

/* 0: not modelled; 1: the main file or a fragment it owns; 2: another
 * unit's generic launcher, whose kernel and host templates count only as
 * this unit's code instantiates them. */
static int modelled_file(const TopScan *ts, CXCursor cur)
{
    if (in_main_file(cur)) return 1;
    if (!ts->nfiles) return 0;
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(cur), &f, NULL, NULL, NULL);
    for (int i = 0; f && i < ts->nfiles; i++)
        if (clang_File_isEqual(f, ts->files[i])) return ts->launcher[i] ? 2 : 1;
    return 0;
}

static bool in_modelled_file(const TopScan *ts, CXCursor cur)
{
    return modelled_file(ts, cur) != 0;
}

/* `template class X<float>;` is a specialization without a body of its own;
 * an explicit specialization (template <> class X<float> {...}) has one.
 * Members instantiated from the pattern lie outside the cursor's own text. */
static bool is_explicit_instantiation(CXCursor cls)
{
    Children ch = children_of(cls);
    CXSourceRange own = clang_getCursorExtent(cls);
    unsigned own_begin, own_end;
    clang_getFileLocation(clang_getRangeStart(own), NULL, NULL, NULL, &own_begin);
    clang_getFileLocation(clang_getRangeEnd(own), NULL, NULL, NULL, &own_end);
    bool body = false;
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.items[i]);
        if (k == CXCursor_TemplateRef || k == CXCursor_TypeRef || k == CXCursor_NamespaceRef) continue;
        unsigned at;
        clang_getFileLocation(clang_getCursorLocation(ch.items[i]), NULL, NULL, NULL, &at);
        if (at >= own_begin && at <= own_end) body = true;
    }
    children_free(&ch);
    return !body;
}

static enum CXChildVisitResult scan_top(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    TopScan *ts = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    /* Only the main file (and the fragments modelled with it): walking the
     * declarations of a precompiled header would deserialize all of them
     * (20x the cost of the file itself).  Other files are only noted, for
     * the explicit instantiations their text may hold. */
    if (!in_main_file(cur)) {
        CXFile f;
        clang_getExpansionLocation(clang_getCursorLocation(cur), &f, NULL, NULL, NULL);
        if (f && !(ts->last_header && clang_File_isEqual(f, ts->last_header))) {
            ts->last_header = f;
            bool seen = false; /* every file once, a project header or not */
            for (int i = 0; i < ts->nseen && !seen; i++) seen = clang_File_isEqual(ts->seen[i], f);
            if (!seen) {
                *VEC_PUSH(ts->seen, ts->nseen) = f;
                if (project_header(ts->c, f)) *VEC_PUSH(ts->headers, ts->nheaders) = f;
            }
        }
        if (!in_modelled_file(ts, cur)) return CXChildVisit_Continue;
    }
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate) {
        bool spec = !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(cur));
        if (k != CXCursor_ClassTemplate && spec && is_explicit_instantiation(cur)) {
            *VEC_PUSH(ts->class_insts, ts->nclass_insts) = cur;
            return CXChildVisit_Continue;
        }
        if (k == CXCursor_ClassTemplate) ts->has_templates = true;
        return clang_isCursorDefinition(cur) ? CXChildVisit_Recurse : CXChildVisit_Continue;
    }
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
        k == CXCursor_Constructor || k == CXCursor_Destructor) {
        if (!clang_isCursorDefinition(cur)) return CXChildVisit_Continue;
        if (k != CXCursor_FunctionTemplate && modelled_file(ts, cur) == 2 &&
            !(ts->clang_instances && !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(cur))))
            return CXChildVisit_Continue;
        if (k == CXCursor_FunctionTemplate) ts->has_templates = true;
        /* An instantiation (located at its pattern): the TU's top-level list
         * (clang_createIndex(1, ...), parse.c) also holds explicit
         * instantiations, which the walk of the TU's declarations never saw;
         * instantiations are analysed from their launches, as before. */
        if (k != CXCursor_FunctionTemplate) {
            CXCursor pattern = clang_getSpecializedCursorTemplate(cur);
            CXSourceLocation at = clang_getCursorLocation(cur);
            if (!clang_Cursor_isNull(pattern) &&
                (clang_equalLocations(clang_getCursorLocation(pattern), at) || /* or its out-of-line body */
                 clang_equalLocations(clang_getCursorLocation(clang_getCursorDefinition(pattern)), at))) {
                /* clang's instance of a host function template, with the
                 * body clang made (explicit instantiations parsed as
                 * written): that template's runs walk it, every type and
                 * constant of it known */
                if (ts->clang_instances && k == CXCursor_FunctionDecl && ts->c->d->is_host_function(cur) &&
                    !clang_Cursor_isNull(body_of(cur)))
                    *VEC_PUSH(ts->host_specs, ts->nhost_specs) = cur;
                return CXChildVisit_Continue;
            }
        }
        if (ts->c->d->is_kernel(cur)) *VEC_PUSH(ts->kernels, ts->nkernels) = cur;
        else if (ts->c->d->is_host_function(cur)) *VEC_PUSH(ts->hosts, ts->nhosts) = cur;
        else if (k == CXCursor_FunctionDecl && ts->c->m->language != LANG_OPENCL &&
                 clang_Cursor_isNull(clang_getSpecializedCursorTemplate(cur))) /* not foo<float>'s specialisation */
            *VEC_PUSH(ts->devices, ts->ndevices) = cur;
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Continue;
}

/* The functions a device function calls (directly), to tell helpers of
 * helpers from roots. */
typedef struct {
    CXCursor *callees; int n;
} Callees;

static enum CXChildVisitResult collect_callees(CXCursor cur, CXCursor parent, CXClientData data)
{
    (void)parent;
    Callees *cs = data;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) {
        CXCursor ref = clang_getCursorReferenced(cur);
        if (!clang_Cursor_isNull(ref)) *VEC_PUSH(cs->callees, cs->n) = ref;
    }
    return CXChildVisit_Recurse;
}

static bool same_function(CXCursor a, CXCursor b);

/* Also when v holds clang's instance of the template fn (max_val<float>
 * inlined from an instantiated kernel). */
static bool listed_function(const CXCursor *v, int n, CXCursor fn)
{
    for (int i = 0; i < n; i++) {
        if (same_function(v[i], fn)) return true;
        CXCursor t = clang_getSpecializedCursorTemplate(v[i]);
        if (!clang_Cursor_isNull(t) && same_function(t, fn)) return true;
    }
    return false;
}

/* __device__ functions of the modelled files that no kernel of the
 * translation unit reaches, nor another such function: analysed as roots
 * (their parameters unknown), so a file of device helpers used by kernels
 * elsewhere (or by none) is still checked. */
static void analyse_device_roots(Ctx *c, const TopScan *ts)
{
    if (!ts->ndevices) return;
    Callees cs = {NULL, 0};
    for (int i = 0; i < ts->ndevices; i++) clang_visitChildren(ts->devices[i], collect_callees, &cs);
    for (int i = 0; i < ts->ndevices; i++) {
        CXCursor fn = ts->devices[i];
        if (listed_function(c->inlined, c->ninlined, fn) || listed_function(cs.callees, cs.n, fn)) continue;
        c->device_root = true;
        analyse_kernel(c, fn, false, false);
        c->device_root = false;
        c->m->kernels[c->m->nkernels - 1].device_root = true; /* the engine says so in the file's context */
    }
    free(cs.callees);
}

static bool same_function(CXCursor a, CXCursor b)
{
    if (clang_equalCursors(a, b)) return true;
    CXCursor da = clang_getCursorDefinition(a), db = clang_getCursorDefinition(b);
    return !clang_Cursor_isNull(da) && !clang_Cursor_isNull(db) && clang_equalCursors(da, db);
}

void link_launch(Model *m, int launch, int kernel)
{
    Launch *L = &m->launches[launch];
    L->kernel = kernel;
    Kernel *k = &m->kernels[kernel];
    bool known = L->block[0].known && L->block[1].known && L->block[2].known;
    BlockShape s = {known, (int)L->block[0].value, (int)L->block[1].value, (int)L->block[2].value};
    if (k->block_required) ; /* a launch of another shape fails at run time */
    else if (k->nlaunches == 0) k->block = s;
    else if (!known || !k->block.known || k->block.x != s.x || k->block.y != s.y || k->block.z != s.z)
        k->block.known = false;
    /* <<<1, n>>>: one block (OpenCL's sizes are global ones, not counted here) */
    bool one = model_language(m)->host_code_in_gpu_files && L->grid[0].known && L->grid[1].known &&
               L->grid[2].known && L->grid[0].value == 1 && L->grid[1].value == 1 && L->grid[2].value == 1;
    k->launched_one_block = (k->nlaunches == 0 || k->launched_one_block) && one;
    k->nlaunches++;
}

/* The instantiations the project creates of the template a host function
 * belongs to (a class template's member, a function template), each once:
 * `template class X<...>` (from the AST), and explicit instantiations of
 * the class, the member or the function (from the text). */
static int host_instances(Ctx *c, CXCursor host, const TopScan *ts, const InstList *insts, TypeSubst **out)
{
    CXCursor owner = host;
    if (clang_getCursorKind(host) != CXCursor_FunctionTemplate) {
        owner = clang_getCursorSemanticParent(host);
        if (clang_getCursorKind(owner) != CXCursor_ClassTemplate) return 0;
    }
    const char *owner_name = cxstr(&c->m->arena, clang_getCursorSpelling(owner));
    const char *member = cxstr(&c->m->arena, clang_getCursorSpelling(host));
    TypeSubst names;
    memset(&names, 0, sizeof names);
    template_param_names(c, host, &names);
    if (!names.names[0]) template_param_names(c, owner, &names);
    int n = 0;
    const char **seen = NULL;
    for (int i = 0; i < ts->nclass_insts + insts->n; i++) {
        TypeSubst s;
        memset(&s, 0, sizeof s);
        if (i < ts->nclass_insts) {
            CXCursor ci = ts->class_insts[i];
            if (!clang_equalCursors(clang_getSpecializedCursorTemplate(ci), owner)) continue;
            class_instance_args(c, ci, &s);
        } else {
            const ExplicitInst *e = &insts->items[i - ts->nclass_insts];
            bool is_class = clang_getCursorKind(owner) == CXCursor_ClassTemplate;
            bool match = strcmp(e->name, owner_name) == 0 &&
                         (is_class ? e->kind == INST_CLASS || (e->kind == INST_MEMBER && strcmp(e->member, member) == 0)
                                   : e->kind == INST_FUNCTION);
            if (!match) continue;
            s = e->args;
        }
        if (!s.n) continue;
        memcpy(s.names, names.names, sizeof s.names);
        const char *key = subst_name(c, "", &s);
        bool dup = false;
        for (int q = 0; q < n; q++) dup |= strcmp(seen[q], key) == 0;
        if (dup) continue;
        int nn = n;
        *VEC_PUSH(seen, nn) = key;
        *VEC_PUSH(*out, n) = s;
    }
    free(seen);
    return n;
}

static void build(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o, const FileArgs *fa,
                  const HostStrings *host, const HostProgram *program);

/* A host function's run: under a substitution (an instantiation), or as it
 * is written. */
typedef struct {
    int host;
    bool substituted, done;
    TypeSubst subst;
    const char *key;
    /* clang's instantiation of it, when a call with concrete arguments
     * names one: walked instead of the pattern, its launches then name
     * clang's kernel instantiations, whose bodies have every type (a
     * `Tensor<T>` accessor of the pattern has none) */
    CXCursor spec;
    /* Asked for only by calls on a branch whose other branch calls a wider
     * instance (half2 for half): its launches take what that one cannot.
     * One plain request makes it an ordinary run (when it comes before the
     * run; a later one is not undone: the finding is then missed, never
     * made up). */
    int plain_requests;
    SrcRange wide_at;
    const char *wide_type;
} HostRun;

/* A function template, or a member of a class template. */
static bool template_host(CXCursor host)
{
    return clang_getCursorKind(host) == CXCursor_FunctionTemplate ||
           clang_getCursorKind(clang_getCursorSemanticParent(host)) == CXCursor_ClassTemplate;
}

/* Each instantiation once; at most MAX_HOST_RUNS in all (a chain of
 * templates instantiating each other ends there). */
#define MAX_HOST_RUNS 512
static void add_host_run(Ctx *c, HostRun **runs, int *nruns, int host, const TypeSubst *s, CXCursor spec,
                         const SrcRange *wide_at, const char *wide_type)
{
    const char *key = s ? subst_name(c, "", s) : "";
    HostRun *r = NULL;
    for (int q = 0; q < *nruns && !r && !clang_Cursor_isNull(spec); q++) /* a run of clang's same instance */
        if (!clang_Cursor_isNull((*runs)[q].spec) && clang_equalCursors((*runs)[q].spec, spec)) r = &(*runs)[q];
    for (int q = 0; q < *nruns && !r; q++)
        if ((*runs)[q].host == host && (*runs)[q].substituted == (s != NULL) && strcmp((*runs)[q].key, key) == 0) {
            r = &(*runs)[q];
            if (!r->done && clang_Cursor_isNull(r->spec)) r->spec = spec;
        }
    if (!r) {
        if (*nruns >= MAX_HOST_RUNS) return;
        r = VEC_PUSH(*runs, *nruns);
        memset(r, 0, sizeof *r);
        r->host = host;
        r->substituted = s != NULL;
        if (s) r->subst = *s;
        r->key = key;
        r->spec = spec;
    }
    if (!wide_type) r->plain_requests++;
    else if (!r->wide_type) {
        r->wide_at = *wide_at;
        r->wide_type = wide_type;
    }
}


/* children_of keeps what it finds while one model is built (cx.h). */
void model_build(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o, const FileArgs *fa)
{
    children_cache_begin();
    build(m, tu, shim_dir, o, fa, NULL, NULL);
    children_cache_end();
}

void model_build_program(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o,
                         const HostStrings *host, const HostProgram *program)
{
    children_cache_begin();
    build(m, tu, shim_dir, o, NULL, host, program);
    children_cache_end();
}

/* What the phases of build() hand on: the functions of the translation
 * unit (ts) and its explicit instantiations, then each launch's target from
 * the host runs, then the kernels analysed. */
typedef struct {
    Ctx *c;
    TopScan ts;
    InstList insts;
    /* per launch of the model: the kernel it names, and the template
     * arguments when a substituted host run made it (else NULL) */
    CXCursor *launch_targets;
    TypeSubst **launch_args;
    int ntargets;
    /* per kernel of the model: its cursor, and a substituted instance's
     * name (else NULL) */
    CXCursor *analysed;
    const char **analysed_name;
    int nanalysed;
} Build;

/* The runs of host functions, and per host function of the scan whether
 * it is a template and whether some run instantiates it. */
typedef struct {
    HostRun *runs;
    int nruns;
    bool *instantiated, *is_template;
} HostRuns;

/* Finds the kernels, host and device functions of the modelled files, and
 * the explicit instantiations that say which templates to analyse. */
static void scan_translation_unit(Build *b, CXTranslationUnit tu, const FileArgs *fa)
{
    b->ts.c = b->c;
    b->ts.clang_instances = fa && fa->clang_instances;
    for (int i = 0; fa && i < fa->nmodel_files; i++) {
        CXFile f = clang_getFile(tu, fa->model_files[i]);
        if (!f) continue;
        int n = b->ts.nfiles;
        *VEC_PUSH(b->ts.launcher, n) = i >= fa->nmodel_files - fa->nlauncher_files;
        *VEC_PUSH(b->ts.files, b->ts.nfiles) = f;
    }
    clang_visitChildren(clang_getTranslationUnitCursor(tu), scan_top, &b->ts);
    if (b->ts.has_templates && b->c->m->language != LANG_OPENCL)
        find_explicit_instantiations(b->c, b->ts.headers, b->ts.nheaders, &b->insts);
}

/* Runs of host template i on clang's instances of it (with bodies): how
 * many. */
static int plan_clang_instances(Build *b, HostRuns *hr, int i)
{
    int n = 0;
    for (int j = 0; j < b->ts.nhost_specs; j++) {
        CXCursor spec = b->ts.host_specs[j];
        if (!same_function(clang_getSpecializedCursorTemplate(spec), b->ts.hosts[i]) || hr->nruns >= MAX_HOST_RUNS) continue;
        HostRun *r = VEC_PUSH(hr->runs, hr->nruns);
        memset(r, 0, sizeof *r);
        r->host = i;
        r->key = arena_printf(&b->c->m->arena, "#%d", j); /* one run per instantiation */
        r->spec = spec;
        r->plain_requests = 1;
        n++;
    }
    return n;
}

/* The runs known before any host code is scanned: each template's explicit
 * instantiations, and every plain host function once. */
static void plan_host_runs(Build *b, HostRuns *hr)
{
    for (int i = 0; i < b->ts.nhosts; i++) {
        hr->is_template[i] = template_host(b->ts.hosts[i]);
        TypeSubst *inst = NULL;
        int ninst = host_instances(b->c, b->ts.hosts[i], &b->ts, &b->insts, &inst);
        if (ninst && hr->is_template[i] && modelled_file(&b->ts, b->ts.hosts[i]) == 2) b->c->m->instantiated_launchers++;
        /* explicitly instantiated, parsed as written: clang's instances */
        if (ninst && hr->is_template[i] && plan_clang_instances(b, hr, i)) {
            hr->instantiated[i] = true;
            free(inst);
            continue;
        }
        for (int r = 0; r < ninst; r++)
            add_host_run(b->c, &hr->runs, &hr->nruns, i, &inst[r], clang_getNullCursor(), NULL, NULL);
        hr->instantiated[i] = ninst > 0;
        if (!ninst && !hr->is_template[i])
            add_host_run(b->c, &hr->runs, &hr->nruns, i, NULL, clang_getNullCursor(), NULL, NULL);
        free(inst);
    }
}

/* Scans the host function of run q for launch sites (the launch targets)
 * and queues a run of each host template it calls with the call's
 * arguments. */
static void run_host(Build *b, HostRuns *hr, int q)
{
    Ctx *c = b->c;
    Model *m = c->m;
    hr->runs[q].done = true;
    HostRun run = hr->runs[q]; /* a copy: queuing more runs may move the array */
    bool spec = !clang_Cursor_isNull(run.spec);
    c->subst = run.substituted && !spec ? &run.subst : NULL;
    cx_set_subst(c->subst);
    CXCursor host = spec ? run.spec : b->ts.hosts[run.host];
    HostScan hs = {.c = c, .fn = host, .fn_name = cxstr(&m->arena, clang_getCursorSpelling(host))};
    int first_launch = m->nlaunches;
    host_scan_function(&hs);
    host_mark_wider_siblings(&hs, first_launch);
    /* a narrow run's launches, and the runs it asks for, are narrow too */
    bool narrow = run.wide_type && !run.plain_requests;
    for (int l = first_launch; narrow && l < m->nlaunches; l++)
        if (!m->launches[l].wider_sibling.file) {
            m->launches[l].wider_sibling = run.wide_at;
            m->launches[l].wider_sibling_type = run.wide_type;
        }
    for (int j = 0; j < hs.ntargets; j++) {
        int n = b->ntargets;
        *VEC_PUSH(b->launch_args, n) = host_target_args(&hs, j);
        *VEC_PUSH(b->launch_targets, b->ntargets) = hs.targets[j];
    }
    for (int j = 0; j < hs.ncalled; j++) {
        const HostCall *call = &hs.called[j];
        for (int h = 0; h < b->ts.nhosts; h++)
            if (hr->is_template[h] && same_function(b->ts.hosts[h], call->fn)) {
                hr->instantiated[h] = true;
                add_host_run(c, &hr->runs, &hr->nruns, h, &call->args, call->spec,
                             call->wide_type ? &call->wide_at : narrow ? &run.wide_at : NULL,
                             call->wide_type ? call->wide_type : narrow ? run.wide_type : NULL);
                break;
            }
    }
    free(hs.targets);
    free(hs.target_args);
    free(hs.called);
    host_scan_release(&hs);
    c->subst = NULL;
    cx_set_subst(NULL);
}

/* Launch sites first: they say which template instantiations to analyse.
 * A host function of a template runs once per instantiation, with its type
 * parameters substituted (then launches it makes name kernel templates and
 * their arguments: launch_args).  Each template's instantiations run,
 * explicit ones first, then those its instantiated callers create
 * (cuda::f<float> calling kernel::f<T>); a template with none runs once as
 * a pattern, after all the others. */
static void run_host_functions(Build *b)
{
    HostRuns hr = {NULL, 0, NULL, NULL};
    hr.instantiated = xcalloc((size_t)b->ts.nhosts + 1, sizeof *hr.instantiated);
    hr.is_template = xcalloc((size_t)b->ts.nhosts + 1, sizeof *hr.is_template);
    plan_host_runs(b, &hr);
    for (int pass = 0; pass < 2; pass++) {
        for (int q = 0; q < hr.nruns; q++)
            if (!hr.runs[q].done) run_host(b, &hr, q);
        if (pass == 0) /* patterns nobody instantiates */
            for (int i = 0; i < b->ts.nhosts; i++)
                if (!hr.instantiated[i] && hr.is_template[i] && modelled_file(&b->ts, b->ts.hosts[i]) != 2)
                    add_host_run(b->c, &hr.runs, &hr.nruns, i, NULL, clang_getNullCursor(), NULL, NULL);
    }
    free(hr.instantiated);
    free(hr.is_template);
    free(hr.runs);
}

/* The model's next kernel (just analysed) is fn; name: a substituted
 * instance's, else NULL. */
static void note_analysed(Build *b, CXCursor fn, const char *name)
{
    int n = b->nanalysed;
    *VEC_PUSH(b->analysed_name, n) = name;
    *VEC_PUSH(b->analysed, b->nanalysed) = fn;
}

/* Of kernel template kc, clang's instantiations that launches name (each
 * once); how many. */
static int analyse_clang_instances(Build *b, CXCursor kc)
{
    int found = 0;
    for (int j = 0; j < b->ntargets; j++) {
        CXCursor t = b->launch_targets[j];
        if (clang_Cursor_isNull(t) || b->launch_args[j]) continue;
        CXCursor tmpl = clang_getSpecializedCursorTemplate(t);
        if (clang_Cursor_isNull(tmpl) || !clang_equalCursors(tmpl, kc)) continue;
        bool dup = false;
        for (int q = 0; q < b->nanalysed; q++)
            if (clang_equalCursors(b->analysed[q], t)) dup = true;
        if (dup) continue;
        analyse_kernel(b->c, t, false, true);
        note_analysed(b, t, NULL);
        found++;
    }
    return found;
}

/* Of kernel template kc, the instances without a body of clang's: launched
 * from a template host under substitution, or explicitly instantiated.
 * Each is the pattern analysed with its type arguments substituted, once
 * (not again after clang's own instance of the same arguments); how many. */
static int analyse_substituted_instances(Build *b, CXCursor kc)
{
    Ctx *c = b->c;
    Model *m = c->m;
    int found = 0;
    const char *base = cxstr(&m->arena, clang_getCursorSpelling(kc));
    for (int j = 0; j < b->ntargets + b->insts.n; j++) {
        TypeSubst s;
        if (j < b->ntargets) {
            if (!b->launch_args[j] || !same_function(b->launch_targets[j], kc)) continue;
            s = *b->launch_args[j];
        } else {
            const ExplicitInst *e = &b->insts.items[j - b->ntargets];
            if (e->kind != INST_FUNCTION || strcmp(e->name, base) != 0 || !e->args.n) continue;
            s = e->args;
            template_param_names(c, kc, &s);
        }
        const char *name = subst_name(c, base, &s);
        bool dup = false;
        for (int q = 0; q < b->nanalysed; q++)
            dup |= strcmp(m->kernels[q].name, name) == 0 && same_function(b->analysed[q], kc);
        for (int q = 0; q < b->nanalysed && !dup; q++) /* clang's own instance of the same arguments */
            dup = !b->analysed_name[q] && strcmp(m->kernels[q].name, name) == 0;
        if (dup) continue;
        c->subst = &s;
        cx_set_subst(&s);
        analyse_kernel(c, kc, false, false);
        c->subst = NULL;
        cx_set_subst(NULL);
        m->kernels[b->nanalysed].name = name;
        note_analysed(b, kc, name);
        found++;
    }
    return found;
}

/* Every kernel; a kernel template as each instance the file launches or
 * instantiates, or (with none) once as its pattern. */
static void analyse_kernels(Build *b)
{
    for (int i = 0; i < b->ts.nkernels; i++) {
        CXCursor kc = b->ts.kernels[i];
        if (clang_getCursorKind(kc) == CXCursor_FunctionTemplate) {
            int found = analyse_clang_instances(b, kc);
            found += analyse_substituted_instances(b, kc);
            if (!found && modelled_file(&b->ts, kc) != 2) { /* a launcher's pattern is its owner's */
                analyse_kernel(b->c, kc, true, false);
                note_analysed(b, kc, NULL);
            }
        } else {
            analyse_kernel(b->c, kc, false, false);
            note_analysed(b, kc, NULL);
        }
    }
}

/* Links launches to kernels; a block shape is known when all launches
 * agree. */
static void link_launches(Build *b)
{
    Model *m = b->c->m;
    for (int j = 0; j < m->nlaunches; j++) {
        if (clang_Cursor_isNull(b->launch_targets[j])) continue;
        const char *want = NULL;
        if (b->launch_args[j]) {
            CXString bs = clang_getCursorSpelling(b->launch_targets[j]);
            want = subst_name(b->c, clang_getCString(bs), b->launch_args[j]);
            clang_disposeString(bs);
        }
        for (int q = 0; q < b->nanalysed; q++) {
            if (!same_function(b->launch_targets[j], b->analysed[q])) continue;
            if (want && (!b->analysed_name[q] || strcmp(b->analysed_name[q], want) != 0)) continue;
            link_launch(m, j, q);
            break;
        }
    }
}

static void build(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o, const FileArgs *fa,
                  const HostStrings *host, const HostProgram *program)
{
    Ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.cx.tu = tu;
    c.cx.arena = &m->arena;
    c.cx.host = host;
    c.cx.program = program;
    c.cx.program_file = program ? clang_getFile(tu, m->file) : NULL;
    size_t main_size = 0;
    CXFile main_file = clang_getFile(tu, m->file);
    const char *main_text = main_file ? clang_getFileContents(tu, main_file, &main_size) : NULL;
    const GpuLanguage *lang = file_language(o, fa, m->file, main_text ? main_text : "", main_text ? main_size : 0);
    c.d = dialect_for_language(lang->id);
    m->language = c.d->language;
    const char *arch = NULL;
    m->target = file_target(o, fa, lang, &m->target_assumed, &arch);
    m->target_arch = arena_strdup(&m->arena, arch);
    if (m->language == LANG_OPENCL) {
        decide_fp64(m, tu, o ? o->opencl_fp64 : FP64_AUTO);
        char *assumed = opencl_assumed_types_of(tu, m->file);
        if (assumed) m->assumed_types = arena_strdup(&m->arena, assumed);
        free(assumed);
    }
    c.shim_dir = shim_dir;
    c.project_root = fa ? fa->project_root : NULL;
    c.run_time_names = fa ? fa->run_time_names : NULL;
    c.nrun_time_names = fa ? fa->nrun_time_names : 0;
    c.loop = -1;

    cx_begin_tu(tu);
    Build b;
    memset(&b, 0, sizeof b);
    b.c = &c;
    scan_translation_unit(&b, tu, fa);
    run_host_functions(&b);
    analyse_kernels(&b);
    link_launches(&b);
    free(b.launch_targets);
    free(b.launch_args);
    free(b.analysed);
    free(b.analysed_name);
    analyse_device_roots(&c, &b.ts);
    free(c.inlined);
    ctx_release_call_index(&c);
    cx_release(&c.cx);
    free(b.ts.kernels);
    free(b.ts.hosts);
    free(b.ts.devices);
    free(b.ts.files);
    free(b.ts.launcher);
    free(b.ts.class_insts);
    free(b.ts.host_specs);
    free(b.ts.headers);
    free(b.ts.seen);
    free(b.insts.items);
}
