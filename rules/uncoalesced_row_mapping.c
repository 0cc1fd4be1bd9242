/* uncoalesced_row_mapping.c - uncoalesced-row's thread mappings whose lane
 * picks the row, no loop needed: a 2-D mapping turned around
 * (index = x*W + y), a lane per row as wide as the block, and a flattened
 * index split by a size and turned around (x = tid % S; out[x*H + y]).
 * The row walks in a loop are uncoalesced_row.c's.  See
 * docs/rules/uncoalesced-row.md. */
#include "rules/uncoalesced_row.h"
#include "rules/cost_model.h"
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A 2-D thread mapping turned around: threadIdx.x (the lane) picks the row
 * and threadIdx.y steps along it (index = x*W + y).  The unit step on
 * threadIdx.y shows that W is a row length, not a vector increment such as
 * incx that is usually 1; each lane of a warp then reads a row of its own. */
static bool transposed_mapping(const Model *m, const Kernel *k, const Access *a, int i, long long min_width, WarpAccess *w)
{
    if (!lane_picks_row(k, a, min_width) || row_same_address_before(k, a, i, false)) return false; /* ixx[idx] + ixx[idx] */
    return access_geometry(m, k, a, w) && w->sectors > w->ideal_sectors;
}

/* The lane's row is the block's width: threadIdx.x multiplies a scalar
 * parameter (index = x*K + column, the column the same in every lane) that
 * every launch also passes as the block's x extent (<<<n, K>>>(..., K)).
 * Lanes are then K >= a warp's width elements apart: each reads a sector of
 * its own.  Returns the parameter's index, else -1. */
static int lane_row_is_block(const Model *m, const Kernel *k, const Access *a, int i)
{
    Affine cx, cy;
    if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0 || k->nlaunches == 0) return -1;
    if (aff_coef(&a->byte_offset, SYM_TID_Y, &cy) && cy.nterms) return -1; /* the 2-D case is lane_picks_row's */
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || cx.nterms != 1 || cx.term[0].nfactors != 1 ||
        cx.term[0].coef != a->elem_bytes)
        return -1;
    int s = cx.term[0].factor[0];
    if (s < SYM_FIRST_USER || k->syms[s].kind != SYMK_PARAM || k->syms[s].param < 0) return -1;
    int p = k->syms[s].param, index = (int)(k - m->kernels), n = 0;
    for (int l = 0; l < m->nlaunches; l++) {
        const Launch *L = &m->launches[l];
        if (L->kernel != index) continue;
        if (p >= L->nargs || !L->arg_text || !L->arg_text[p] || !L->block[0].text ||
            strcmp(L->arg_text[p], L->block[0].text) != 0 || L->block[1].value > 1 || L->block[2].value > 1)
            return -1;
        n++;
    }
    return n > 0 && !row_same_address_before(k, a, i, false) ? p : -1;
}

/* A block per column: threadIdx.x multiplies a uniform row width and a
 * block index steps one element along the row (index = x*W + blockIdx.x),
 * in a block one thread high: each block walks down its own column (a
 * per-feature statistic over frames), its lanes W elements apart.  As for
 * threadIdx.y's step, the unit step shows W is a row length: blocks would
 * overlap unless W is at least the grid's extent. */
static bool block_column_mapping(const Model *m, const Kernel *k, const Access *a, int i, long long min_width)
{
    Affine cy, cb;
    long long step;
    if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0) return false;
    if (k->block.known && (k->block.y > 1 || k->block.z > 1)) return false;
    if (aff_coef(&a->byte_offset, SYM_TID_Y, &cy) && cy.nterms) return false; /* the 2-D case is lane_picks_row's */
    bool unit = false;
    for (int b = SYM_BID_X; b <= SYM_BID_Y && !unit; b++)
        unit = aff_coef(&a->byte_offset, b, &cb) && aff_is_const(&cb, &step) &&
               (step == a->elem_bytes || step == -a->elem_bytes);
    if (!unit || !lane_stride_is_row_width(k, a, min_width, true) || row_same_address_before(k, a, i, false)) return false;
    Kernel wide = *k; /* a block of unknown width: read with 256 lanes in x */
    if (!k->block.known) wide.block = (BlockShape){true, 256, 1, 1};
    WarpAccess w;
    return access_geometry(m, &wide, a, &w) && w.sectors > w.ideal_sectors;
}

