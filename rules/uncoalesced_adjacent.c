/* uncoalesced_adjacent.c - each thread touches K adjacent elements
 * (index = tid*K + c, K in 2..16), so a warp request spans K times the
 * sectors it needs.  See docs/rules/uncoalesced-adjacent.md. */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "uncoalesced-adjacent"

enum { OPT_ROW_RULE_MIN_WIDTH };
static const RuleOption options[] = {
    [OPT_ROW_RULE_MIN_WIDTH] = {"row-rule-min-width",
                                "from this K on, a loop over the K elements is left to uncoalesced-row (keep equal to its min-constant-width)",
                                8},
};

/* How a loop counter moves an access whose lanes are K elements apart. */
typedef enum {
    LOOP_WALKS_ELEMENTS, /* one element per iteration: the K adjacent elements (for c < K) */
    LOOP_MOVES_PATTERN,  /* a uniform shift of K elements or more per iteration (a grid-stride
                          * loop, an outer loop over rows): every iteration repeats the pattern */
    LOOP_OTHER
} LoopRole;

static LoopRole loop_role(const Kernel *k, const Access *a, int counter, long long K)
{
    Affine c;
    long long step;
    if (!aff_coef(&a->byte_offset, counter, &c)) return LOOP_OTHER;
    if (aff_is_const(&c, &step)) {
        if (step == a->elem_bytes) return LOOP_WALKS_ELEMENTS;
        return llabs(step) >= K * a->elem_bytes ? LOOP_MOVES_PATTERN : LOOP_OTHER;
    }
    /* a symbolic step (blockDim.x*gridDim.x, a row width): the same for
     * every lane, as long as no thread id, other counter or loaded value is in it */
    for (int t = 0; t < c.nterms; t++)
        for (int f = 0; f < c.term[t].nfactors; f++) {
            int s = c.term[t].factor[f];
            if (s == SYM_TID_X || s == SYM_TID_Y || s == SYM_TID_Z) return LOOP_OTHER;
            if (s >= SYM_FIRST_USER && s < k->nsyms && (k->syms[s].kind == SYMK_LOOP || k->syms[s].kind == SYMK_LOADED))
                return LOOP_OTHER;
        }
    return LOOP_MOVES_PATTERN;
}

/* Is this loop counter the one that walks the K elements (dropped from the
 * group key and read for the offsets)?  Other loop counters stay in the key:
 * accesses in the same grid-stride loop share them. */
static bool walks_elements(const Kernel *k, const Access *a, int s, long long K)
{
    return k->syms[s].kind == SYMK_LOOP && aff_mentions(&a->byte_offset, s) && loop_role(k, a, s, K) == LOOP_WALKS_ELEMENTS;
}

/* Lane stride in elements, when the access is a candidate. The K elements
 * may be reached by a short loop (for c < K: in[gid*K + c]); loops that
 * move the whole pattern (grid-stride loops: i += blockDim.x*gridDim.x)
 * leave the lanes' distance as it is. */
static bool adjacent_stride(const Kernel *k, const Access *a, long long row_min_width, long long *K)
{
    if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || a->elem_bytes <= 0) return false;
    /* a record of a word or less (__half, __nv_bfloat16, uchar4-like
     * structs) is moved like a scalar; larger ones are check_struct_fields' */
    if ((a->elem_is_record && a->elem_bytes > 4) || a->elem_is_vector || a->elem_bytes >= 16) return false;
    Affine cx;
    long long stride;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || !aff_is_const(&cx, &stride)) return false;
    if (stride % a->elem_bytes != 0) return false;
    *K = stride / a->elem_bytes;
    for (int s = SYM_FIRST_USER; s < k->nsyms; s++) {
        if (k->syms[s].kind != SYMK_LOOP || !aff_mentions(&a->byte_offset, s)) continue;
        LoopRole role = loop_role(k, a, s, *K);
        /* a short loop stepping one element: the same K adjacent accesses */
        if (role == LOOP_WALKS_ELEMENTS && *K < row_min_width) continue;
        if (role == LOOP_MOVES_PATTERN) continue;
        return false;
    }
    return *K >= 2 && *K <= 16;
}

