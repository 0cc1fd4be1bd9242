/* warp_size_assumption.c - lane and warp computations written for 32-lane
 * warps in code compiled for a wider wavefront (AMD CDNA: 64 lanes): a
 * lane taken as tid & 31 or tid % 32, a warp id as tid / 32 or tid >> 5,
 * shuffles of width 32 or whose reduction starts at offset 16, and the
 * 32-bit full mask 0xffffffff.  On a 64-wide wavefront half the lanes sit
 * idle, repeat the other half's lane numbers, or drop out of a reduction.
 * Silent where the target's warp is 32 lanes wide (NVIDIA, AMD RDNA).
 * The frontend records the sites (Kernel.warp_constants); the arithmetic
 * ones count only in kernels that also use warp-level intrinsics (a bank
 * index of 32 banks is no lane).  See docs/rules/warp-size-assumption.md. */
#include "rules.h"

#include <stdio.h>
#include <string.h>

#define RULE_ID "warp-size-assumption"

static const char *kind_name(WarpConstantKind k)
{
    switch (k) {
    case WARP_LANE_MASK: return "lane-mask";
    case WARP_LANE_MOD: return "lane-modulo";
    case WARP_ID_DIV: return "warp-id-divide";
    case WARP_ID_SHIFT: return "warp-id-shift";
    case WARP_SHUFFLE_WIDTH: return "shuffle-width";
    case WARP_SHUFFLE_OFFSET: return "shuffle-offset";
    case WARP_FULL_MASK_32: return "full-mask-32";
    }
    return "other";
}

/* Arithmetic on the thread index is a lane or warp id only where the
 * kernel works at the warp level. */
static bool arithmetic(WarpConstantKind k)
{
    return k == WARP_LANE_MASK || k == WARP_LANE_MOD || k == WARP_ID_DIV || k == WARP_ID_SHIFT;
}

static Finding *report(const Model *m, const Kernel *k, const WarpConstant *w, FindingList *out)
{
    const GpuLanguage *lang = model_language(m);
    const GpuTarget *t = model_target(m);
    const char *arch = model_target_arch(m);
    int W = t->warp_width;
    const char *wave = lang->word.hardware_warp;
    switch (w->kind) {
    case WARP_LANE_MASK:
    case WARP_LANE_MOD:
        return finding_new(out, RULE_ID, SEV_MEDIUM, w->range, k->name,
                           "'%s' takes the lane number of a 32-lane warp: on a %d-wide %s (%s) lanes 32-%d repeat lanes 0-31's numbers",
                           w->text, W, wave, arch, W - 1);
    case WARP_ID_DIV:
    case WARP_ID_SHIFT:
        return finding_new(out, RULE_ID, SEV_MEDIUM, w->range, k->name,
                           "'%s' numbers 32-lane warps: a %d-wide %s (%s) gets %d warp ids, so per-warp slots and partial results split in %d",
                           w->text, W, wave, arch, W / 32, W / 32);
    case WARP_SHUFFLE_WIDTH:
        return finding_new(out, RULE_ID, SEV_MEDIUM, w->range, k->name,
                           "'%s' shuffles within 32 lanes: a %d-wide %s (%s) works as %d separate halves",
                           w->text, W, wave, arch, W / 32);
    case WARP_SHUFFLE_OFFSET:
        return finding_new(out, RULE_ID, SEV_MEDIUM, w->range, k->name,
                           "'%s' starts its lane offsets at 16, half of a 32-lane warp: on a %d-wide %s (%s) lanes 32-%d never reach lanes 0-31, so the reduction leaves %d partial results",
                           w->text, W, wave, arch, W - 1, W / 32);
    case WARP_FULL_MASK_32:
        return finding_new(out, RULE_ID, SEV_MEDIUM, w->range, k->name,
                           "'%s' passes the 32-bit mask %s: on a %d-wide %s (%s) it names lanes 0-31 only, leaving lanes 32-%d out",
                           w->text, w->constant_text, W, wave, arch, W - 1);
    }
    return NULL;
}