/* How the lanes came to pick the row. */
typedef enum {
    MAP_TRANSPOSED_2D, /* threadIdx.x multiplies the row width, threadIdx.y steps along it */
    MAP_LANE_ROW,      /* threadIdx.x multiplies a width that is also the block's x extent */
    MAP_SPLIT,         /* x = tid % S picks the row, y = tid / S steps along it */
    MAP_BLOCK_COLUMN,  /* threadIdx.x multiplies the row width, a block index steps along it */
} Mapping;

/* A split mapping's names, for its message. */
typedef struct {
    const char *row;    /* "tid % width" */
    const char *along;  /* "tid / width" */
    const char *size;   /* "width" */
} SplitNames;

/* The kernel's global accesses other than acc[] (those inside loops when
 * `in_loops`): traffic that the mapping's benchmark, whose every access
 * strides, does not have. */
static int accesses_besides(const Kernel *k, const Access *const *acc, int n, bool in_loops)
{
    int count = 0;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *b = &k->accesses[i];
        bool listed = false;
        for (int j = 0; j < n; j++) listed |= acc[j]->range.line == b->range.line && acc[j]->range.col == b->range.col;
        if (!listed && b->space == SPACE_GLOBAL && (!in_loops || b->loop >= 0)) count++;
    }
    return count;
}

/* The block index that steps along the row in a block-column mapping. */
static const char *block_index_name(const Kernel *k, const Access *a)
{
    Affine cb;
    long long step;
    bool x = aff_coef(&a->byte_offset, SYM_BID_X, &cb) && aff_is_const(&cb, &step) && step != 0;
    return model_symbol_name(k, x ? SYM_BID_X : SYM_BID_Y);
}

/* One finding per kernel and mapping: the mapping is one fix, at the launch
 * and in the index; the first access carries it, the others are related
 * locations.  acc[] are the accesses, read through byte_offset (for
 * MAP_SPLIT: as at a divisor at least a warp wide). */
