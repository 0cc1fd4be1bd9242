/* uncoalesced_row.c - each thread walks its own row in a loop
 * (index = tid*W + i), so adjacent lanes are W elements apart at every
 * iteration; or a 2-D mapping whose lane picks the row (index = x*W + y).
 * See docs/rules/uncoalesced-row.md. */
#include "rules/uncoalesced_row.h"
#include "rules/cost_model.h"
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID UNCOALESCED_ROW_ID
enum { OPT_MIN_CONSTANT_WIDTH };
static const RuleOption options[] = {
    [OPT_MIN_CONSTANT_WIDTH] = {"min-constant-width",
                                "smallest constant row width W reported (H100: no gain below W=8)", 8},
};

/* The enclosing loop whose counter walks the row with a small constant step. */
static int walking_loop(const Kernel *k, const Access *a, const Affine *offset)
{
    for (int l = a->loop; l >= 0; l = k->loops[l].parent) {
        Affine c;
        long long step;
        if (!aff_coef(offset, k->loops[l].counter, &c) || !aff_is_const(&c, &step)) continue;
        if (step != 0 && (step < 0 ? -step : step) <= 4LL * a->elem_bytes) return l;
    }
    return -1;
}

bool row_same_address_before(const Kernel *k, const Access *a, int i, bool data)
{
    const Affine *y = data ? &a->data_offset : &a->byte_offset;
    for (int j = 0; j < i; j++) {
        const Access *b = &k->accesses[j];
        const Affine *x = data ? &b->data_offset : &b->byte_offset;
        if (b->range.line == a->range.line && b->base_param == a->base_param && b->is_store == a->is_store && x->exact &&
            aff_equal(x, y))
            return true;
    }
    return false;
}

/* The per-thread row start of a walk from a loaded value: a term that is one
 * value loaded before the loop at a thread-dependent address, and no
 * thread-index term.  The value is the row start (CSR: val[rowptr[row] + j])
 * or a row number times a uniform row width (a gathered row:
 * vecs[ids[t]*dim + d], or a constant width of 8 elements or more).
 * *term: the term, for the finding's text. */
static int loaded_row_start(const Kernel *k, const Affine *off, int l, long long elem_bytes, int min_width,
                            int warp_width, const AffTerm **term)
{
    int start = -1;
    for (int t = 0; t < off->nterms; t++) {
        const AffTerm *tm = &off->term[t];
        int loaded = -1, others = 0;
        bool plain = true;
        for (int q = 0; q < tm->nfactors; q++) {
            int f = tm->factor[q];
            /* threadIdx.y picks the warp's row of a 2-D block wide in x
             * (a warp or more, or assumed so): the same for every lane */
            if (f == SYM_TID_X || (f <= SYM_TID_Z && k->block.known && k->block.x < warp_width)) return -1;
            if (f <= SYM_TID_Z) {
                plain = false;
                continue;
            }
            if (f >= SYM_FIRST_USER && k->syms[f].kind == SYMK_LOADED && loaded < 0) loaded = f;
            else if (uniform_symbol(k, f)) others++;
            else plain = false;
        }
        if (loaded < 0 || !plain || model_loop_within(k, k->syms[loaded].loop, l) || elem_bytes <= 0 || tm->coef % elem_bytes) continue;
        long long width = tm->coef / elem_bytes;
        bool csr = others == 0 && width == 1;
        bool gathered = width > 0 && (others > 0 || width >= min_width);
        if (!csr && !gathered) continue;
        start = loaded;
        *term = tm;
    }
    return start;
}

/* Each thread walks a row that starts at a value it loaded (a CSR row walk):
 * lanes start at unrelated addresses, so a request touches a sector per lane
 * unless rows are shorter than a sector. */