/* A field of a small struct read or written per thread (p[tid].x): one
 * struct per lane, the fields at their offsets.  Structs of 8..16 bytes
 * only (larger ones are oversized-element's), fields whose size divides
 * the struct's, and no stricter alignment than a field's: a struct with
 * __align__(8/16) is loaded as one vector by nvcc (ld.global.v2/v4 in the
 * PTX of nvcc 13 -O3 for x,y / x,y,z,w reads), so nothing is lost. */
static bool struct_field_candidate(const Kernel *k, const Access *a)
{
    if (a->space != SPACE_GLOBAL || !a->byte_offset.exact || !a->elem_is_record || a->elem_is_vector) return false;
    if (!a->field || a->field_offset < 0 || a->field_bytes <= 0 || a->field_bytes > 8) return false;
    if (a->elem_bytes < 8 || a->elem_bytes > 16 || a->elem_bytes % a->field_bytes != 0) return false;
    if (a->elem_align > a->field_bytes) return false;
    Affine cx;
    long long stride;
    if (!aff_coef(&a->byte_offset, SYM_TID_X, &cx) || !aff_is_const(&cx, &stride) || stride != a->elem_bytes)
        return false;
    long long K = a->elem_bytes / a->field_bytes;
    for (int s = SYM_FIRST_USER; s < k->nsyms; s++)
        if (k->syms[s].kind == SYMK_LOOP && aff_mentions(&a->byte_offset, s)) {
            Affine c;
            long long step;
            /* p[i + c].x in a short loop over neighbours is not this shape */
            if (aff_coef(&a->byte_offset, s, &c) && aff_is_const(&c, &step) && llabs(step) < 2 * a->elem_bytes) return false;
            if (loop_role(k, a, s, K) != LOOP_MOVES_PATTERN) return false;
        }
    return true;
}

/* The field's place in units of the field size, counting whole structs
 * for a constant element offset (p[i + 1].x). */
static long long field_slot(const Access *a)
{
    long long c = 0;
    for (int i = 0; i < a->byte_offset.nterms; i++)
        if (a->byte_offset.term[i].nfactors == 0) c = a->byte_offset.term[i].coef;
    return (c + a->field_offset) / a->field_bytes;
}

/* The part of the index that identifies the group: without the constant
 * offset and without the loop counter that walks the K elements. */
static Affine group_key(const Kernel *k, const Access *acc, long long K)
{
    Affine r = acc->byte_offset;
    for (int i = 0; i < r.nterms;) {
        bool drop = r.term[i].nfactors == 0;
        for (int j = 0; j < r.term[i].nfactors; j++) {
            int s = r.term[i].factor[j];
            if (s >= SYM_FIRST_USER && s < k->nsyms && walks_elements(k, acc, s, K)) drop = true;
        }
        if (drop) {
            memmove(&r.term[i], &r.term[i + 1], (size_t)(r.nterms - i - 1) * sizeof r.term[0]);
            r.nterms--;
        } else {
            i++;
        }
    }
    r.deps = 0;
    return r;
}

/* Element offsets an access covers: its constant, plus 0..trip-1 when a
 * loop counter walks it (trip from the loop's constant bounds, else K). */
static int access_offsets(const Kernel *k, const Access *a, long long K, long long *out, int max)
{
    long long c = 0;
    for (int i = 0; i < a->byte_offset.nterms; i++)
        if (a->byte_offset.term[i].nfactors == 0) c = a->byte_offset.term[i].coef / a->elem_bytes;
    long long trip = 1;
    for (int s = SYM_FIRST_USER; s < k->nsyms; s++) {
        if (!walks_elements(k, a, s, K)) continue;
        long long t = loop_constant_trips(&k->loops[k->syms[s].loop]);
        trip = t > 0 && t <= K ? t : K;
    }
    int n = 0;
    for (long long q = 0; q < trip && n < max; q++) out[n++] = c + q;
    return n;
}

static const char *scalar_name(const Access *a)
{
    const char *t = a->elem_canonical;
    if (strncmp(t, "const ", 6) == 0) t += 6;
    if (strncmp(t, "volatile ", 9) == 0) t += 9;
    if (strcmp(t, "float") == 0) return "float";
    if (strcmp(t, "double") == 0) return "double";
    if (strcmp(t, "int") == 0) return "int";
    if (strcmp(t, "unsigned int") == 0) return "uint";
    if (strcmp(t, "short") == 0) return "short";
    if (strcmp(t, "unsigned short") == 0) return "ushort";
    if (strcmp(t, "char") == 0 || strcmp(t, "signed char") == 0) return "char";
    if (strcmp(t, "unsigned char") == 0) return "uchar";
    if (strcmp(t, "long") == 0 || strcmp(t, "long long") == 0) return "longlong";
    return NULL;
}

