/* oversized_element.c - per-thread elements larger than 16 bytes (structs)
 * or smaller than 4 bytes (char/short): a warp request cannot be served
 * with one 16-byte (or 4-byte) access per lane.
 * See docs/rules/oversized-element.md. */
#include "rules.h"
#include "util/strset.h"

#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "oversized-element"

/* One element per lane: lane stride == element size. */
static bool per_thread_element(const Access *a)
{
    Affine cx;
    long long stride;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || !aff_is_const(&cx, &stride)) return false;
    return stride == a->elem_bytes;
}

/* Every field of the same element read or written in the kernel, in source
 * order; {"whole"} when the element is also used whole. */
static void fields_touched(const Kernel *k, const Access *a, StrSet *fields)
{
    bool whole = false;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *b = &k->accesses[i];
        if (b->base_param != a->base_param || strcmp(b->base_name, a->base_name) != 0 ||
            b->elem_bytes != a->elem_bytes || !aff_equal(&b->byte_offset, &a->byte_offset))
            continue;
        if (!b->field) {
            whole = true;
            continue;
        }
        strset_add(fields, b->field);
    }
    if (whole || !fields->n) {
        fields->n = 0;
        strset_add(fields, "whole");
    }
}

/* How often an access runs, relative to the kernel's other global
 * accesses: each enclosing loop counts as 16 iterations (trip counts are
 * rarely known; a nested loop still dominates the code around it). */
static double weight(const Kernel *k, const Access *a)
{
    double w = 1;
    for (int l = a->loop; l >= 0; l = k->loops[l].parent) w *= 16;
    return w;
}

/* A 1- or 2-byte element: an integer, or a record that small (CUDA's __half
 * and __nv_bfloat16 are 2-byte structs). */
static bool subword_element(const Access *a)
{
    return !a->elem_is_vector && a->elem_bytes > 0 && a->elem_bytes < 4 &&
           (a->elem_is_integer || a->elem_is_record);
}

/* The share, in percent, of the kernel's global requests that are per-thread
 * sub-word accesses: one byte store after a loop of float loads is not what
 * the kernel's time goes to. */
static int subword_share(const Kernel *k)
{
    double sub = 0, all = 0;
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_GLOBAL) continue;
        double w = weight(k, a);
        all += w;
        if (subword_element(a) && a->byte_offset.exact && per_thread_element(a))
            sub += w;
    }
    return all > 0 ? (int)(100.0 * sub / all + 0.5) : 0;
}

/* Does the kernel also read or write `a`'s array with a vector type (a
 * half8 or uint4 fast path)?  Then the per-thread sub-word access is the
 * fallback for data the fast path cannot take (unaligned, a remainder):
 * the authors have vectorised already. */
static bool vectorised_elsewhere(const Kernel *k, const Access *a)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Access *b = &k->accesses[i];
        if (b == a || b->space != SPACE_GLOBAL || b->base_param != a->base_param) continue;
        if (b->base_param < 0 && (!a->base_name || !b->base_name || strcmp(a->base_name, b->base_name) != 0)) continue;
        if (b->elem_bytes >= 8 && b->elem_bytes > a->elem_bytes && (b->elem_is_vector || b->elem_is_record)) return true;
    }
    return false;
}

/* Is every launch of the kernel the narrow one of an if/else whose other
 * branch launches a wider instance of the same kernel (half2 beside half,
 * unsigned int beside unsigned char)?  Then the authors have vectorised
 * already, and this instance takes what the wide one cannot (odd sizes,
 * misaligned data). */
static bool narrow_fallback(const Model *m, const Kernel *k)
{
    int index = (int)(k - m->kernels), n = 0;
    for (int i = 0; i < m->nlaunches; i++) {
        if (m->launches[i].kernel != index) continue;
        if (!m->launches[i].wider_sibling.file) return false;
        n++;
    }
    return n > 0;
}

/* Where a per-thread struct access outside every loop (or at an address no
 * iteration changes) is not what the time goes to: the state a thread loads
 * once, keeps in registers through a long loop and stores back (hash and
 * KDF iterations, a solver's steps), or that an init or final kernel
 * touches once for a kernel of the same file that loops over it.  The copy
 * is paid once per thread against the loop's work; NULL when the access is
 * not of that kind. */
static const char *work_elsewhere(const Model *m, const Kernel *k, const Access *a)
{
    /* inside a loop, an address no iteration changes (key[gid].length in a
     * loop's condition) is one load too: hoisted, or an L1 hit after the first */
    if (a->loop >= 0 && (!a->byte_offset.exact || (a->byte_offset.deps & DEP_LOOP))) return NULL;
    if (work_loop_apart(k, -1)) return "kernel-loop";
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *o = &m->kernels[i];
        if (o == k || !work_loop_apart(o, -1)) continue;
        for (int j = 0; j < o->naccesses; j++) {
            const Access *b = &o->accesses[j];
            if (b->space == SPACE_GLOBAL && b->elem_is_record && b->elem_canonical && a->elem_canonical &&
                strcmp(b->elem_canonical, a->elem_canonical) == 0)
                return "other-kernel-loop";
        }
    }
    return NULL;
}

