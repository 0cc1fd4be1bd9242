/* replay_facts.c - what a replay of a finding's kernel needs, read from the
 * model: the kernel's parameters (pointer or value, element size and kind,
 * written or only read), one launch shape, a value for each scalar, and an
 * upper bound of the bytes each pointer parameter's accesses reach at those
 * values.  Added to findings as replay_* evidence only when --emit-bench
 * asks (EngineOptions.replay_facts); bench/replay.c writes the replay from
 * it.  Every value not read from the launch site is an assumption, listed in
 * replay_assumed. */
#include "rules/rules.h"
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A launch shape that fills an H100 four times over (132 SMs x 2048
 * resident threads x 4 waves), used when the launch site gives no grid. */
#define REPLAY_FILL_THREADS (132LL * 2048 * 4)
#define REPLAY_MAX_PARAMS 32

typedef struct {
    long long grid[3], block[3];
    const Kernel *k;
    const char *tu;
    /* per symbol of the kernel, the largest value it takes in the replay, -1
     * unknown: thread and block indices from the launch, integer scalars and
     * struct fields ("d.cols") from their values, loop counters from their
     * bounds (aff_bound reads it) */
    long long *max;
} ReplayShape;

/* The element kind a buffer is filled and compared as. */
static const char *element_kind(const char *type, int bytes)
{
    if (!type) return "raw";
    if (strstr(type, "double") && bytes == 8) return "f64";
    if (strstr(type, "float") && bytes == 4) return "f32";
    if ((strstr(type, "half") || strstr(type, "bf16") || strstr(type, "bfloat")) && bytes == 2) return "raw";
    static const char *const ints[] = {"int", "long", "short", "char", "size_t", "unsigned", "uint", "bool"};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (strstr(type, ints[i]) && (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8)) return "int";
    return "raw";
}

/* A scalar parameter's kind: int, f32, f64, or NULL (a struct, a
 * reference, anything the harness cannot make up). */
static const char *scalar_kind(const char *type)
{
    if (!type || strchr(type, '&') || strchr(type, '<') || strchr(type, '[')) return NULL;
    const char *t = strncmp(type, "const ", 6) == 0 ? type + 6 : type;
    if (strcmp(t, "float") == 0) return "f32";
    if (strcmp(t, "double") == 0) return "f64";
    static const char *const ints[] = {"int", "unsigned", "unsigned int", "long", "long long", "unsigned long",
                                       "unsigned long long", "size_t", "int32_t", "int64_t", "uint32_t",
                                       "uint64_t", "short", "unsigned short", "char", "unsigned char", "signed char", "bool",
                                       "uint", "ptrdiff_t", "std::size_t", "long int", "long unsigned int"};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (strcmp(t, ints[i]) == 0) return "int";
    return NULL;
}

static int scalar_bytes(const char *type)
{
    const char *t = strncmp(type, "const ", 6) == 0 ? type + 6 : type;
    if (strstr(t, "long") || strstr(t, "64") || strstr(t, "size_t") || strstr(t, "ptrdiff") || strcmp(t, "double") == 0)
        return 8;
    if (strstr(t, "short")) return 2;
    if (strstr(t, "char") || strcmp(t, "bool") == 0) return 1;
    return 4;
}

/* An upper (or lower) bound of a value over the replay's launch; false
 * when a symbol it needs has no known maximum, or the bound is over 2^50. */
static bool bound(const ReplayShape *s, const Affine *a, bool upper, long long *out)
{
    return aff_bound(a, s->max, s->k->nsyms, upper, out) && (!upper || *out <= (1LL << 50));
}

/* Every symbol's maximum unknown but the thread and block indices' and
 * dimensions' (the launch's). */
static void reset_maxima(ReplayShape *s)
{
    for (int y = 0; y < s->k->nsyms; y++) s->max[y] = -1;
    for (int d = 0; d < 3 && SYM_GDIM_Z < s->k->nsyms; d++) {
        s->max[SYM_TID_X + d] = s->block[d] - 1;
        s->max[SYM_BID_X + d] = s->grid[d] - 1;
        s->max[SYM_BDIM_X + d] = s->block[d];
        s->max[SYM_GDIM_X + d] = s->grid[d];
    }
}

/* Each loop counter's maximum from its bounds, outer loops (lower indices)
 * first, once the values they read are known. */