static void report_transposed(const Model *m, const Kernel *k, const Access *const *acc, int n, const RuleContext *ctx,
                              Mapping kind, const SplitNames *split)
{
    FindingList *out = ctx->findings;
    const Access *a = acc[0];
    WarpAccess w;
    Kernel wide = *k; /* a 1-D block of unknown width: read with 256 lanes in x */
    if (kind != MAP_TRANSPOSED_2D && !k->block.known) wide.block = (BlockShape){true, 256, 1, 1};
    if (!access_geometry(m, &wide, a, &w)) return;
    Affine cx;
    aff_coef(&a->byte_offset, SYM_TID_X, &cx);
    long long stride_bytes = 0;
    bool constant = aff_is_const(&cx, &stride_bytes);
    Affine width = aff_div_const(&cx, a->elem_bytes);
    char wtext[128];
    aff_format(width.exact ? &width : &cx, model_symbol_name_cb, (void *)k, wtext, sizeof wtext);
    /* the language's names of the thread indices */
    const char *lane = model_symbol_name(k, SYM_TID_X), *along = model_symbol_name(k, SYM_TID_Y);
    const char *others = n > 1 ? "; the kernel's other accesses of this shape are listed below" : "";
    Finding *f = NULL;
    if (kind == MAP_TRANSPOSED_2D)
        f = finding_new(out, UNCOALESCED_ROW_ID, SEV_HIGH, a->range, k->name,
                        "the 2-D thread mapping is transposed: %s picks the row of '%s' and %s steps along it (index = x*%s + y), so lanes are %s elements apart, %d sectors per warp request instead of %d%s",
                        lane, a->base_name, along, wtext, wtext, w.sectors, w.ideal_sectors, others);
    else if (kind == MAP_LANE_ROW)
        f = finding_new(out, UNCOALESCED_ROW_ID, SEV_HIGH, a->range, k->name,
                        "%s picks the row of '%s' (index = x*%s + a column the whole warp shares), and '%s' is also the block's width at every launch: lanes are at least a warp's width of elements apart, %d sectors per warp request instead of %d%s",
                        lane, a->base_name, wtext, wtext, w.sectors, w.ideal_sectors, others);
    else if (kind == MAP_BLOCK_COLUMN)
        f = finding_new(out, UNCOALESCED_ROW_ID, accesses_besides(k, acc, n, true) > 0 ? SEV_MEDIUM : SEV_HIGH, a->range, k->name,
                        "each block walks down a column of '%s': %s picks the row and %s the column (index = x*%s + column), so lanes are %s elements apart, %d sectors per warp request instead of %d%s",
                        a->base_name, lane, block_index_name(k, a), wtext, wtext, w.sectors, w.ideal_sectors, others);
    else
        f = finding_new(out, UNCOALESCED_ROW_ID, accesses_besides(k, acc, n, true) > 0 ? SEV_MEDIUM : SEV_HIGH, a->range, k->name,
                        "the flattened 2-D mapping is transposed: %s picks the row of '%s' and %s steps along it (index = x*%s + y), so once %s is a %s or more, lanes are %s elements apart, %d sectors per warp request instead of %d%s",
                        split->row, a->base_name, split->along, wtext, split->size, model_language(m)->word.hardware_warp,
                        wtext, w.sectors, w.ideal_sectors, others);
    if (!f) return;
    finding_str(out, f, "base", a->base_name);
    finding_int(out, f, "element_bytes", a->elem_bytes);
    finding_str(out, f, "mapping", kind == MAP_TRANSPOSED_2D  ? "transposed-2d"
                                   : kind == MAP_LANE_ROW     ? "lane-row"
                                   : kind == MAP_BLOCK_COLUMN ? "block-column"
                                                              : "transposed-split");
    if (kind == MAP_LANE_ROW && !k->block.known)
        finding_str(out, f, "block_assumed", arena_printf(&out->arena, "block x = '%s' (runtime), read as 256x1x1", wtext));
    if (kind == MAP_SPLIT) {
        finding_str(out, f, "split_index", arena_printf(&out->arena, "%s, %s", split->row, split->along));
        finding_str(out, f, "assumes", arena_printf(&out->arena, "%s >= %d", split->size, model_target(m)->warp_width));
    }
    if (kind == MAP_SPLIT || kind == MAP_BLOCK_COLUMN) {
        if (!k->block.known) finding_str(out, f, "block_assumed", "block unknown, read as 256x1x1");
        finding_int(out, f, "other_accesses", accesses_besides(k, acc, n, false));
        finding_int(out, f, "other_loop_accesses", accesses_besides(k, acc, n, true));
    }
    finding_int(out, f, "accesses", n);
    finding_str(out, f, "row_width", wtext);
    if (constant) {
        finding_int(out, f, "row_width_value", stride_bytes / a->elem_bytes);
        finding_int(out, f, "lane_stride_bytes", stride_bytes);
    }
    finding_int(out, f, "sectors_per_request", w.sectors);
    finding_int(out, f, "ideal_sectors", w.ideal_sectors);
    finding_str(out, f, "block_shape", block_shape_text(out, m, &wide));
    finding_str(out, f, "element_type", a->elem_canonical);
    finding_predict(out, f);
    for (int j = 1; j < n; j++)
        finding_related(out, f, acc[j]->range, "%s of '%s' with the same mapping", acc[j]->is_store ? "store" : "load",
                        acc[j]->base_name);
    add_call_site(out, f, a->call_depth, a->call_site);
    const char *shared = model_language(m)->word.shared_memory;
    if (kind == MAP_LANE_ROW) {
        finding_fix(out, f, "let %s run along the row instead (index = column*%s + x: the transposed element, where the table is symmetric or can be stored transposed)",
                    lane, wtext);
        finding_fix(out, f, "or stage the rows the block needs through %s with coalesced loads, then let each thread take its element there",
                    shared);
        return;
    }
    if (kind == MAP_BLOCK_COLUMN) {
        finding_fix(out, f, "stage a tile through %s: let the block read rows x columns of '%s' with %s along the row (consecutive threads, consecutive columns), then let each thread take its column's values there",
                    shared, a->base_name, lane);
        finding_fix(out, f, "or, when whatever writes '%s' can take the other layout, store it transposed (column-major) so that each block's column is contiguous",
                    a->base_name);
        return;
    }
    if (kind == MAP_SPLIT) {
        finding_fix(out, f, "stage a tile through %s: let consecutive threads write consecutive elements of the row of '%s' (y from the fast-varying part of the thread index), reading their values from the tile",
                    shared, a->base_name);
        finding_fix(out, f, "or, when whatever reads '%s' can take the other layout, store it untransposed (index = y*%s + x)",
                    a->base_name, split->size);
        return;
    }
    finding_fix(out, f, "let %s run along the row: take the column from %s and the row from %s (index = y*%s + x), and swap the grid's x and y extents at the launch",
                lane, lane, along, wtext);
    finding_fix(out, f, "or, when the layout must stay, stage a tile through %s: read it with %s along the row, then let each thread take its element there",
                shared, lane);
}

