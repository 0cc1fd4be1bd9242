/* common.c - helpers shared by several rules. */
#include "rules.h"
#include "rules/cost_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool access_geometry(const Model *m, const Kernel *k, const Access *a, WarpAccess *w)
{
    if (a->elem_bytes <= 0) return false;
    return warp_geometry(&a->byte_offset, a->elem_bytes, k->block, model_target(m), w);
}

bool uniform_symbol(const Kernel *k, int s)
{
    if (s < SYM_FIRST_USER) return s > SYM_TID_Z; /* blockIdx, blockDim, gridDim */
    SymbolKind kind = k->syms[s].kind;
    return kind == SYMK_PARAM || kind == SYMK_CONSTMEM || kind == SYMK_UNIFORM || kind == SYMK_TEMPLATE;
}

bool lane_stride_is_row_width(const Kernel *k, const Access *a, long long min_width, bool no_block_index)
{
    Affine cx;
    long long stride_bytes;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || cx.nterms == 0) return false;
    for (int t = 0; t < cx.nterms; t++)
        for (int q = 0; q < cx.term[t].nfactors; q++) {
            int f = cx.term[t].factor[q];
            if (!uniform_symbol(k, f) || (no_block_index && f <= SYM_BID_Z)) return false; /* a thread index, a loop counter */
        }
    if (aff_is_const(&cx, &stride_bytes)) {
        long long w = stride_bytes / a->elem_bytes;
        if (stride_bytes % a->elem_bytes || (w < 0 ? -w : w) < min_width) return false;
    }
    return true;
}

bool lane_picks_row(const Kernel *k, const Access *a, long long min_width)
{
    Affine cy;
    long long step_y;
    if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0) return false;
    if (!aff_coef(&a->byte_offset, SYM_TID_Y, &cy) || !aff_is_const(&cy, &step_y)) return false;
    if (step_y != a->elem_bytes && step_y != -a->elem_bytes) return false;
    return lane_stride_is_row_width(k, a, min_width, false);
}

const ArrayDecl *shared_array_bound(const Kernel *k, int loop)
{
    const ArrayDecl *smallest = NULL;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_SHARED || a->array < 0 || !a->byte_offset.exact) continue;
        if (a->byte_offset.deps & (DEP_THREAD | DEP_BLOCK | DEP_DATA | DEP_UNKNOWN)) continue;
        Affine c;
        long long step;
        if (!aff_coef(&a->byte_offset, k->loops[loop].counter, &c) || !aff_is_const(&c, &step) || step != a->elem_bytes)
            continue;
        const ArrayDecl *d = &k->arrays[a->array];
        if (d->count > 0 && !d->is_extern && (!smallest || d->count < smallest->count)) smallest = d;
    }
    return smallest;
}

int loop_bound_symbol(const Loop *L)
{
    const Affine *b = &L->bound;
    if (!L->has_bound || L->bound_is_lower || L->bound_inclusive || !b->exact || b->nterms != 1 || b->term[0].coef != 1 ||
        b->term[0].nfactors != 1)
        return -1;
    return b->term[0].factor[0];
}

const ArrayDecl *symbol_array_cap(const Kernel *k, int sym)
{
    const ArrayDecl *cap = NULL;
    long long step;
    for (int l = 0; l < k->nloops; l++) { /* counting up by one to sym - 1, wherever it starts */
        const Loop *L = &k->loops[l];
        if (loop_bound_symbol(L) != sym || !aff_is_const(&L->step, &step) || step != 1) continue;
        const ArrayDecl *d = shared_array_bound(k, l);
        if (d && (!cap || d->count < cap->count)) cap = d;
    }
    return cap;
}

long long loop_constant_trips(const Loop *L)
{
    long long init, step, bound;
    if (!L->has_bound || L->bound_is_lower || !aff_is_const(&L->init, &init) || !aff_is_const(&L->step, &step) ||
        !aff_is_const(&L->bound, &bound) || step <= 0)
        return 0;
    long long span = bound - init + (L->bound_inclusive ? 1 : 0);
    return span > 0 ? (span + step - 1) / step : 0;
}

bool kernel_runs_one_block(const Kernel *k)
{
    if (k->device_root) return false; /* its callers' indices arrive as parameters */
    if (k->nlaunches > 0 && k->launched_one_block) return true; /* <<<1, n>>> at every launch */
    bool per_thread = false;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_GLOBAL) continue;
        const Affine *o = &a->byte_offset;
        if (a->is_atomic || (o->deps & (DEP_BLOCK | DEP_UNKNOWN))) return false;
        if (o->deps & DEP_DIM) {
            if (!o->exact) return false;
            for (int s = SYM_GDIM_X; s <= SYM_GDIM_Z; s++)
                if (aff_mentions(o, s)) return false;
        }
        per_thread |= (o->deps & DEP_THREAD) != 0;
    }
    return per_thread;
}

