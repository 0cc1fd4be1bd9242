/* fixed_block_16x16.c - kernel launches with a hard-coded 16x16 block.
 * Evaluated from the launch's block argument in host code; reported where the
 * shape is written.  See docs/rules/fixed-block-16x16.md. */
#include "rules.h"
#include "util/oom.h"

#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "fixed-block-16x16"

static bool offset_mentions(const Access *a, int sym)
{
    return a->byte_offset.exact && aff_mentions(&a->byte_offset, sym);
}

/* threadIdx.y*blockDim.x + threadIdx.x: a flattened block, any shape works. */
static bool linearized(const Access *a)
{
    Affine cx, cy;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || !aff_coef(&a->byte_offset, SYM_TID_Y, &cy)) return false;
    Affine bdx = aff_symbol(SYM_BDIM_X, 0);
    Affine want = aff_mul(&cx, &bdx);
    want.deps = cy.deps;
    return aff_equal(&want, &cy);
}

/* How the launched kernel uses the 2-D thread index.  *row_elem: the
 * smallest element of its row-major accesses (bytes), 0 when none. */
static const char *kernel_context(const Kernel *k, int *row_elem)
{
    *row_elem = 0;
    bool uses_y = false, row_major = false, row_part = false, col_part = false;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_GLOBAL || !a->byte_offset.exact) continue;
        bool x = offset_mentions(a, SYM_TID_X), y = offset_mentions(a, SYM_TID_Y);
        if (x && y && linearized(a)) continue;
        if (lane_picks_row(k, a, 8)) return "transposed";
        uses_y |= y;
        Affine cx;
        long long s;
        if (x && y && aff_coef(&a->byte_offset, SYM_TID_X, &cx) && aff_is_const(&cx, &s) && s == a->elem_bytes) {
            row_major = true;
            if (*row_elem == 0 || a->elem_bytes < *row_elem) *row_elem = (int)a->elem_bytes;
        }
        /* Fig. 8: inside a loop, one operand follows the row (y only), the
         * other the column (x only): rows are reused through the cache. */
        if (a->loop >= 0) {
            bool moves = false;
            for (int l = a->loop; l >= 0; l = k->loops[l].parent) moves |= aff_mentions(&a->byte_offset, k->loops[l].counter);
            if (moves && y && !x) row_part = true;
            if (moves && x && !y) col_part = true;
        }
    }
    if (row_part && col_part) return "row-reuse";
    if (row_major) return "row-major";
    if (!uses_y) return "ignores-2d";
    return "other";
}

static bool is_16x16(const Launch *L)
{
    return L->block[0].known && L->block[1].known && L->block[2].known && L->block[0].value == 16 &&
           L->block[1].value == 16 && L->block[2].value == 1 && !L->block_runtime && !L->block_is_template_param;
}

/* threadIdx.x picks the row: uncoalesced-row reports the mapping, and a
 * wider block in x would only spread the lanes further. */
static bool transposed_kernel(const Model *m, const Launch *L)
{
    int row_elem;
    return L->kernel >= 0 && strcmp(kernel_context(&m->kernels[L->kernel], &row_elem), "transposed") == 0;
}

/* A launch this rule reports (or lists beside the one it reports). */
static bool reported(const Model *m, const Launch *L)
{
    return is_16x16(L) && !transposed_kernel(m, L);
}

/* The block-shape sweep on the launched kernel's access shape. */
static bool bench(const Finding *f, BenchParams *p)
{
    bench_def(p, "GL_CONTEXT", "%d", strcmp(evidence_str(f, "context", ""), "row-reuse") == 0 ? 1 : 0);
    bench_def(p, "GL_SHAPE_X", "16");
    bench_def(p, "GL_SHAPE_Y", "16");
    const char *ctx = evidence_str(f, "context", "other");
    if (strcmp(ctx, "row-reuse") != 0 && strcmp(ctx, "row-major") != 0)
        snprintf(p->note, sizeof p->note, "kernel context '%s' benchmarked as a row-major 2-D kernel", ctx);
    return true;
}

/* Shapes worth measuring instead, per kernel context. */
static const char *const SHAPES_DEFAULT[] = {"32x8", "64x4", "8x32"};
static const char *const SHAPES_ROW_MAJOR[] = {"32x8", "64x4"};
static const char *const SHAPES_ROW_REUSE[] = {"8x32", "4x64"};