static const char *vector_type(FindingList *l, const Access *a, long long K)
{
    long long bytes = K * a->elem_bytes;
    const char *s = scalar_name(a);
    if (bytes > 16) return arena_printf(&l->arena, "%lldx float4", (bytes + 15) / 16);
    if (s && (K == 2 || K == 4) && bytes <= 16) return arena_printf(&l->arena, "%s%lld", s, K);
    if (bytes == 16) return "int4";
    if (bytes == 8) return "int2";
    if (bytes == 4) return "int";
    if (s && K == 3) return arena_printf(&l->arena, "%s3 (or padding to %s4)", s, s);
    return arena_printf(&l->arena, "%lld-byte vector", bytes);
}

/* Sizes one load or store instruction moves per thread. */
static bool native_vector_bytes(long long bytes)
{
    return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16;
}

/* The next size one instruction moves. */
static long long padded_bytes(long long bytes)
{
    long long p = 1;
    while (p < bytes) p *= 2;
    return p;
}

/* The vector type of the padded element: float4 for three floats. */
static const char *padded_vector(FindingList *l, const Access *a, long long K)
{
    long long padded = padded_bytes(K * a->elem_bytes), lanes = padded / (a->elem_bytes > 0 ? a->elem_bytes : 1);
    const char *s = scalar_name(a);
    if (s && (lanes == 2 || lanes == 4)) return arena_printf(&l->arena, "%s%lld", s, lanes);
    return padded == 16 ? "int4" : padded == 8 ? "int2" : "int";
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static void check_struct_fields(const Model *m, const Kernel *k, FindingList *out);


/* The group's access to report at: the first in source order. */
static const Access *first_in_source(const Kernel *k, const Access *a, const int *members, int nmembers)
{
    const Access *first = a;
    for (int q = 0; q < nmembers; q++) {
        const Access *b = &k->accesses[members[q]];
        if (b->range.line < first->range.line || (b->range.line == first->range.line && b->range.col < first->range.col))
            first = b;
    }
    return first;
}

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    long long row_min = ctx->options[OPT_ROW_RULE_MIN_WIDTH];
    bool *done = calloc((size_t)k->naccesses + 1, sizeof *done);
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        long long K;
        if (done[i] || !adjacent_stride(k, a, row_min, &K)) continue;
        Affine key = group_key(k, a, K);
        bool store_group = a->is_store && !a->is_load;
        /* The group: same base, same element, same K, same non-constant part. */
        long long offsets[64];
        int noff = 0;
        int members[64], nmembers = 0;
        for (int j = i; j < k->naccesses; j++) {
            const Access *b = &k->accesses[j];
            long long K2;
            if (done[j] || !adjacent_stride(k, b, row_min, &K2) || K2 != K) continue;
            if (b->base_param != a->base_param || strcmp(b->base_name, a->base_name) != 0) continue;
            if (b->elem_bytes != a->elem_bytes || (b->is_store && !b->is_load) != store_group) continue;
            Affine key2 = group_key(k, b, K);
            if (!aff_equal(&key, &key2)) continue;
            done[j] = true;
            long long covered[16];
            int nc = access_offsets(k, b, K, covered, 16);
            for (int q = 0; q < nc; q++) {
                bool seen = false;
                for (int r = 0; r < noff; r++) seen |= offsets[r] == covered[q];
                if (!seen && noff < 64) offsets[noff++] = covered[q];
            }
            if (nmembers < 64) members[nmembers++] = j;
        }
        qsort(offsets, (size_t)noff, sizeof offsets[0], cmp_ll);

        const Access *first = first_in_source(k, a, members, nmembers);
        WarpAccess w;
        if (!access_geometry(m, k, first, &w)) continue;
        /* a thread's state loaded or stored once around the loop that does
         * the kernel's work in registers: paid once against that loop */
        bool beside_work = true;
        for (int q = 0; q < nmembers && beside_work; q++) beside_work = access_once_beside_work(k, &k->accesses[members[q]]);
        Severity sev = beside_work ? SEV_INFO : w.sectors >= 4 * w.ideal_sectors ? SEV_HIGH : SEV_MEDIUM;
        const char *vt = vector_type(out, a, K);
        const char *verb = store_group ? "writes" : "reads";
        Finding *f = finding_new(out, RULE_ID, sev, first->range, k->name,
                                 "each thread %s %lld adjacent %s elements of '%s' (index = tid*%lld + c): %d sectors per warp request instead of %d",
                                 verb, K, unqualified(out, first->elem_type), first->base_name, K, w.sectors, w.ideal_sectors);
        if (!f) continue;
        finding_str(out, f, "base", first->base_name);
        finding_int(out, f, "element_bytes", first->elem_bytes);
        finding_int(out, f, "K", K);
        finding_int_list(out, f, "offsets", offsets, noff);
        finding_int(out, f, "lane_stride_bytes", K * first->elem_bytes);
        finding_int(out, f, "sectors_per_request", w.sectors);
        finding_int(out, f, "ideal_sectors", w.ideal_sectors);
        finding_str(out, f, "vector_type", vt);
        finding_str(out, f, "block_shape", block_shape_text(out, m, k));
        finding_str(out, f, "element_type", first->elem_canonical);
        finding_str(out, f, "access", store_group ? "store" : "load");
        /* loads and stores of the same K and index in one kernel: the copy
         * shape, where load-store ordering is what __restrict__ lifts */
        bool copy = false;
        for (int j = 0; j < k->naccesses && !copy; j++) {
            const Access *b = &k->accesses[j];
            long long K2;
            if (!adjacent_stride(k, b, row_min, &K2) || K2 != K || (b->is_store && !b->is_load) == store_group) continue;
            Affine key2 = group_key(k, b, K);
            copy = aff_equal(&key, &key2);
        }
        finding_bool(out, f, "copy_shape", copy);
        if (kernel_runs_one_block(k)) finding_bool(out, f, "one_block", true);
        if (beside_work) finding_str(out, f, "work_elsewhere", "kernel-loop");
        finding_predict(out, f);
        for (int q = 0; q < nmembers; q++) {
            const Access *b = &k->accesses[members[q]];
            if (b != first) finding_related(out, f, b->range, "adjacent %s of the same group", b->is_store ? "store" : "load");
        }
        add_call_site(out, f, first->call_depth, first->call_site);
        bool is_restrict = first->base_param >= 0 && first->base_param < k->nparams && k->params[first->base_param].is_restrict;
        const GpuLanguage *lang = model_language(m);
        bool one_vector = K * first->elem_bytes <= 16;
        if (lang->vector_access == VECTOR_BY_LOAD_BUILTINS && one_vector && (K == 2 || K == 3 || K == 4 || K == 8 || K == 16))
            finding_fix(out, f, "access the %lld elements as one %s: %s (vloadN/vstoreN need only %lld-byte element alignment; a %s pointer cast would need 16)",
                        K, vt, store_group ? arena_printf(&out->arena, "vstore%lld(v, tid, %s)", K, first->base_name)
                                           : arena_printf(&out->arena, "vload%lld(tid, %s)", K, first->base_name),
                        (long long)first->elem_bytes, vt);
        else if (lang->vector_access == VECTOR_BY_POINTER_CAST && one_vector && native_vector_bytes(K * first->elem_bytes))
            finding_fix(out, f, "access the %lld elements as one %s: reinterpret_cast<%s%s*>(%s)[tid] (the base must be %lld-byte aligned)",
                        K, vt, store_group ? "" : "const ", vt, first->base_name, K * first->elem_bytes);
        else if (lang->vector_access == VECTOR_BY_POINTER_CAST && one_vector)
            /* a float3 or a 12-byte struct is still K narrow accesses: no
             * single instruction moves it */
            finding_fix(out, f, "no single access moves %lld bytes (a %s3 is %lld separate %d-byte accesses): pad each element to %lld bytes "
                                "so that one %s moves it (uses %lld%% more memory), or keep the %lld components in separate arrays "
                                "(structure of arrays: each read coalesced), or stage the %s's span through %s with coalesced loads",
                        K * first->elem_bytes, scalar_name(first) ? scalar_name(first) : "float", K, first->elem_bytes,
                        padded_bytes(K * first->elem_bytes), padded_vector(out, first, K),
                        100 * (padded_bytes(K * first->elem_bytes) - K * first->elem_bytes) / (K * first->elem_bytes), K,
                        lang->word.block, lang->word.shared_memory);
        else
            finding_fix(out, f, "move the %lld bytes per %s as %s %s%s, or stage the %s's data through %s",
                        K * first->elem_bytes, lang->word.thread, vt, store_group ? "stores" : "loads",
                        lang->idiom.vector_access_hint, lang->word.block, lang->word.shared_memory);
        if (!is_restrict && K <= 4 && first->base_param >= 0)
            finding_fix(out, f, "declaring '%s' %s alone recovers much of the cost for K=2..4 (the loads can then be merged)",
                        first->base_name, lang->word.restrict_qualifier);
    }
    free(done);
    check_struct_fields(m, k, out);
}