/* An integer sub-word access of one instance of a kernel template that the
 * file also instantiates with a word-sized element at the same access
 * (`mean<short>` beside `mean<float>`): one of a generic kernel's element
 * types, whose share of the project's runs gpulint cannot know.  Names
 * that wider instance; NULL otherwise.  (half and bfloat16 are records, the
 * data type itself in the code that uses them: not this.) */
static const char *wider_dtype_instance(const Model *m, const Kernel *k, const Access *a)
{
    if (!a->elem_is_integer || !k->base_name || strcmp(k->name, k->base_name) == 0) return NULL;
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *o = &m->kernels[i];
        if (o == k || !o->base_name || strcmp(o->base_name, k->base_name) != 0 || o->range.line != k->range.line ||
            !o->range.file || !k->range.file || strcmp(o->range.file, k->range.file) != 0)
            continue;
        for (int j = 0; j < o->naccesses; j++) {
            const Access *b = &o->accesses[j];
            if (b->space == SPACE_GLOBAL && b->range.line == a->range.line && b->range.col == a->range.col &&
                b->elem_bytes >= 4)
                return o->name;
        }
    }
    return NULL;
}

/* Below this share of the requests, per-thread bytes are not worth a finding. */
#define MIN_SUBWORD_SHARE 25

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    int share = subword_share(k);
    bool fallback = narrow_fallback(m, k);
    FindingList *out = ctx->findings;
    const GpuLanguage *lang = model_language(m);
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0) continue;
        bool record = a->elem_is_record && !a->elem_is_vector && a->elem_bytes > 16;
        bool subword = subword_element(a) && strcmp(a->elem_canonical, "bool") != 0;
        if (!record && !subword) continue;
        if (!per_thread_element(a)) continue;
        if (subword && (share < MIN_SUBWORD_SHARE || vectorised_elsewhere(k, a) || fallback)) continue;
        bool repeat = false;
        for (int j = 0; j < i && !repeat; j++) {
            const Access *b = &k->accesses[j];
            repeat = b->range.line == a->range.line && b->base_param == a->base_param &&
                     aff_equal(&b->byte_offset, &a->byte_offset) &&
                     ((b->field == NULL) == (a->field == NULL)) && (!a->field || strcmp(a->field, b->field) == 0);
        }
        if (repeat) continue;
        WarpAccess w;
        if (!access_geometry(m, k, a, &w)) continue;
        const char *type = unqualified(out, a->elem_type);
        const char *elsewhere = record ? work_elsewhere(m, k, a) : NULL;
        const char *dtype_of = NULL;
        Finding *f;
        if (record) {
            /* Whole-struct copies, H100: no measurable loss up to 20 bytes,
             * 1.3x at 24, 3.1x at 32. A single field read wastes the rest of
             * every sector whatever the size. */
            Severity sev = elsewhere                          ? SEV_INFO
                           : a->elem_bytes >= 32              ? SEV_HIGH
                           : (a->elem_bytes >= 24 || a->field) ? SEV_MEDIUM
                                                                : SEV_LOW;
            if (a->field)
                f = finding_new(out, RULE_ID, sev, a->range, k->name,
                                "each thread reads field '%s' of its own %d-byte '%s' element of '%s': the warp's request spans %d sectors for %d useful bytes per lane",
                                a->field, a->elem_bytes, type, a->base_name, w.sectors, a->field_bytes);
            else
                f = finding_new(out, RULE_ID, sev, a->range, k->name,
                                "each thread %s a whole %d-byte '%s' element of '%s' (more than 16 bytes per lane): the copy splits into several narrow accesses per warp",
                                a->is_store && !a->is_load ? "writes" : "reads", a->elem_bytes, type, a->base_name);
        } else {
            dtype_of = wider_dtype_instance(m, k, a);
            Severity sev = dtype_of ? SEV_INFO : a->elem_bytes == 1 ? SEV_HIGH : SEV_MEDIUM;
            f = finding_new(out, RULE_ID, sev, a->range, k->name,
                            "each thread %s one %d-byte '%s' of '%s': a warp moves only %d bytes per request",
                            a->is_store && !a->is_load ? "writes" : "reads", a->elem_bytes, type, a->base_name,
                            model_target(m)->warp_width * a->elem_bytes);
        }
        if (!f) continue;
        finding_str(out, f, "base", a->base_name);
        finding_str(out, f, "type", type);
        finding_int(out, f, "size", a->elem_bytes);
        finding_int(out, f, "alignment", a->elem_align);
        StrSet fields = {NULL, 0};
        if (record) fields_touched(k, a, &fields);
        else strset_add(&fields, "whole");
        finding_str_list(out, f, "fields", fields.items, fields.n);
        strset_free(&fields);
        finding_str(out, f, "kind", record ? "struct" : "subword");
        if (subword) finding_int(out, f, "subword_share_percent", share);
        finding_int(out, f, "sectors_per_request", w.sectors);
        if (kernel_runs_one_block(k)) finding_bool(out, f, "one_block", true);
        if (elsewhere) finding_str(out, f, "work_elsewhere", elsewhere);
        if (dtype_of) finding_str(out, f, "wider_instance", dtype_of);
        finding_predict(out, f);
        add_call_site(out, f, a->call_depth, a->call_site);
        bool vector_builtins = lang->vector_access == VECTOR_BY_LOAD_BUILTINS;
        if (record && a->field) {
            finding_fix(out, f, "store the fields as separate arrays (structure of arrays) so that '%s' is read as consecutive %d-byte values",
                        a->field, a->field_bytes);
        } else if (record) {
            finding_fix(out, f, "store the fields as separate arrays (structure of arrays), or copy the %d bytes through float4 chunks%s / %s so each %s moves 16 bytes",
                        a->elem_bytes, vector_builtins ? " (vload4)" : "", lang->word.shared_memory, lang->word.lane);
        } else if (vector_builtins) {
            finding_fix(out, f, "let each %s handle %d elements through one vload%d/vstore%d (%s%d: 16 bytes per lane)",
                        lang->word.thread, 16 / a->elem_bytes, 16 / a->elem_bytes, 16 / a->elem_bytes,
                        a->elem_bytes == 1 ? "uchar" : "ushort", 16 / a->elem_bytes);
        } else {
            finding_fix(out, f, "let each thread handle %d elements through one int4 access (e.g. reinterpret_cast<%sint4*>)",
                        16 / a->elem_bytes, a->is_store && !a->is_load ? "" : "const ");
        }
    }
}