static void loop_maxima(ReplayShape *s)
{
    for (int i = 0; i < s->k->nloops; i++) {
        const Loop *L = &s->k->loops[i];
        long long step, init, hi;
        if (L->counter < 0 || L->counter >= s->k->nsyms || !L->has_bound || L->bound_is_lower ||
            !aff_is_const(&L->step, &step) || step <= 0 || !bound(s, &L->init, false, &init) ||
            !bound(s, &L->bound, true, &hi))
            continue;
        long long span = hi - init + (L->bound_inclusive ? 1 : 0);
        s->max[L->counter] = span > 0 ? (span + step - 1) / step - 1 : 0;
    }
}

static const Launch *first_launch(const Model *m, int ki)
{
    for (int i = 0; i < m->nlaunches; i++)
        if (m->launches[i].kernel == ki) return &m->launches[i];
    return NULL;
}

static bool reads_thread_y(const Kernel *k)
{
    for (int i = 0; i < k->naccesses; i++)
        if (aff_mentions(&k->accesses[i].byte_offset, SYM_TID_Y)) return true;
    for (int i = 0; i < k->nbranches; i++)
        if (aff_mentions(&k->branches[i].cond, SYM_TID_Y)) return true;
    return false;
}

/* The launch shape: the launch site's, else the kernel's known block and a
 * grid that fills the GPU (square in x and y for a 2-D block). */
static void choose_shape(const Kernel *k, const Launch *L, ReplayShape *s, const char **assumed, int *na,
                         FindingList *l)
{
    bool block_known = L && L->block[0].known && L->block[1].known && L->block[2].known;
    for (int d = 0; d < 3; d++) s->block[d] = block_known ? L->block[d].value : d == 0 ? 256 : 1;
    if (!block_known && k->block.known) {
        s->block[0] = k->block.x;
        s->block[1] = k->block.y;
        s->block[2] = k->block.z;
    } else if (!block_known && reads_thread_y(k)) {
        s->block[0] = 32;
        s->block[1] = 8;
        assumed[(*na)++] = "block 32x8x1 (no launch site gives it; the kernel reads threadIdx.y)";
    } else if (!block_known) {
        assumed[(*na)++] = "block 256x1x1 (no launch site gives it)";
    }
    for (int d = 0; d < 3; d++)
        if (s->block[d] < 1) s->block[d] = 1;
    bool grid_known = L && L->grid[0].known && L->grid[1].known && L->grid[2].known;
    if (grid_known) {
        for (int d = 0; d < 3; d++) s->grid[d] = L->grid[d].value > 0 ? L->grid[d].value : 1;
        return;
    }
    s->grid[1] = s->grid[2] = 1;
    if (s->block[1] > 1) { /* 2-D: a square of threads */
        long long side = 1;
        while (side * side < REPLAY_FILL_THREADS) side *= 2;
        s->grid[0] = (side + s->block[0] - 1) / s->block[0];
        s->grid[1] = (side + s->block[1] - 1) / s->block[1];
    } else {
        long long per = s->block[0] * s->block[2];
        s->grid[0] = (REPLAY_FILL_THREADS + per - 1) / per;
    }
    assumed[(*na)++] = arena_printf(&l->arena, "grid %lldx%lldx%lld (fills an H100 4 times; the launch site's grid is not a constant)",
                                    s->grid[0], s->grid[1], s->grid[2]);
}

/* A scalar's value from the launch: a constant, or the first value host
 * code gives it; as text (floats as written). */
static const char *launch_value(FindingList *l, const Launch *L, int p, const char *kind, long long *iv)
{
    if (!L || p >= L->nargs) return NULL;
    if (L->arg_known && L->arg_known[p]) {
        *iv = L->arg_value[p];
        return arena_printf(&l->arena, "%lld", *iv);
    }
    if (L->arg_sets && L->arg_sets[p].n > 0) {
        *iv = L->arg_sets[p].values[0];
        return arena_printf(&l->arena, "%lld", *iv);
    }
    if (strcmp(kind, "int") != 0 && L->arg_text && L->arg_text[p]) {
        char *end;
        double d = strtod(L->arg_text[p], &end);
        if (end != L->arg_text[p] && (*end == 0 || ((*end == 'f' || *end == 'F') && end[1] == 0))) {
            *iv = (long long)d;
            return arena_printf(&l->arena, "%.9g", d);
        }
    }
    return NULL;
}

/* The bytes pointer parameter p's global accesses reach: an upper bound,
 * or -1 when one of them has no bound; whether any stores through it. */