static void check_loaded_walk(const Model *m, const Kernel *k, const Access *a, int index, int min_width, FindingList *out)
{
    int l = walking_loop(k, a, &a->data_offset);
    if (l < 0) return;
    const AffTerm *term = NULL;
    int loaded = loaded_row_start(k, &a->data_offset, l, a->elem_bytes, min_width, model_target(m)->warp_width, &term);
    if (loaded < 0) return;
    if (row_same_address_before(k, a, index, true)) return; /* vals[j] * vals[j] */
    const Loop *L = &k->loops[l];
    /* a while loop whose counter has no name of its own: the loop by its line */
    char loop_name[64];
    if (L->ivar) snprintf(loop_name, sizeof loop_name, "the loop over %s", L->ivar);
    else snprintf(loop_name, sizeof loop_name, "the loop on line %u", L->header.line);
    /* the row start as an element index: rowptr[row] (CSR), or a row number
     * it looked up times the row width (ids[t] * dim: a gathered row) */
    Affine start_term = aff_const(0), width;
    start_term.nterms = 1;
    start_term.term[0] = *term;
    aff_coef(&start_term, loaded, &width);
    width = aff_div_const(&width, a->elem_bytes);
    long long width_value = 0;
    bool constant = aff_is_const(&width, &width_value);
    bool gathered = !constant || width_value != 1;
    char width_text[160], start_text[200];
    aff_format(&width, model_symbol_name_cb, (void *)k, width_text, sizeof width_text);
    const char *row_name = k->syms[loaded].name;
    if (gathered) snprintf(start_text, sizeof start_text, "%s*%s", row_name, width_text);
    else snprintf(start_text, sizeof start_text, "%s", row_name);
    const char *start = start_text;
    int warp = model_target(m)->warp_width;
    int sectors = sectors_for_stride(1LL << 20, a->elem_bytes, model_target(m));
    int ideal = ideal_sectors(a->elem_bytes, model_target(m));
    if (sectors <= ideal) return;
    Finding *f = gathered
        ? finding_new(out, RULE_ID, SEV_MEDIUM, a->range, k->name,
                      "each thread walks its own row of '%s' in %s, a row it looked up (%s, rows of %s elements): lanes read unrelated rows, up to %d sectors per warp request instead of %d",
                      a->base_name, loop_name, row_name, width_text, sectors, ideal)
        : finding_new(out, RULE_ID, SEV_MEDIUM, a->range, k->name,
                      "each thread walks its own row of '%s' in %s, from a row start it loaded (%s): lanes start rows apart, up to %d sectors per warp request instead of %d",
                      a->base_name, loop_name, start, sectors, ideal);
    if (!f) return;
    finding_str(out, f, "base", a->base_name);
    finding_int(out, f, "element_bytes", a->elem_bytes);
    finding_str(out, f, "row_width", gathered ? width_text : "data-dependent");
    if (gathered && constant) finding_int(out, f, "row_width_value", width_value);
    finding_str(out, f, "row_start", start);
    finding_str(out, f, "loop_var", L->ivar ? L->ivar : "");
    finding_int(out, f, "sectors_per_request", sectors);
    finding_int(out, f, "ideal_sectors", ideal);
    finding_str(out, f, "block_shape", block_shape_text(out, m, k));
    finding_str(out, f, "element_type", a->elem_canonical);
    finding_related(out, f, L->header, "%s", loop_name);
    if (kernel_runs_one_block(k)) finding_bool(out, f, "one_block", true);
    finding_predict(out, f); /* a runtime row width: W=64 assumed, as benchmarked */
    add_call_site(out, f, a->call_depth, a->call_site);
    if (gathered) {
        finding_fix(out, f, "let a warp (or a group of lanes) share each looked-up row: the lanes read %s + q, %s + q + %d, ... together, one row after another",
                    start, start, warp);
        finding_fix(out, f, "or stage the rows the block needs through shared memory with coalesced loads, then let each thread read its row there");
        return;
    }
    finding_fix(out, f, "let a warp (or a group of lanes) share each row (CSR-vector): lane q reads %s + q, %s + q + %d, ... and the group reduces with __shfl_down_sync",
                start, start, warp);
    finding_fix(out, f, "or store the rows in a column-major padded layout (ELLPACK) so that consecutive threads read consecutive elements");
}

/* An access whose index splits a thread-dependent value by a run-time size
 * (n = index / S, s = index % S), read as it is when S is 1. */
typedef struct {
    int divisor;           /* S's symbol id */
    char split[128];       /* "index / spatial_dim, index % spatial_dim" */
    const Affine *offset;  /* the offset as written, over the split values */
} UnitDivisor;

/* S == 1 is a layout's normal case only when S scales the loop's step: the
 * loop strides across planes of S elements (data[(n*C + c)*S + s], S = 1 for
 * one value per plane).  A loop whose step does not involve S walks the
 * domain S is the width of (x = tid % width; in[y*pitch + x + i]): a width
 * of 1 is a degenerate image, not a case worth a finding. */
static bool divisor_scales_step(const UnitDivisor *unit, int counter)
{
    Affine c;
    return aff_coef(unit->offset, counter, &c) && aff_mentions(&c, unit->divisor);
}