/* An access outside any loop whose index splits the thread's flattened
 * index by a uniform size S (x = tid % S, y = tid / S), read with S at least
 * a warp wide (model_offset_at_wide_divisor).  Reported when x multiplies a
 * row width and y steps one element along the row (index = x*H + y, a
 * transposed store): the same evidence of a row as lane_picks_row's unit
 * step. */
static bool split_picks_row(const Kernel *k, const Access *a, long long min_width, Affine *out, SplitNames *names)
{
    const Affine *off = &a->data_offset;
    if (a->space != SPACE_GLOBAL || a->byte_offset.exact || !off->exact || a->elem_bytes <= 0 || a->loop >= 0) return false;
    int q;
    Affine wide;
    int r = model_offset_at_wide_divisor(k, off, &wide, &q);
    Affine c;
    long long step;
    if (r < 0 || q < 0 || !aff_coef(off, q, &c) || !aff_is_const(&c, &step) ||
        (step != a->elem_bytes && step != -a->elem_bytes))
        return false;
    if (!aff_coef(off, r, &c) || c.nterms == 0) return false;
    for (int t = 0; t < c.nterms; t++)
        for (int j = 0; j < c.term[t].nfactors; j++)
            if (!uniform_symbol(k, c.term[t].factor[j])) return false;
    long long stride;
    if (aff_is_const(&c, &stride) && (stride % a->elem_bytes || llabs(stride / a->elem_bytes) < min_width)) return false;
    *out = wide;
    names->row = k->syms[r].name;
    names->along = k->syms[q].name;
    names->size = model_symbol_name(k, k->syms[r].divisor);
    return true;
}

void row_mappings_check(const Model *m, const Kernel *k, const RuleContext *ctx, const bool *candidate, long long min_width)
{
    const Access **transposed = xcalloc((size_t)k->naccesses + 1, sizeof *transposed);
    const Access **lane_rows = xcalloc((size_t)k->naccesses + 1, sizeof *lane_rows);
    const Access **splits = xcalloc((size_t)k->naccesses + 1, sizeof *splits);
    const Access **columns = xcalloc((size_t)k->naccesses + 1, sizeof *columns);
    Access *copies = xcalloc((size_t)k->naccesses + 1, sizeof *copies);
    int ntransposed = 0, nlane_rows = 0, nsplits = 0, ncolumns = 0;
    SplitNames names = {0};
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        WarpAccess w;
        Affine x;
        SplitNames these;
        if (!candidate[i]) {
            if (split_picks_row(k, a, min_width, &x, &these) && (nsplits == 0 || strcmp(these.row, names.row) == 0)) {
                Access *copy = &copies[nsplits];
                *copy = *a;
                copy->byte_offset = x;
                copy->data_offset = aff_opaque(0);
                Kernel wide = *k;
                if (!k->block.known) wide.block = (BlockShape){true, 256, 1, 1};
                if (access_geometry(m, &wide, copy, &w) && w.sectors > w.ideal_sectors) {
                    names = these;
                    splits[nsplits++] = copy;
                }
            }
            continue;
        }
        if (transposed_mapping(m, k, a, i, min_width, &w)) transposed[ntransposed++] = a;
        else {
            if (lane_row_is_block(m, k, a, i) >= 0) lane_rows[nlane_rows++] = a;
            else if (block_column_mapping(m, k, a, i, min_width)) columns[ncolumns++] = a;
        }
    }
    if (ntransposed > 0) report_transposed(m, k, transposed, ntransposed, ctx, MAP_TRANSPOSED_2D, NULL);
    if (nlane_rows > 0) report_transposed(m, k, lane_rows, nlane_rows, ctx, MAP_LANE_ROW, NULL);
    if (nsplits > 0) report_transposed(m, k, splits, nsplits, ctx, MAP_SPLIT, &names);
    if (ncolumns > 0) report_transposed(m, k, columns, ncolumns, ctx, MAP_BLOCK_COLUMN, NULL);
    free(columns);
    free(transposed);
    free(lane_rows);
    free(splits);
    free(copies);
}

/* The 2-D template with the finding's block shape (16x16 when unknown) and
 * row width (1024, an image row, when it is a runtime value). */