static long long param_extent(const ReplayShape *s, int p, bool *stored)
{
    long long extent = 0;
    bool any = false;
    for (int i = 0; i < s->k->naccesses; i++) {
        const Access *a = &s->k->accesses[i];
        if (a->base_param != p || a->space != SPACE_GLOBAL) continue;
        *stored |= a->is_store || a->is_atomic;
        any = true;
        long long hi;
        if (extent < 0) continue;
        if (!bound(s, &a->byte_offset, true, &hi)) { extent = -1; continue; }
        long long end = hi + (a->elem_bytes > 0 ? a->elem_bytes : 16);
        if (end > extent) extent = end;
    }
    return any ? extent : 0;
}

static bool same_range(SrcRange a, SrcRange b)
{
    return a.file && b.file && strcmp(a.file, b.file) == 0 && a.line == b.line && a.col == b.col;
}

/* uncoalesced-row and -adjacent: the finding's access and every access of
 * the kernel through the same pointer with the same lane stride, and that
 * stride in elements at the replay's values.  A replay can then make them
 * coalesced (bench/replay.c transposes their index): an upper bound of the
 * gain in this kernel. */
static void describe_lane_stride(const ReplayShape *s, Finding *f, FindingList *l)
{
    const Kernel *k = s->k;
    const Access *a = NULL;
    for (int i = 0; i < k->naccesses && !a; i++)
        if (same_range(k->accesses[i].range, f->range) && k->accesses[i].space == SPACE_GLOBAL) a = &k->accesses[i];
    int lane = k->warp_axis_y ? SYM_TID_Y : SYM_TID_X;
    Affine coef;
    long long bytes;
    if (!a || a->field || a->base_param < 0 || a->elem_bytes <= 0 || a->call_depth > 0 ||
        !aff_coef(&a->byte_offset, lane, &coef) || !bound(s, &coef, true, &bytes) || bytes % a->elem_bytes)
        return;
    long long ranges[64];
    int n = 0;
    for (int i = 0; i < k->naccesses && n + 4 <= 64; i++) {
        const Access *b = &k->accesses[i];
        Affine c;
        if (b->base_param != a->base_param || b->space != SPACE_GLOBAL || b->field || b->call_depth > 0 ||
            b->elem_bytes != a->elem_bytes || !aff_coef(&b->byte_offset, lane, &c) || !aff_equal(&c, &coef))
            continue;
        if (!b->range.file || strcmp(b->range.file, s->tu) != 0) return; /* in a header: not rewritten */
        ranges[n++] = b->range.line;
        ranges[n++] = b->range.col;
        ranges[n++] = b->range.end_line;
        ranges[n++] = b->range.end_col;
    }
    if (!n) return;
    finding_int(l, f, "replay_lane_stride", bytes / a->elem_bytes);
    finding_int(l, f, "replay_rewrite_param", a->base_param);
    finding_int_list(l, f, "replay_rewrites", ranges, n);
}

/* Does the parameter's value multiply a thread or block index in an
 * access (a row width: tid * width + j)? */
static bool multiplies_thread_index(const Kernel *k, int sym)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Affine *o = &k->accesses[i].byte_offset;
        for (int t = 0; t < o->nterms; t++) {
            bool has_sym = false, has_index = false;
            for (int f = 0; f < o->term[t].nfactors; f++) {
                int y = o->term[t].factor[f];
                has_sym |= y == sym;
                has_index |= (y >= SYM_TID_X && y <= SYM_BID_Z);
            }
            if (has_sym && has_index) return true;
        }
    }
    return false;
}

/* A struct passed by value: each integer field the kernel reads (the
 * symbols "name.field") gets a value, as an unknown scalar would; "field=v"
 * joined by ';' into the parameter's value.  NULL when the kernel reads a
 * pointer out of it (its buffers would be unknown). */