/* A row walk in loop order: access a (index i among the kernel's accesses),
 * its byte offset as recorded, or as it is under `unit`. */
/* A walk over columns a loop reads from memory (`m[r*cols + stripes[s]]`
 * in the loop over s, stripes[] the same for every lane): the loop whose
 * iterations pick the column, with the offset read as if the loop's counter
 * were the column (*walk), and the column's name; else -1. */
static int gathered_column_loop(const Kernel *k, const Access *a, Affine *walk, const char **column)
{
    const Affine *off = &a->byte_offset;
    for (int t = 0; t < off->nterms; t++) {
        const AffTerm *tm = &off->term[t];
        if (tm->nfactors != 1 || (tm->coef != a->elem_bytes && tm->coef != -a->elem_bytes)) continue;
        int f = tm->factor[0];
        if (f < SYM_FIRST_USER || k->syms[f].kind != SYMK_UNIFORM || k->syms[f].loop < 0) continue;
        int l = k->syms[f].loop;
        if (!model_loop_within(k, a->loop, l)) continue;
        Affine counter = aff_symbol(k->loops[l].counter, DEP_LOOP);
        *walk = aff_subst_affine(off, f, &counter);
        *column = k->syms[f].name;
        return l;
    }
    return -1;
}

static void check_walk(const Model *m, const Kernel *k, const Access *a, int i, const RuleContext *ctx,
                       const UnitDivisor *unit, const char *column)
{
    FindingList *out = ctx->findings;
    int l = walking_loop(k, a, &a->byte_offset);
    if (l < 0 || (unit && !divisor_scales_step(unit, k->loops[l].counter))) return;
    if (!unit && row_same_address_before(k, a, i, false)) return; /* r[k] * r[k] */
    Affine cx;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || cx.nterms == 0) return;
    /* Loop counters in the lane stride would make it iteration-dependent. */
    bool bad = false;
    for (int t = 0; t < cx.nterms; t++)
        for (int q = 0; q < cx.term[t].nfactors; q++) {
            int s = cx.term[t].factor[q];
            if (s <= SYM_TID_Z || (s >= SYM_FIRST_USER && k->syms[s].kind == SYMK_LOOP)) bad = true;
        }
    if (bad) return;
    long long stride_bytes;
    bool constant = aff_is_const(&cx, &stride_bytes);
    Affine width = aff_div_const(&cx, a->elem_bytes);
    long long wv = 0;
    if (constant) {
        if (stride_bytes % a->elem_bytes) return;
        wv = stride_bytes / a->elem_bytes;
        if (wv < ctx->options[OPT_MIN_CONSTANT_WIDTH]) return;
    }
    WarpAccess w;
    if (!access_geometry(m, k, a, &w)) return;
    if (w.sectors <= w.ideal_sectors) return;
    char wtext[128];
    if (width.exact) aff_format(&width, model_symbol_name_cb, (void *)k, wtext, sizeof wtext);
    else aff_format(&cx, model_symbol_name_cb, (void *)k, wtext, sizeof wtext);
    bool beside_work = loop_once_beside_work(k, l);
    Severity sev = beside_work ? SEV_INFO : (!constant || wv >= 32) ? SEV_HIGH : SEV_MEDIUM;
    const Loop *L = &k->loops[l];
    const char *ivar = L->ivar ? L->ivar : "the loop counter";
    Finding *f;
    char when[160] = "", assumes[160] = "";
    if (unit) {
        snprintf(when, sizeof when, " when %s is 1", k->syms[unit->divisor].name);
        snprintf(assumes, sizeof assumes, "%s == 1", k->syms[unit->divisor].name);
    }
    const char *along = column ? column : ivar;
    if (constant)
        f = finding_new(out, RULE_ID, sev, a->range, k->name,
                        "each thread walks its own row of '%s' in the loop over %s%s (index = tid*%s + %s): lanes are %lld bytes apart, %d sectors per warp request instead of %d",
                        a->base_name, ivar, when, wtext, along, stride_bytes, w.sectors, w.ideal_sectors);
    else
        f = finding_new(out, RULE_ID, sev, a->range, k->name,
                        "each thread walks its own row of '%s' in the loop over %s%s (index = tid*%s + %s): lanes are %s elements apart, up to %d sectors per warp request instead of %d",
                        a->base_name, ivar, when, wtext, along, wtext, w.sectors, w.ideal_sectors);
    if (!f) return;
    finding_str(out, f, "base", a->base_name);
    finding_int(out, f, "element_bytes", a->elem_bytes);
    finding_str(out, f, "row_width", wtext);
    if (constant) {
        finding_int(out, f, "row_width_value", wv);
        finding_int(out, f, "lane_stride_bytes", stride_bytes);
    }
    finding_str(out, f, "loop_var", L->ivar ? L->ivar : "");
    if (column) finding_str(out, f, "column", column);
    if (column) finding_str(out, f, "column", column);
    /* a constant trip count shorter than the row: each thread reads only
     * that many of its row's elements (homography's 9-float prologue) */
    long long trips = loop_constant_trips(L);
    for (int o = L->parent; o >= 0 && trips > 0; o = k->loops[o].parent) /* an outer loop walking on along it */
        if (aff_mentions(&a->byte_offset, k->loops[o].counter)) trips = 0;
    /* a runtime bound that also bounds a loop over a __shared__ array: at
     * most that array's size (for (i < n) xlm[i] with xlm[32]) */
    int bound = loop_bound_symbol(L);
    const ArrayDecl *cap = trips == 0 && bound >= SYM_FIRST_USER && uniform_symbol(k, bound) ? symbol_array_cap(k, bound) : NULL;
    if (cap) {
        trips = cap->count;
        finding_str(out, f, "walk_cap", arena_printf(&out->arena, "%s <= %lld (it bounds a loop over the __shared__ array '%s[%lld]')",
                                                     k->syms[bound].name, cap->count, cap->name, cap->count));
    }
    if (trips > 0 && (!constant || trips < wv)) finding_int(out, f, "walk_length", trips);
    finding_int(out, f, "sectors_per_request", w.sectors);
    finding_int(out, f, "ideal_sectors", w.ideal_sectors);
    finding_str(out, f, "block_shape", block_shape_text(out, m, k));
    finding_str(out, f, "element_type", a->elem_canonical);
    if (unit) {
        finding_str(out, f, "assumes", assumes);
        if (unit->split[0]) finding_str(out, f, "split_index", unit->split);
    }
    if (kernel_runs_one_block(k)) finding_bool(out, f, "one_block", true);
    if (beside_work) finding_str(out, f, "work_elsewhere", "kernel-loop");
    finding_predict(out, f);
    finding_related(out, f, L->header, "the loop over %s", ivar);
    add_call_site(out, f, a->call_depth, a->call_site);
    finding_fix(out, f, "store the data transposed so that consecutive threads read consecutive elements: %s[%s*N + tid]",
                a->base_name, ivar);
    const GpuLanguage *lang = model_language(m);
    finding_fix(out, f, "or %s j reads elements j, j+%d, ... and %s", lang->idiom.share_row, model_target(m)->warp_width,
                lang->idiom.group_reduce);
    finding_fix(out, f, "or stage tiles of the rows through %s with coalesced loads", lang->word.shared_memory);
}