/* The launched kernel's name for messages: the analysed kernel's, else the
 * name at the launch, else the launch's own text (a kernel reached through
 * a function pointer or a macro has no name gpulint can resolve). */
static const char *launched_name(FindingList *l, const Model *m, const Launch *L)
{
    if (L->kernel >= 0 && m->kernels[L->kernel].name[0]) return m->kernels[L->kernel].name;
    if (L->kernel_name && L->kernel_name[0]) return L->kernel_name;
    return arena_printf(&l->arena, "the kernel launched at line %u", L->range.line);
}

/* Launch-level: one finding per place a 16x16 shape is written, which may
 * serve several launches of several kernels. */
static void check_model(const Model *m, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    const LanguageWords *word = &model_language(m)->word;
    /* each launch's verdict once: the loops below compare launches pairwise */
    bool *rep = xcalloc((size_t)m->nlaunches + 1, sizeof *rep);
    for (int i = 0; i < m->nlaunches; i++) rep[i] = reported(m, &m->launches[i]);
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *L = &m->launches[i];
        if (!rep[i] || !L->block_range.file) continue;
        /* one finding per place the shape is written; later launches of it are related */
        bool seen = false;
        for (int j = 0; j < i && !seen; j++) {
            const Launch *P = &m->launches[j];
            seen = rep[j] && P->block_range.line == L->block_range.line && P->block_range.col == L->block_range.col &&
                   strcmp(P->block_range.file, L->block_range.file) == 0;
        }
        if (seen) continue;
        const Kernel *k = L->kernel >= 0 ? &m->kernels[L->kernel] : NULL;
        int row_elem = 0;
        const char *ctx = k ? kernel_context(k, &row_elem) : "other";
        const GpuTarget *target = model_target(m);
        /* 16 lanes of a row-major access span 16 elements: on NVIDIA 64 of a
         * 128-byte line for floats (what was measured); where that fills
         * whole lines (doubles, or AMD's 64-byte lines) the shape costs the
         * requests nothing */
        if (strcmp(ctx, "row-major") == 0 && 16 * row_elem >= target->line_bytes) ctx = "row-major-full-lines";
        /* a kernel gpulint cannot see (a pointer table, a pattern's launch),
         * or one whose access shape was never measured: nothing says another
         * shape helps it (the measured contexts gain 1.09-1.48x), so info */
        Severity sev = SEV_INFO;
        const char *why = "";
        const char *const *suggest = SHAPES_DEFAULT;
        int nsuggest = 3;
        if (strcmp(ctx, "row-major") == 0) {
            sev = SEV_HIGH;
            int rows = target->warp_width / 16; /* 16-thread rows per warp or wavefront */
            why = arena_printf(&out->arena, ": its global accesses are row-major in %s, so each %s covers %s %d-byte half rows",
                               model_symbol_name(k, SYM_TID_X), word->hardware_warp,
                               rows == 2 ? "two" : rows == 4 ? "four" : "several", 16 * row_elem);
            suggest = SHAPES_ROW_MAJOR;
            nsuggest = 2;
        } else if (strcmp(ctx, "row-reuse") == 0) {
            sev = SEV_HIGH;
            why = ": it reuses rows through the cache, where the best shape is usually narrow in x (measure 8x32 and 4x64)";
            suggest = SHAPES_ROW_REUSE;
            nsuggest = 2;
        } else if (strcmp(ctx, "row-major-full-lines") == 0) {
            sev = SEV_INFO;
            why = arena_printf(&out->arena, ": its global accesses are row-major in %s, and a row of 16 %d-byte elements fills whole %d-byte lines on %s, so the shape costs no extra memory requests",
                               model_symbol_name(k, SYM_TID_X), row_elem, target->line_bytes, target->family);
            suggest = SHAPES_ROW_MAJOR;
            nsuggest = 2;
        } else if (strcmp(ctx, "ignores-2d") == 0) {
            /* the warps are the same whatever the shape: info (shown with
             * --min-severity=info) */
            sev = SEV_INFO;
            why = ": the kernel does not use the 2-D index, so the shape matters little";
        }
        if (L->block_comment) { /* the author says the shape was chosen by measuring: theirs to judge */
            sev = SEV_INFO;
            why = arena_printf(&out->arena, "%s (a comment says it was measured: \"%s\")", why, L->block_comment);
        }
        const char *name = launched_name(out, m, L);
        Finding *f = finding_new(out, RULE_ID, sev, L->block_range, name,
                                 "hard-coded 16x16 %s for '%s'%s", word->thread_block, name, why);
        if (!f) continue;
        if (L->block_comment) finding_str(out, f, "author_comment", L->block_comment);
        finding_str(out, f, "shape", "16x16");
        finding_str(out, f, "x_source", L->block[0].origin ? L->block[0].origin : "literal");
        finding_str(out, f, "y_source", L->block[1].origin ? L->block[1].origin : "literal");
        finding_str(out, f, "kernel", name);
        finding_str(out, f, "context", ctx);
        if (row_elem > 0 && strncmp(ctx, "row-major", 9) == 0) finding_int(out, f, "row_bytes", 16LL * row_elem);
        finding_str_list(out, f, "suggested_shapes", suggest, nsuggest);
        finding_predict(out, f);
        for (int j = i; j < m->nlaunches; j++) {
            const Launch *P = &m->launches[j];
            if (j == i || (rep[j] && P->block_range.line == L->block_range.line &&
                           strcmp(P->block_range.file, L->block_range.file) == 0))
                finding_related(out, f, P->range, "launch of '%s' with this %s", launched_name(out, m, P), word->launch_block);
        }
        for (int d = 0; d < 2; d++)
            if (L->block[d].where.file && L->block[d].origin && strcmp(L->block[d].origin, "literal") != 0 &&
                (d == 0 || L->block[1].where.line != L->block[0].where.line))
                finding_related(out, f, L->block[d].where, "the %s's %s comes from %s", word->block, d ? "y" : "x",
                                L->block[d].origin);
        char shapes[64];
        evidence_format(finding_evidence(f, "suggested_shapes"), shapes, sizeof shapes);
        const LanguageIdioms *idiom = &model_language(m)->idiom;
        finding_fix(out, f, "make %s a named, tunable %s and measure %s on this kernel (gpulint --emit-bench sweeps them%s)",
                    word->block_shape, idiom->tunable_parameter, shapes, idiom->bench_caveat);
    }
    free(rep);
}