static const char *record_fields(ReplayShape *s, int p, long long size, const char *size_why, const char **assumed,
                                 int *na, FindingList *l)
{
    const Kernel *k = s->k;
    for (int i = 0; i < k->naccesses; i++)
        if (k->accesses[i].base_param == p) return NULL;
    const char *name = k->params[p].name;
    size_t n = strlen(name);
    char text[512] = "";
    size_t at = 0;
    for (int y = 0; y < k->nsyms; y++) {
        const Symbol *sym = &k->syms[y];
        if (sym->kind != SYMK_UNIFORM || !sym->name || strncmp(sym->name, name, n) != 0 || sym->name[n] != '.' ||
            s->max[y] >= 0) /* (a field read again: one value for all its symbols) */
            continue;
        const char *field = sym->name + n + 1;
        bool simple = *field != 0;
        for (const char *c = field; *c; c++) simple &= (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
        if (!simple) continue;
        bool width = multiplies_thread_index(k, y);
        long long v = width ? 64 : size;
        for (int z = y; z < k->nsyms; z++)
            if (k->syms[z].kind == SYMK_UNIFORM && k->syms[z].name && strcmp(k->syms[z].name, sym->name) == 0) s->max[z] = v;
        int w = snprintf(text + at, sizeof text - at, "%s%s=%lld", at ? ";" : "", field, v);
        if (w < 0 || (size_t)w >= sizeof text - at) return NULL;
        at += (size_t)w;
        if (*na < REPLAY_MAX_PARAMS + 3)
            assumed[(*na)++] = arena_printf(&l->arena, "%s = %lld (%s)", sym->name, v,
                                            width ? "a row width: it multiplies the thread index" : size_why);
    }
    return arena_strdup(&l->arena, text);
}

/* The kernel's parameters as a replay gives them: kinds, values, names,
 * types, and the bytes each pointer's accesses reach. */
typedef struct {
    const char *params[REPLAY_MAX_PARAMS], *values[REPLAY_MAX_PARAMS], *names[REPLAY_MAX_PARAMS],
        *types[REPLAY_MAX_PARAMS];
    long long extents[REPLAY_MAX_PARAMS];
    const char *assumed[REPLAY_MAX_PARAMS + 4];
    int nassumed;
} ParamFacts;

/* One scalar parameter: its value from the launch, else an assumption (a
 * row width 64, as the pattern benchmarks assume; a size `size`). */
static void scalar_param(ReplayShape *s, const Launch *L, int p, const char *kind, long long size, const char *size_why,
                         ParamFacts *pf, FindingList *l)
{
    const Param *pa = &s->k->params[p];
    pf->params[p] = arena_printf(&l->arena, "val %s %d", kind, pa->bytes > 0 ? pa->bytes : scalar_bytes(pa->type));
    long long iv = 0;
    const char *v = launch_value(l, L, p, kind, &iv);
    if (!v) {
        bool is_int = strcmp(kind, "int") == 0, width = is_int && multiplies_thread_index(s->k, pa->symbol);
        iv = width ? 64 : is_int ? size : 1;
        v = is_int ? arena_printf(&l->arena, "%lld", iv) : "0.5";
        if (pf->nassumed < REPLAY_MAX_PARAMS + 3)
            pf->assumed[pf->nassumed++] =
                arena_printf(&l->arena, "%s = %s (%s)", pa->name ? pa->name : "?", v,
                             width ? "a row width: it multiplies the thread index" : is_int ? size_why : "a value in the inputs' range");
    }
    pf->values[p] = v;
    if (strcmp(kind, "int") == 0 && pa->symbol >= 0 && pa->symbol < s->k->nsyms) s->max[pa->symbol] = iv < 0 ? 0 : iv;
}

/* Every parameter at the size-like value `size`; the bytes all buffers
 * take. */
static long long describe_params(ReplayShape *s, const Launch *L, long long size, long long threads_x, ParamFacts *pf,
                                 FindingList *l)
{
    const Kernel *k = s->k;
    reset_maxima(s);
    const char *size_why = size == threads_x ? "the threads launched along x"
                                             : "a size: the threads launched along x would need over 4 GiB of buffers";
    for (int p = 0; p < k->nparams; p++) {
        const Param *pa = &k->params[p];
        pf->values[p] = "";
        pf->extents[p] = 0;
        pf->names[p] = pa->name ? pa->name : "";
        pf->types[p] = pa->type ? pa->type : "";
        if (pa->is_pointer) continue;
        const char *kind = scalar_kind(pa->canonical ? pa->canonical : pa->type);
        const char *fields = !kind && pa->is_record && pa->bytes > 0 && pa->bytes <= 256
                                 ? record_fields(s, p, size, size_why, pf->assumed, &pf->nassumed, l)
                                 : NULL;
        if (fields) {
            pf->params[p] = arena_printf(&l->arena, "rec raw %d", pa->bytes);
            pf->values[p] = fields;
        } else if (!kind) {
            pf->params[p] = arena_printf(&l->arena, "other %s", pa->type ? pa->type : "?");
        } else {
            scalar_param(s, L, p, kind, size, size_why, pf, l);
        }
    }
    loop_maxima(s);
    long long total = 0;
    for (int p = 0; p < k->nparams; p++) {
        const Param *pa = &k->params[p];
        if (!pa->is_pointer) continue;
        bool stored = false;
        pf->extents[p] = param_extent(s, p, &stored);
        pf->params[p] = arena_printf(&l->arena, "ptr %s %d %s", element_kind(pa->type, pa->pointee_bytes),
                                     pa->pointee_bytes > 0 ? pa->pointee_bytes : 1, stored ? "w" : "r");
        total += pf->extents[p] > 0 ? pf->extents[p] : 0;
    }
    return total;
}

static void describe_kernel(const Model *m, int ki, Finding *f, FindingList *l)
{
    const Kernel *k = &m->kernels[ki];
    if (k->nparams > REPLAY_MAX_PARAMS) return;
    const Launch *L = first_launch(m, ki);
    ReplayShape s;
    memset(&s, 0, sizeof s);
    s.k = k;
    s.tu = m->file;
    s.max = xcalloc((size_t)k->nsyms + 1, sizeof *s.max);
    ParamFacts pf;
    memset(&pf, 0, sizeof pf);
    choose_shape(k, L, &s, pf.assumed, &pf.nassumed, l);
    /* a size-like value the launch does not give: the threads launched along
     * x, or less where the buffers it implies would not fit in 4 GiB */
    long long threads_x = s.grid[0] * s.block[0];
    int nshape = pf.nassumed;
    for (long long size = threads_x;; size /= 8) {
        pf.nassumed = nshape;
        if (describe_params(&s, L, size, threads_x, &pf, l) <= (4LL << 30) || size < 8192) break;
    }
    const char **assumed = pf.assumed;
    int na = pf.nassumed;
    long long launch[6] = {s.grid[0], s.grid[1], s.grid[2], s.block[0], s.block[1], s.block[2]};
    long long shared = 0;
    for (int a = 0; a < k->narrays; a++)
        if (k->arrays[a].is_extern && k->arrays[a].space == SPACE_SHARED) shared = 48 * 1024;
    if (shared) assumed[na++] = "dynamic shared memory 48 KiB (the launch's size is not read)";
    finding_str(l, f, "replay_kernel", k->scope && k->scope[0] ? arena_printf(&l->arena, "%s%s", k->scope, k->name) : k->name);
    finding_str(l, f, "replay_tu", m->file);
    if (k->range.file && strcmp(k->range.file, m->file) == 0) {
        long long at[2] = {k->range.line, k->range.col};
        finding_int_list(l, f, "replay_kernel_at", at, 2);
    }
    finding_str_list(l, f, "replay_params", pf.params, k->nparams);
    finding_str_list(l, f, "replay_values", pf.values, k->nparams);
    finding_str_list(l, f, "replay_names", pf.names, k->nparams);
    finding_str_list(l, f, "replay_types", pf.types, k->nparams);
    finding_int_list(l, f, "replay_extents", pf.extents, k->nparams);
    finding_int_list(l, f, "replay_launch", launch, 6);
    if (shared) finding_int(l, f, "replay_shared_bytes", shared);
    if (L) finding_int(l, f, "replay_launch_line", L->range.line);
    if (na) finding_str_list(l, f, "replay_assumed", assumed, na);
    if (strcmp(f->rule, "uncoalesced-row") == 0 || strcmp(f->rule, "uncoalesced-adjacent") == 0)
        describe_lane_stride(&s, f, l);
    free(s.max);
}

void rules_add_replay_facts(const Model *m, FindingList *out)
{
    for (int i = 0; i < out->n; i++) {
        Finding *f = &out->items[i];
        if (!f->kernel || finding_evidence(f, "replay_kernel") || finding_evidence(f, "replay_refused")) continue;
        int ki = -1;
        for (int k = 0; k < m->nkernels && ki < 0; k++)
            if (m->kernels[k].name && strcmp(m->kernels[k].name, f->kernel) == 0) ki = k;
        if (ki < 0) continue;
        const Kernel *k = &m->kernels[ki];
        if (k->device_root) finding_str(out, f, "replay_refused", "a __device__ function no kernel of the file calls");
        else if (k->is_template) finding_str(out, f, "replay_refused", "an uninstantiated kernel template: no instantiation of it is known");
        else if (k->nparams > REPLAY_MAX_PARAMS) finding_str(out, f, "replay_refused", "more than 32 parameters");
        else describe_kernel(m, ki, f, out);
    }
}