/* A loop whose step is a run-time stride S the kernel is given
 * (`A[i*row_stride + l*col_stride]`, S = col_stride): the offset read as
 * it is when S is 1, a layout's normal case (a matrix view that may be
 * transposed), into *unit_offset; S's symbol, or -1. */
static int unit_stride(const Kernel *k, const Access *a, Affine *unit_offset)
{
    /* threadIdx.y along the row: a 2-D mapping, which the mappings judge */
    if (aff_mentions(&a->byte_offset, SYM_TID_Y)) return -1;
    for (int l = a->loop; l >= 0; l = k->loops[l].parent) {
        Affine c;
        if (!aff_coef(&a->byte_offset, k->loops[l].counter, &c) || c.nterms != 1 || c.term[0].nfactors != 1 ||
            c.term[0].coef != a->elem_bytes)
            continue;
        int s = c.term[0].factor[0];
        if (s < SYM_FIRST_USER || !uniform_symbol(k, s) || k->syms[s].kind == SYMK_TEMPLATE) continue;
        Affine cx;
        /* the lanes' stride must not be S itself (a column walk when S is 1) */
        if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || aff_mentions(&cx, s)) return -1;
        *unit_offset = aff_subst(&a->byte_offset, s, 1);
        return s;
    }
    return -1;
}

/* Row walks here; every other global access with an exact offset goes to
 * the mappings (uncoalesced_row_mapping.c). */