const char *block_shape_text(FindingList *l, const Model *m, const Kernel *k)
{
    if (k->warp_axis_y) /* as launched: the threads are the same */
        return arena_printf(&l->arena, "%dx%dx%d (warps along y)", k->launch_block.x, k->launch_block.y, k->launch_block.z);
    if (k->block.known) return arena_printf(&l->arena, "%dx%dx%d", k->block.x, k->block.y, k->block.z);
    return arena_printf(&l->arena, "assumed x>=%d", model_target(m)->warp_width); /* warp_geometry's assumption */
}

void finding_predict(FindingList *l, Finding *f)
{
    if (!f) return;
    CostPrediction p;
    cost_predict(f, &p);
    f->predicted.present = true;
    f->predicted.gpu = COST_MODEL_GPU;
    f->predicted.known = p.known;
    f->predicted.speedup = p.speedup;
    f->predicted.basis = arena_strdup(&l->arena, p.basis);
    if (p.known) f->severity = cost_severity(p.speedup);
    const Rule *r = rule_by_id(f->rule);
    BenchParams bp;
    memset(&bp, 0, sizeof bp);
    if (r && r->bench && r->bench(f, &bp) && bp.assumed[0]) finding_str(l, f, "bench_assumed", bp.assumed);
}

void add_call_site(FindingList *l, Finding *f, int call_depth, SrcRange call_site)
{
    if (call_depth > 0) finding_related(l, f, call_site, "reached through this call in the kernel");
}

bool branch_reads_symbol(const Branch *b, const char *name)
{
    /* Branch.symbols is "a,b,c" (distinct names, no blanks). */
    size_t len = strlen(name);
    if (!b->symbols || !len) return false;
    for (const char *p = b->symbols; *p;) {
        const char *end = strchr(p, ',');
        size_t item = end ? (size_t)(end - p) : strlen(p);
        if (item == len && strncmp(p, name, len) == 0) return true;
        if (!end) break;
        p = end + 1;
    }
    return false;
}

bool depends_on_thread(const Affine *a)
{
    return (a->deps & DEP_THREAD) != 0;
}

void bench_def(BenchParams *p, const char *name, const char *fmt, ...)
{
    if (p->n >= (int)(sizeof p->defs / sizeof p->defs[0])) return;
    BenchDef *d = &p->defs[p->n++];
    snprintf(d->name, sizeof d->name, "%s", name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->value, sizeof d->value, fmt, ap);
    va_end(ap);
}

void bench_one_block(const Finding *f, BenchParams *p)
{
    if (!evidence_int(f, "one_block", 0)) return;
    bench_def(p, "GL_ONE_BLOCK", "1");
    size_t n = strlen(p->note);
    snprintf(p->note + n, sizeof p->note - n, "%sthe kernel's addresses leave out the block index: benchmarked as one block",
             n ? "; " : "");
}

const char *bench_scalar_type(const char *type_name, long long bytes)
{
    if (type_name && strstr(type_name, "double")) return "double";
    if (type_name && strstr(type_name, "float")) return "float";
    if (bytes == 8) return "double";
    if (bytes == 4 && type_name && (strstr(type_name, "int") || strstr(type_name, "unsigned"))) return "int";
    return "float";
}

const char *unqualified(FindingList *l, const char *type)
{
    const char *t = type ? type : "";
    for (;;) {
        if (strncmp(t, "const ", 6) == 0) t += 6;
        else if (strncmp(t, "volatile ", 9) == 0) t += 9;
        else if (strncmp(t, "struct ", 7) == 0) t += 7;
        else break;
    }
    return arena_strdup(&l->arena, t);
}

void rules_note_language_and_target(const Model *m, FindingList *out)
{
    const char *language = model_language(m)->evidence_name; /* none for CUDA */
    const GpuTarget *t = model_target(m);
    for (int i = 0; i < out->n; i++) {
        Finding *f = &out->items[i];
        if (language) finding_str(out, f, "language", language);
        if (t->measured) continue;
        if (!finding_evidence(f, "target")) finding_str(out, f, "target", model_target_arch(m));
        if (m->target_assumed && !finding_evidence(f, "target_assumed")) finding_bool(out, f, "target_assumed", true);
        f->predicted.basis = arena_printf(&out->arena,
                                          "not measured on %s hardware (the model's geometry for a %d-wide "
                                          "wavefront and %d-byte lines, NVIDIA's measured costs): %s",
                                          t->family, t->warp_width, t->sector_bytes,
                                          f->predicted.basis ? f->predicted.basis : "");
    }
}