bool row_mapping_bench(const Finding *f, BenchParams *p)
{
    long long w = evidence_int(f, "row_width_value", 0), bx = 16, by = 16, bz = 1;
    const char *shape = evidence_str(f, "block_shape", "");
    bool known = sscanf(shape, "%lldx%lldx%lld", &bx, &by, &bz) == 3 && bx > 0 && by > 0 && bx * by <= 1024;
    if (!known) bx = by = 16;
    bench_def(p, "GL_2D", "1");
    bench_def(p, "GL_BX", "%lld", bx);
    bench_def(p, "GL_BY", "%lld", by);
    char assumed[160] = "";
    if (w <= 0) {
        w = 1024;
        snprintf(assumed, sizeof assumed, "W=1024 (runtime row width '%s')", evidence_str(f, "row_width", "W"));
    }
    if (!known) {
        size_t n = strlen(assumed);
        snprintf(assumed + n, sizeof assumed - n, "%sblock 16x16 (block shape unknown)", n ? ", " : "");
    } else if (evidence_str(f, "block_assumed", NULL)) {
        size_t n = strlen(assumed);
        snprintf(assumed + n, sizeof assumed - n, "%s%s", n ? ", " : "", evidence_str(f, "block_assumed", ""));
    }
    if (assumed[0]) {
        snprintf(p->note, sizeof p->note, "benchmarked with %s", assumed);
        snprintf(p->assumed, sizeof p->assumed, "%s", assumed);
    }
    if (w < 8) w = 8;
    if (w > 4096) w = 4096;
    bench_def(p, "GL_W", "%lld", w);
    bench_def(p, "GL_ELEM", "%s", bench_scalar_type(evidence_str(f, "element_type", NULL), evidence_int(f, "element_bytes", 4)));
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* A 2-D mapping turned around (x*W + y, threadIdx.x picks the row): one
 * load and one store per thread against the swapped mapping, W=1024, by
 * the sectors of a warp request, which the block's x extent sets (8x32,
 * 16x16 float and double, 32x8; bench/calibrate.sh row2d-*). */
const CostTable row_mapping_2d_cost = {
    "a transposed 2-D mapping (`mapping=transposed-2d`) by sectors per warp request: 8x32, 16x16 and 32x8 blocks", "sectors",
    COST_POINTS({8, 1.05, "row2d-f32-8x32"}, {16, 1.40, "row2d-f32-16x16, row2d-f64-16x16"},
                {32, 4.55, "row2d-f32-32x8"})};
/* A lane per row in a 1-D block as wide as the row length (mapping
 * lane-row): 32 sectors a request like 32x8, but no warp of the block shares
 * a sector with another (32x8's eight rows of lanes do): 256x1, W=1024.
 * A flattened mapping turned around (`mapping=transposed-split`) in a 1-D
 * block has the same geometry: one sector per lane, each warp in one row. */
const CostTable row_mapping_lane_cost = {"a row per lane, the block as wide as the row (`mapping=lane-row`, 256x1)", "sectors",
                                   COST_POINTS({32, 8.17, "row2d-f32-256x1"})};

void row_mapping_predict(const Finding *f, CostPrediction *out)
{
    long long sectors = evidence_int(f, "sectors_per_request", 0);
    const char *shape = evidence_str(f, "block_shape", "");
    bool known = strchr(shape, 'x') && strncmp(shape, "assumed", 7) != 0;
    if (!known) sectors = 16; /* as benchmarked: a 16x16 block */
    if (sectors <= 0) {
        cost_no_measurement(out, "unknown sectors per request");
        return;
    }
    const char *mapping = evidence_str(f, "mapping", "");
    long long beside = evidence_int(f, "other_accesses", 0);
    if ((strcmp(mapping, "transposed-split") == 0 || strcmp(mapping, "block-column") == 0) && beside > 0) {
        cost_no_measurement(out, "the benchmark times a kernel whose every access strides; this kernel makes %lld other global "
                                 "access%s (%lld in loops) that %s not, whose share of its time was not measured",
                            beside, beside == 1 ? "" : "es", evidence_int(f, "other_loop_accesses", 0),
                            beside == 1 ? "does" : "do");
        return;
    }
    if (strcmp(mapping, "lane-row") == 0 || strcmp(mapping, "transposed-split") == 0 ||
        strcmp(mapping, "block-column") == 0) {
        cost_predict_from(out, &row_mapping_lane_cost, (double)sectors, "%s, %lld sectors per warp request",
                          mapping[0] == 'l'   ? "a row per lane, the block as wide as the row"
                          : mapping[0] == 'b' ? "a block per column, a row per lane"
                                              : "a flattened mapping turned around, each warp in one row",
                          sectors);
        return;
    }
    cost_predict_from(out, &row_mapping_2d_cost, (double)sectors, "a transposed 2-D mapping, %lld sectors per warp request%s", sectors,
                      known ? "" : " (block shape unknown: read as 16x16, as benchmarked)");
}