static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    bool *candidate = xcalloc((size_t)k->naccesses + 1, sizeof *candidate); /* for the mappings */
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space == SPACE_GLOBAL && !a->byte_offset.exact && a->data_offset.exact && a->elem_bytes > 0 && a->loop >= 0) {
            UnitDivisor u;
            Affine unit;
            u.divisor = model_offset_at_unit_divisor(k, &a->data_offset, &unit, u.split, sizeof u.split);
            u.offset = &a->data_offset;
            if (u.divisor >= 0) {
                Access copy = *a;
                copy.byte_offset = unit;
                copy.data_offset = aff_opaque(0);
                check_walk(m, k, &copy, i, ctx, &u, NULL);
            } else {
                check_loaded_walk(m, k, a, i, (int)ctx->options[OPT_MIN_CONSTANT_WIDTH], ctx->findings);
            }
            continue;
        }
        if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0) continue;
        Affine at_unit;
        UnitDivisor u = {-1, "", &a->byte_offset};
        if (a->loop >= 0 && walking_loop(k, a, &a->byte_offset) >= 0) {
            check_walk(m, k, a, i, ctx, NULL, NULL);
        } else if (a->loop >= 0 && (u.divisor = unit_stride(k, a, &at_unit)) >= 0) {
            Access copy = *a;
            copy.byte_offset = at_unit;
            int before = ctx->findings->n;
            check_walk(m, k, &copy, i, ctx, &u, NULL);
            candidate[i] = ctx->findings->n == before; /* no walk: the mappings judge it as before */
        } else {
            Affine walk;
            const char *column = NULL;
            int before = ctx->findings->n;
            if (a->loop >= 0 && gathered_column_loop(k, a, &walk, &column) >= 0) {
                Access copy = *a;
                copy.byte_offset = walk;
                check_walk(m, k, &copy, i, ctx, NULL, column);
            }
            candidate[i] = ctx->findings->n == before;
        }
    }
    row_mappings_check(m, k, ctx, candidate, ctx->options[OPT_MIN_CONSTANT_WIDTH]);
    free(candidate);
}

/* The row-walk template with the finding's row width (64 when it is a
 * runtime value: the note says so). */