/* The struct-copy template with the element's real size. */
static bool bench(const Finding *f, BenchParams *p)
{
    long long size = evidence_int(f, "size", 0);
    if (strcmp(evidence_str(f, "kind", ""), "subword") == 0) {
        bench_def(p, "GL_SUBWORD", "%d", size == 1 ? 1 : 2);
        /* a kernel whose other requests are word traffic: the template's
         * sub-word read beside one int written per element (the 50% shape)
         * or beside two int arrays read and one written (25%) */
        long long share = evidence_int(f, "subword_share_percent", 100);
        int companion = share < 37 ? 3 : share < 75 ? 1 : 0;
        bench_def(p, "GL_COMPANION", "%d", companion);
        if (companion)
            snprintf(p->note, sizeof p->note, "sub-word share %lld%% of the kernel's requests: benchmarked as one sub-word element read beside %s per element (%d%%)",
                     share, companion == 3 ? "two int arrays read and one int written" : "one int written", companion == 3 ? 25 : 50);
        bench_one_block(f, p);
        return size == 1 || size == 2;
    }
    if (size <= 0) return false;
    long long rounded = (size + 3) / 4 * 4;
    if (rounded > 128) {
        rounded = 128;
        snprintf(p->note, sizeof p->note, "%lld-byte struct benchmarked at 128 bytes", size);
    } else if (rounded != size) {
        snprintf(p->note, sizeof p->note, "%lld-byte struct benchmarked as %lld bytes of floats", size, rounded);
    }
    bench_def(p, "GL_STRUCT_BYTES", "%lld", rounded);
    long long align = evidence_int(f, "alignment", 4);
    bench_def(p, "GL_STRUCT_ALIGN", "%lld", (align == 8 || align == 16) && rounded % align == 0 ? align : 4);
    int nfields;
    const char *const *fields = evidence_str_list(f, "fields", &nfields);
    bool all_fields = !fields || (nfields == 1 && strcmp(fields[0], "whole") == 0);
    bench_def(p, "GL_FIELDS_ALL", "%d", all_fields ? 1 : 0);
    bench_def(p, "GL_SUBWORD", "0");
    bench_one_block(f, p);
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* A whole struct of floats (4-byte aligned) copied per thread, against
 * float4 chunks, by size in bytes (the catalogue: 8-20 B no loss). */
static const CostTable STRUCT_COPY = {"a whole struct per thread, 4-byte aligned (`kind=struct`, `fields=whole`)", "bytes",
                                      COST_POINTS({20, 1.01, "struct-20B"}, {24, 1.41, "struct-24B"},
                                                  {32, 2.98, "struct-32B"}, {64, 4.71, "struct-64B"},
                                                  {128, 19.83, "struct-128B"})};
/* One char (short) per thread: by the share of the kernel's requests that
 * are such per-thread sub-word accesses (evidence subword_share_percent):
 * 100% is the pure copy; 50% a byte (short) read next to an int written per
 * element, 25% the same with two more int arrays read; the char4 (short4)
 * fix widens the word streams beside it too.  Below 25% there is no finding. */
static const CostTable SUBWORD_CHAR = {"1-byte elements (`kind=subword`), by their share of the kernel's requests "
                                       "(`subword_share_percent`)", "share",
                                       COST_POINTS({25, 1.10, "char-3int"}, {50, 1.65, "char-int"}, {100, 3.67, "char"})};
static const CostTable SUBWORD_SHORT = {"2-byte elements, by their share of the kernel's requests", "share",
                                        COST_POINTS({25, 1.08, "short-3int"}, {50, 1.51, "short-int"}, {100, 2.09, "short"})};
/* A kernel whose addresses leave out the block index runs as one block
 * (evidence one_block): the same shapes timed with one block of 256 threads
 * (bench/calibrate.sh *-1block).  A single access per thread costs such a
 * kernel nothing measurable (launch latency dominates). */
static const CostTable ONE_BLOCK_SUBWORD = {"the kernel runs as one block (`one_block`): a sub-word element per thread", NULL,
                                            COST_POINTS({1, 1.00, "char-1block"})};
static const CostTable ONE_BLOCK_STRUCT = {"the kernel runs as one block: a struct per thread (measured at 32 bytes)", NULL,
                                           COST_POINTS({32, 1.02, "struct-32B-1block"})};
static const CostTable *const costs[] = {&STRUCT_COPY, &SUBWORD_CHAR, &SUBWORD_SHORT, &ONE_BLOCK_SUBWORD, &ONE_BLOCK_STRUCT, NULL};

static void predict_subword(const Finding *f, CostPrediction *out)
{
    long long size = evidence_int(f, "size", 0), share = evidence_int(f, "subword_share_percent", 100);
    if (size != 1 && size != 2) {
        cost_no_measurement(out, "%lld-byte elements", size);
        return;
    }
    if (share <= 0 || share > 100) share = 100;
    cost_predict_from(out, size == 1 ? &SUBWORD_CHAR : &SUBWORD_SHORT, (double)share,
                      "one %lld-byte element per thread, %lld%% of the kernel's requests", size, share);
}

static void predict(const Finding *f, CostPrediction *out)
{
    bool subword = strcmp(evidence_str(f, "kind", ""), "subword") == 0;
    if (evidence_int(f, "one_block", 0)) {
        if (subword)
            cost_predict_from(out, &ONE_BLOCK_SUBWORD, 1, "a sub-word element per thread in a kernel that runs as one block");
        else
            cost_predict_from(out, &ONE_BLOCK_STRUCT, 32, "a struct per thread in a kernel that runs as one block");
        return;
    }
    long long size = evidence_int(f, "size", 0), align = evidence_int(f, "alignment", 4);
    const char *elsewhere = evidence_str(f, "work_elsewhere", "");
    if (elsewhere[0]) { /* the copies are paid once per thread: nothing measured says what they cost there */
        cost_no_measurement(out, "one access per thread outside the loop that does the %s's work (%s): its cost is spread over "
                                 "that loop, which was not measured",
                            strcmp(elsewhere, "kernel-loop") == 0 ? "kernel" : "file", elsewhere);
        return;
    }
    if (subword && evidence_str(f, "wider_instance", NULL)) {
        cost_no_measurement(out, "one element type of a kernel the file also instantiates with word-sized elements (%s): "
                                 "what this instance's runs weigh in the project is not known",
                            evidence_str(f, "wider_instance", ""));
    } else if (subword) {
        predict_subword(f, out);
    } else if (!evidence_has_str(f, "fields", "whole")) {
        cost_no_measurement(out, "single-field reads of a struct were not measured");
    } else if (align > 4) {
        cost_no_measurement(out, "only 4-byte aligned structs were measured; this one is %lld-byte aligned", align);
    } else {
        long long rounded = (size + 3) / 4 * 4;
        cost_predict_from(out, &STRUCT_COPY, (double)rounded, "whole %lld-byte struct per thread", size);
    }
}

const Rule rule_oversized_element = {
    .id = RULE_ID,
    .summary = "per-thread global elements larger than 16 bytes (structs) or smaller than 4 bytes (char/short)",
    .opencl = "__global structs and uchar/short elements per work-item; the fix is structure of arrays or vloadN/vstoreN",
    .default_severity = SEV_HIGH,
    .check_kernel = check_kernel,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