/* Key of a struct access's group: the element index without its constant. */
static Affine struct_key(const Access *a)
{
    Affine r = aff_const(0);
    for (int i = 0; i < a->byte_offset.nterms; i++)
        if (a->byte_offset.term[i].nfactors > 0) {
            Affine t = a->byte_offset;
            t.nterms = 1;
            t.term[0] = a->byte_offset.term[i];
            r = aff_add(&r, &t);
        }
    r.deps = 0;
    return r;
}

static bool same_struct_group(const Access *a, const Access *b, const Affine *key, bool store_group)
{
    if (b->base_param != a->base_param || strcmp(b->base_name, a->base_name) != 0) return false;
    if (b->elem_bytes != a->elem_bytes || b->field_bytes != a->field_bytes) return false;
    if ((b->is_store && !b->is_load) != store_group) return false;
    Affine kb = struct_key(b);
    return aff_equal(key, &kb);
}

/* Adjacent fields of a small struct touched per thread (p[tid].x, p[tid].y):
 * K = the fields touched, the element size = the field's. */
static void check_struct_fields(const Model *m, const Kernel *k, FindingList *out)
{
    bool *done = calloc((size_t)k->naccesses + 1, sizeof *done);
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (done[i] || !struct_field_candidate(k, a)) continue;
        Affine key = struct_key(a);
        bool store_group = a->is_store && !a->is_load;
        long long slots[32];
        int nslots = 0, members[64], nmembers = 0;
        const char *names[32];
        int nnames = 0;
        for (int j = i; j < k->naccesses; j++) {
            const Access *b = &k->accesses[j];
            if (done[j] || !struct_field_candidate(k, b) || !same_struct_group(a, b, &key, store_group)) continue;
            done[j] = true;
            long long slot = field_slot(b);
            bool seen = false;
            for (int r = 0; r < nslots; r++) seen |= slots[r] == slot;
            if (!seen && nslots < 32) {
                slots[nslots++] = slot;
                names[nnames++] = b->field;
            }
            if (nmembers < 64) members[nmembers++] = j;
        }
        if (nslots < 2) continue; /* one field: not adjacent accesses */
        qsort(slots, (size_t)nslots, sizeof slots[0], cmp_ll);
        const Access *first = first_in_source(k, a, members, nmembers);
        WarpAccess w;
        if (!warp_geometry(&first->byte_offset, first->field_bytes, k->block, model_target(m), &w)) continue;
        long long K = nslots, fb = first->field_bytes, sb = first->elem_bytes;
        bool whole = K * fb == sb;
        bool copy = false; /* the opposite direction on the same element index */
        for (int j = 0; j < k->naccesses && !copy; j++) {
            const Access *b = &k->accesses[j];
            if (!struct_field_candidate(k, b) || (b->is_store && !b->is_load) == store_group) continue;
            Affine kb = struct_key(b);
            copy = b->elem_bytes == sb && aff_equal(&key, &kb);
        }
        const char *type = unqualified(out, first->elem_type);
        char fields[256] = "";
        for (int q = 0; q < nnames; q++)
            snprintf(fields + strlen(fields), sizeof fields - strlen(fields), "%s%s", q ? ", " : "", names[q]);
        /* no measurement for a struct only partly touched: the rule claims little */
        Finding *f = finding_new(out, RULE_ID, SEV_LOW, first->range, k->name,
                                 "each thread %s %lld adjacent fields (%s) of the %lld-byte struct %s in '%s' (array of structs): %d sectors per warp request instead of %d",
                                 store_group ? "writes" : "reads", K, fields, sb, type, first->base_name, w.sectors, w.ideal_sectors);
        if (!f) continue;
        finding_str(out, f, "base", first->base_name);
        finding_int(out, f, "element_bytes", fb);
        finding_int(out, f, "K", K);
        finding_int_list(out, f, "offsets", slots, nslots);
        finding_int(out, f, "lane_stride_bytes", sb);
        finding_int(out, f, "sectors_per_request", w.sectors);
        finding_int(out, f, "ideal_sectors", w.ideal_sectors);
        finding_str(out, f, "block_shape", block_shape_text(out, m, k));
        finding_str(out, f, "element_type", first->elem_canonical);
        finding_str(out, f, "access", store_group ? "store" : "load");
        finding_bool(out, f, "copy_shape", copy);
        finding_str(out, f, "struct", type);
        finding_int(out, f, "struct_bytes", sb);
        finding_int(out, f, "struct_alignment", first->elem_align);
        finding_str_list(out, f, "fields", names, nnames);
        if (kernel_runs_one_block(k)) finding_bool(out, f, "one_block", true);
        finding_predict(out, f);
        for (int q = 0; q < nmembers; q++) {
            const Access *b = &k->accesses[members[q]];
            if (b != first) finding_related(out, f, b->range, "%s of field '%s' of the same struct", b->is_store ? "store" : "load", b->field);
        }
        add_call_site(out, f, first->call_depth, first->call_site);
        long long vec = sb <= 8 ? 8 : 16;
        const LanguageWords *word = &model_language(m)->word;
        finding_fix(out, f, "store the fields as separate arrays (structure of arrays)%s, or %s %s %s%lld%s%s so %s moves it with one %lld-byte access",
                    whole ? "" : " so the untouched fields are not fetched", word->align_verb, type, word->align_open, vec,
                    word->align_close, sb < vec ? " (padding it)" : "", word->vector_mover, vec);
    }
    free(done);
}