static bool bench(const Finding *f, BenchParams *p)
{
    if (evidence_str(f, "mapping", "")[0]) return row_mapping_bench(f, p);
    long long bytes = evidence_int(f, "element_bytes", 4);
    long long w = evidence_int(f, "row_width_value", 0), walk = evidence_int(f, "walk_length", 0);
    bench_def(p, "GL_W_CONST", "%d", w > 0 || walk > 0 ? 1 : 0); /* a constant width is compiled in */
    if (walk > 0) { /* each thread reads `walk` elements of its row: a row that long */
        snprintf(p->note, sizeof p->note, "each thread reads %lld elements of its row (of '%s'): benchmarked as rows of W=%lld",
                 walk, evidence_str(f, "row_width", "W"), walk);
        w = walk;
    } else if (w <= 0) {
        w = 64;
        snprintf(p->note, sizeof p->note, "runtime row width '%s' benchmarked at W=64", evidence_str(f, "row_width", "W"));
        snprintf(p->assumed, sizeof p->assumed, "W=64 (runtime row width '%s')", evidence_str(f, "row_width", "W"));
    }
    if (strcmp(evidence_str(f, "row_width", ""), "data-dependent") != 0 && strchr(evidence_str(f, "row_start", ""), '*')) {
        /* a looked-up row: lanes read unrelated rows, a sector each per
         * request, as in the strided walk the template times */
        size_t n = strlen(p->note);
        snprintf(p->note + n, sizeof p->note - n, "%slooked-up rows (%s) benchmarked as rows one after another (the same sectors per request)",
                 n ? "; " : "", evidence_str(f, "row_start", ""));
    }
    if (bytes > 0 && bytes < 4) {
        /* the lanes' distance in bytes decides (as the cost model reads it):
         * a row of W 1-byte elements is benchmarked as W/4 floats */
        long long w4 = w * bytes / 4 > 0 ? w * bytes / 4 : 1;
        size_t n = strlen(p->note);
        snprintf(p->note + n, sizeof p->note - n, "%s%lld-byte rows of W=%lld benchmarked as W=%lld floats (the same bytes per row)",
                 n ? "; " : "", bytes, w, w4);
        w = w4;
    }
    if (w > 1024) w = 1024;
    bench_def(p, "GL_W", "%lld", w);
    bench_def(p, "GL_ELEM", "%s", bench_scalar_type(evidence_str(f, "element_type", NULL), bytes));
    bench_one_block(f, p);
    long long threads = block_shape_threads(f);
    if (evidence_int(f, "one_block", 0) && threads > 0 && threads < 256) /* the kernel's own block, in warps */
        bench_def(p, "GL_BLOCK_THREADS", "%lld", (threads + 31) / 32 * 32);
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* Thread per row against the transposed layout (or a warp per row), float
 * elements, by row width W. */
static const CostTable ROW = {"a row of W 4-byte elements per thread", "W",
                              COST_POINTS({4, 1.00, "row-W4"}, {8, 0.99, "row-W8-const"}, {16, 1.39, "row-W16"},
                                          {32, 2.74, "row-W32-const"}, {64, 2.76, "row-W64"},
                                          {256, 2.96, "row-W256"})};
/* What the benchmark and the prediction take for a width known only at run time. */
#define ROW_ASSUMED_WIDTH 64

/* A kernel that runs as one block (evidence one_block): the same walk with
 * one block of 256 threads (bench/calibrate.sh *-1block).  The SM replays
 * each request's 32 sectors: a row walk still costs. */
static const CostTable ONE_BLOCK_ROW = {"the kernel runs as one block (`one_block`)", "W",
                                        COST_POINTS({32, 1.27, "row-W32-const-1block"}, {64, 2.49, "row-W64-1block"})};
/* The same with the block one warp (a known block of at most 32 threads:
 * OpenCL's reqd_work_group_size): 32 rows walked, nothing measurable. */
static const CostTable ONE_WARP_ROW = {
    "the kernel runs as one block of at most 32 threads (a known block: OpenCL's `reqd_work_group_size`)", "W",
    COST_POINTS({32, 0.99, "row-W32-const-1block-32t"}, {64, 1.00, "row-W64-1block-32t"})};
static const CostTable *const costs[] = {&ROW, &row_mapping_2d_cost, &row_mapping_lane_cost, &ONE_BLOCK_ROW, &ONE_WARP_ROW, NULL};

static void predict(const Finding *f, CostPrediction *out)
{
    if (evidence_str(f, "mapping", "")[0]) { /* uncoalesced_row_mapping.c's */
        row_mapping_predict(f, out);
        return;
    }
    if (evidence_str(f, "work_elsewhere", "")[0]) { /* paid once per thread: nothing measured says what it costs there */
        cost_no_measurement(out, "a walk each thread makes once beside the loop that does the kernel's work (kernel-loop): "
                                 "its cost is spread over that loop, which was not measured");
        return;
    }
    long long W = evidence_int(f, "row_width_value", 0), bytes = evidence_int(f, "element_bytes", 4);
    long long walk = evidence_int(f, "walk_length", 0);
    char assumed[96] = "";
    if (walk > 0) { /* each thread reads only `walk` elements of its row: a row that long, as benchmarked */
        W = walk;
        snprintf(assumed, sizeof assumed, " (each thread reads %lld elements of its row)", walk);
    } else if (W <= 0) {
        W = ROW_ASSUMED_WIDTH;
        snprintf(assumed, sizeof assumed, " (runtime width assumed %d, as benchmarked)", ROW_ASSUMED_WIDTH);
    }
    if (bytes <= 0) {
        cost_no_measurement(out, "unknown element size");
        return;
    }
    /* the lanes' distance in bytes decides: read at the float W with the same distance */
    double w4 = (double)W * (double)bytes / 4.0;
    if (evidence_int(f, "one_block", 0)) {
        long long threads = block_shape_threads(f);
        bool one_warp = threads > 0 && threads <= 32;
        cost_predict_from(out, one_warp ? &ONE_WARP_ROW : &ONE_BLOCK_ROW, w4, "rows of W=%lld in a kernel that runs as one block%s",
                          W, one_warp ? " of one warp" : "");
        return;
    }
    char elems[64] = "";
    if (bytes != 4) snprintf(elems, sizeof elems, ", read as W=%g of 4-byte elements", w4);
    cost_predict_from(out, &ROW, w4, "rows of W=%lld %lld-byte elements%s%s", W, bytes, assumed, elems);
}

const Rule rule_uncoalesced_row = {
    .id = RULE_ID,
    .summary = "each thread walks its own row in a loop (tid*W + i): lanes are W elements apart",
    .opencl = "per-work-item row walks over __global memory (get_global_id as the row); fixes in sub-group / local-memory terms",
    .default_severity = SEV_HIGH,
    .options = options,
    .noptions = (int)(sizeof options / sizeof options[0]),
    .check_kernel = check_kernel,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