/* ------------------------------------------------ what a finding costs */

/* The best shape of the sweep against 16x16, by the launched kernel's
 * context (bench/calibrate.sh block-*). */
static const CostTable ROW_REUSE = {"`context=row-reuse`: rows reused through the cache ([Yang] Fig. 8)", NULL,
                                    COST_POINTS({1, 1.48, "block-rowreuse (8x32 best)"})};
static const CostTable ROW_MAJOR = {"`context=row-major`: a row-major copy or stencil", NULL,
                                    COST_POINTS({1, 1.09, "block-copy (64x4 best)"})};
static const CostTable *const costs[] = {&ROW_REUSE, &ROW_MAJOR, NULL};

static void predict(const Finding *f, CostPrediction *out)
{
    const char *ctx = evidence_str(f, "context", "");
    if (evidence_str(f, "author_comment", "")[0])
        cost_no_measurement(out, "a comment by the block says the shape was measured for this launch");
    else if (strcmp(ctx, "row-reuse") == 0)
        cost_predict_from(out, &ROW_REUSE, 1, "16x16 block on a kernel reusing rows");
    else if (strcmp(ctx, "row-major") == 0)
        cost_predict_from(out, &ROW_MAJOR, 1, "16x16 block on a row-major kernel");
    else if (strcmp(ctx, "row-major-full-lines") == 0)
        cost_no_measurement(out, "each row of 16 lanes fills whole cache lines (row_bytes=%lld): the 1.09x measured where "
                                 "they fill half a line does not apply",
                            evidence_int(f, "row_bytes", 0));
    else
        cost_no_measurement(out, "kernel context '%s'", ctx[0] ? ctx : "unknown");
}

const Rule rule_fixed_block_16x16 = {
    .id = RULE_ID,
    .summary = "a kernel launch with a hard-coded 16x16 thread block (rarely the best shape)",
    .opencl = "local_work_size = {16, 16} arrays passed to clEnqueueNDRangeKernel, and cl::NDRange(16, 16) local ranges of the C++ wrapper (enqueueNDRangeKernel, cl::EnqueueArgs), in the project's C/C++ host files (clCreateKernel or cl::Kernel names the kernel)",
    .default_severity = SEV_MEDIUM,
    .check_model = check_model,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