/* The adjacent-access template with the finding's K and element type. */
static bool bench(const Finding *f, BenchParams *p)
{
    long long K = evidence_int(f, "K", 0), bytes = evidence_int(f, "element_bytes", 4);
    if (K < 2 || K > 16) return false;
    long long struct_bytes = evidence_int(f, "struct_bytes", 0);
    if (struct_bytes > 0 && K * bytes != struct_bytes) {
        snprintf(p->refused, sizeof p->refused, "only %lld of the %lld bytes of each struct are touched: the template's K adjacent elements are a different shape",
                 K * bytes, struct_bytes);
        return false;
    }
    const char *t = bench_scalar_type(struct_bytes > 0 ? NULL : evidence_str(f, "element_type", NULL), bytes);
    if (bytes < 4 && struct_bytes == 0) {
        /* the lanes' distance in bytes decides (as the cost model reads it):
         * K 2-byte elements are benchmarked as K/2 floats */
        if ((K * bytes) % 4 != 0 || K * bytes / 4 < 2) {
            snprintf(p->refused, sizeof p->refused, "%lld adjacent %lld-byte elements are less than two floats per thread: no float shape has the same lane distance",
                     K, bytes);
            return false;
        }
        snprintf(p->note, sizeof p->note, "%lld adjacent %lld-byte elements benchmarked as %lld floats (the same bytes per thread)", K, bytes,
                 K * bytes / 4);
        K = K * bytes / 4;
        t = "float";
    }
    bench_def(p, "GL_K", "%lld", K);
    bench_def(p, "GL_ELEM", "%s", t);
    bench_def(p, "GL_STORE", "%d", evidence_int(f, "copy_shape", 0) ? 2 : strcmp(evidence_str(f, "access", "load"), "store") == 0 ? 1 : 0);
    bench_one_block(f, p);
    if (struct_bytes > 0)
        snprintf(p->note, sizeof p->note, "the %lld fields of the %lld-byte struct %s benchmarked as %lld adjacent %s elements", K,
                 struct_bytes, evidence_str(f, "struct", "?"), K, t);
    else if (bytes > 8)
        snprintf(p->note, sizeof p->note, "%lld-byte elements benchmarked as %s", bytes, t);
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* The scalar accesses against the best fix (restrict or vector), 4-byte
 * elements, by K.  Loads and stores interleaved (a per-element copy): the
 * load-store ordering is what costs.  Loads only: L1 merges the sectors. */
static const CostTable COPY = {"loads and stores of the same K elements (`copy_shape=true`)", "K",
                               COST_POINTS({2, 1.14, "adjacent-K2-copy"}, {4, 2.08, "adjacent-K4-copy"},
                                           {8, 3.76, "adjacent-K8-copy"})};
static const CostTable LOADS = {"loads only (`access=load`)", "K",
                                COST_POINTS({3, 1.00, "examples/image_blur.cu:31 (K=3 loads)"},
                                            {4, 1.00, "adjacent-K4-loads"})};
/* Stores alone (a thread reads one value and writes K): the write-back
 * merges K <= 4 per-thread stores; K=8 (32 bytes per lane) does not. */
static const CostTable STORES = {"stores only (`access=store`)", "K",
                                 COST_POINTS({2, 1.01, "adjacent-K2-stores"}, {4, 1.00, "adjacent-K4-stores"},
                                             {8, 4.85, "adjacent-K8-stores"})};
/* A kernel whose addresses leave out the block index runs as one block
 * (evidence one_block): the copy timed with one block of 256 threads.  A
 * single access per thread costs such a kernel nothing measurable (launch
 * latency dominates). */
static const CostTable ONE_BLOCK = {"the kernel runs as one block (`one_block`), any K (measured at K=4)", NULL,
                                    COST_POINTS({4, 1.00, "adjacent-K4-copy-1block"})};
static const CostTable *const costs[] = {&COPY, &LOADS, &STORES, &ONE_BLOCK, NULL};

static void predict(const Finding *f, CostPrediction *out)
{
    if (evidence_str(f, "work_elsewhere", "")[0]) { /* paid once per thread: nothing measured says what it costs there */
        cost_no_measurement(out, "accesses each thread makes once beside the loop that does the kernel's work (kernel-loop): "
                                 "their cost is spread over that loop, which was not measured");
        return;
    }
    if (evidence_int(f, "one_block", 0)) {
        cost_predict_from(out, &ONE_BLOCK, 4, "adjacent elements in a kernel that runs as one block");
        return;
    }
    long long K = evidence_int(f, "K", 0), bytes = evidence_int(f, "element_bytes", 4);
    bool copy = evidence_int(f, "copy_shape", 0) != 0;
    bool store = strcmp(evidence_str(f, "access", "load"), "store") == 0;
    long long struct_bytes = evidence_int(f, "struct_bytes", 0);
    if (struct_bytes > 0 && K * bytes != struct_bytes) {
        /* lanes a whole struct apart, but fewer bytes used than the measured K-element shapes */
        cost_no_measurement(out, "%lld of the %lld bytes of each struct touched: lanes %lld bytes apart; only fully used "
                                 "K-element groups were measured", K * bytes, struct_bytes, struct_bytes);
        return;
    }
    /* other element sizes read at the K of 4-byte ones with the same bytes
     * per thread (the lanes' distance decides the sectors) */
    double k4 = (double)K * (double)bytes / 4.0;
    if (K < 2 || bytes <= 0 || bytes > 8 || k4 < 2) {
        cost_no_measurement(out, K < 2 ? "no K"
                                 : bytes > 8 ? "only elements of up to 8 bytes were measured"
                                             : "fewer than 8 bytes per thread: the lanes are as close as 4-byte elements'");
        return;
    }
    char elems[96] = "";
    if (bytes != 4) snprintf(elems, sizeof elems, ", read as K=%g of 4-byte elements", k4);
    if (struct_bytes > 0)
        snprintf(elems + strlen(elems), sizeof elems - strlen(elems), " (the fields of a %lld-byte struct)", struct_bytes);
    if (copy)
        cost_predict_from(out, &COPY, k4, "K=%lld loads and stores of %lld-byte elements%s", K, bytes, elems);
    else if (store)
        cost_predict_from(out, &STORES, k4, "K=%lld stores of %lld-byte elements%s", K, bytes, elems);
    else
        cost_predict_from(out, &LOADS, k4, "K=%lld loads of %lld-byte elements%s", K, bytes, elems);
}

const Rule rule_uncoalesced_adjacent = {
    .id = RULE_ID,
    .summary = "each thread accesses K adjacent elements (tid*K + c): K times the memory sectors per warp request",
    .opencl = "get_global_id-based x[K*i + c] groups on __global memory; the fix is vloadK/vstoreK (vloadN counts as one vector access)",
    .default_severity = SEV_HIGH,
    .options = options,
    .noptions = (int)(sizeof options / sizeof options[0]),
    .check_kernel = check_kernel,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