static void add_fix(FindingList *out, Finding *f, const WarpConstant *w)
{
    Fix *x = NULL;
    switch (w->kind) {
    case WARP_LANE_MASK:
        x = finding_fix(out, f, "take the lane with the wavefront's width: & (warpSize - 1) (__AMDGCN_WAVEFRONT_SIZE - 1 where a constant expression is needed)");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "(warpSize - 1)", w->constant_text);
        break;
    case WARP_LANE_MOD:
        x = finding_fix(out, f, "take the lane modulo the wavefront's width: %% warpSize (__AMDGCN_WAVEFRONT_SIZE in a constant expression)");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "warpSize", w->constant_text);
        break;
    case WARP_ID_DIV:
        x = finding_fix(out, f, "divide by the wavefront's width: / warpSize, and size per-warp arrays by the block size / warpSize");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "warpSize", w->constant_text);
        break;
    case WARP_ID_SHIFT:
        finding_fix(out, f, "divide by the wavefront's width (/ warpSize) instead of shifting by 5, and size per-warp arrays by the block size / warpSize");
        break;
    case WARP_SHUFFLE_WIDTH:
        x = finding_fix(out, f, "shuffle across the whole wavefront: width warpSize (or leave the width out: it defaults to the wavefront)");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "warpSize", w->constant_text);
        break;
    case WARP_SHUFFLE_OFFSET:
        x = finding_fix(out, f, "start the offsets at half the wavefront: warpSize / 2 (for (int o = warpSize / 2; o > 0; o /= 2))");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "warpSize / 2", w->constant_text);
        break;
    case WARP_FULL_MASK_32:
        x = finding_fix(out, f, "pass a mask of the whole wavefront: __activemask(), or a 64-bit all-ones mask (~0ull)");
        if (w->constant_is_literal) finding_replacement(out, x, w->constant_range, "~0ull", w->constant_text);
        break;
    }
}

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    const GpuTarget *t = model_target(m);
    if (t->warp_width <= 32) return; /* the code's warp is the target's */
    /* every shuffle names its width of 32 lanes or fewer: the kernel works
     * in groups it chose, which a wider wavefront runs side by side; its
     * lane and group arithmetic is consistent with them, so info.  A 32-bit
     * mask still leaves lanes out of a _sync call. */
    bool groups = k->nshuffles > 0 && k->nshuffles_grouped == k->nshuffles;
    for (int i = 0; i < k->nwarp_constants; i++) {
        const WarpConstant *w = &k->warp_constants[i];
        if (arithmetic(w->kind) && !k->warp_intrinsics) continue;
        Finding *f = report(m, k, w, ctx->findings);
        if (!f) continue;
        bool chosen_groups = groups && w->kind != WARP_FULL_MASK_32;
        if (chosen_groups) f->severity = SEV_INFO;
        finding_str(ctx->findings, f, "pattern", kind_name(w->kind));
        finding_str(ctx->findings, f, "constant", w->constant_text);
        finding_int(ctx->findings, f, "wavefront_width", t->warp_width);
        finding_str(ctx->findings, f, "target", model_target_arch(m));
        if (m->target_assumed) finding_bool(ctx->findings, f, "target_assumed", true);
        finding_bool(ctx->findings, f, "in_loop", w->loop >= 0);
        if (chosen_groups) finding_bool(ctx->findings, f, "lane_groups", true);
        finding_predict(ctx->findings, f);
        add_call_site(ctx->findings, f, w->call_depth, w->call_site);
        if (w->in_macro) finding_related(ctx->findings, f, w->macro_spelling, "written in this macro's definition");
        add_fix(ctx->findings, f, w);
        if (chosen_groups)
            finding_fix(ctx->findings, f, "or keep it: every shuffle of '%s' names a width of 32 lanes or fewer, so the kernel works in groups it chose, and a 64-wide wavefront runs two of them side by side",
                        k->name);
    }
}

/* gpulint's benchmarks are CUDA programs timed on NVIDIA GPUs, whose warps
 * are 32 lanes wide: no benchmark can show a 64-wide wavefront's loss. */
static bool bench(const Finding *f, BenchParams *p)
{
    (void)f;
    snprintf(p->refused, sizeof p->refused,
             "a 64-wide wavefront is an AMD GPU's: gpulint's benchmarks run CUDA on NVIDIA GPUs (32-lane warps)");
    return false;
}

const Rule rule_warp_size_assumption = {
    .id = RULE_ID,
    .summary = "a lane or warp computation hard-coded to 32 lanes (& 31, / 32, shuffles from offset 16, 0xffffffff masks) in code compiled for a 64-wide wavefront",
    .opencl = "silent: OpenCL C kernels are read for NVIDIA's 32-lane warps",
    .default_severity = SEV_MEDIUM,
    .check_kernel = check_kernel,
    .bench = bench,
    /* no costs and no predict: nothing was measured (no AMD GPU); findings
     * keep the rule's severity */
};
