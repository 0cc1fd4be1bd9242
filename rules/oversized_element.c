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
        Finding *f;
        if (record) {
            /* Whole-struct copies, H100: no measurable loss up to 20 bytes,
             * 1.3x at 24, 3.1x at 32. A single field read wastes the rest of
             * every sector whatever the size. */
            Severity sev = a->elem_bytes >= 32 ? SEV_HIGH
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
            Severity sev = a->elem_bytes == 1 ? SEV_HIGH : SEV_MEDIUM;
            f = finding_new(out, RULE_ID, sev, a->range, k->name,
                            "each thread %s one %d-byte '%s' of '%s': a warp moves only %d bytes per request",
                            a->is_store && !a->is_load ? "writes" : "reads", a->elem_bytes, type, a->base_name,
                            lang->warp_width * a->elem_bytes);
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

const Rule rule_oversized_element = {
    .id = RULE_ID,
    .summary = "per-thread global elements larger than 16 bytes (structs) or smaller than 4 bytes (char/short)",
    .opencl = "__global structs and uchar/short elements per work-item; the fix is structure of arrays or vloadN/vstoreN",
    .default_severity = SEV_HIGH,
    .check_kernel = check_kernel,
    .bench = bench,
};
