/* specialize_constant.c - a kernel parameter or __constant__ value with a
 * small set of values used as a loop trip count: a template parameter would
 * let the compiler unroll the loop and keep per-thread arrays in registers.
 * See docs/rules/specialize-constant.md. */
#include "rules.h"

#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "specialize-constant"
enum { OPT_MAX_SPECIALIZED_VALUE };
static const RuleOption options[] = {
    [OPT_MAX_SPECIALIZED_VALUE] = {"max-specialized-value",
                                   "largest launch value worth a template instance (larger counts are problem sizes, not variants)",
                                   64},
};

/* Local/shared arrays the loop indexes with its counter. */
static const Access *array_indexed_by(const Kernel *k, int loop, AddrSpace space)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != space || a->array < 0) continue;
        if (!model_loop_within(k, a->loop, loop)) continue;
        if (a->byte_offset.exact && !aff_mentions(&a->byte_offset, k->loops[loop].counter)) continue;
        /* an index that cannot be read (a dependent element size) counts only
         * directly in the loop, not in a loop nested inside it */
        if (!a->byte_offset.exact && a->loop != loop) continue;
        return a;
    }
    return NULL;
}

typedef struct {
    long long values[16];
    int n;
    bool runtime_seen;
    bool from_host_code;     /* some values come from host code around a launch, not a literal */
} ValueSet;

static void add_value(ValueSet *vs, long long v)
{
    bool dup = false;
    for (int j = 0; j < vs->n; j++) dup |= vs->values[j] == v;
    if (!dup && vs->n < 16) vs->values[vs->n++] = v;
}

static void launch_values(const Model *m, const Kernel *k, int param, ValueSet *vs)
{
    memset(vs, 0, sizeof *vs);
    int ki = (int)(k - m->kernels);
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *L = &m->launches[i];
        if (L->kernel != ki || param >= L->nargs) continue;
        if (!L->arg_known[param] && L->arg_sets && L->arg_sets[param].n > 0) {
            /* a local, struct field, table or caller that only ever holds constants */
            for (int v = 0; v < L->arg_sets[param].n; v++) add_value(vs, L->arg_sets[param].values[v]);
            vs->from_host_code = true;
            continue;
        }
        if (!L->arg_known[param]) {
            vs->runtime_seen = true;
            continue;
        }
        add_value(vs, L->arg_value[param]);
    }
}

static bool switch_on(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->nbranches; i++) {
        const Branch *b = &k->branches[i];
        if (b->kind == BRANCH_SWITCH && branch_reads_symbol(b, name)) return true;
    }
    return false;
}

/* Does `sym` multiply a thread or block index in some access of the
 * kernel?  Then it is a row width or a size of the problem, not a variant. */
static bool scales_thread_index(const Kernel *k, int sym)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Affine *o = &k->accesses[i].byte_offset;
        if (!o->exact) continue;
        for (int t = 0; t < o->nterms; t++) {
            bool has_sym = false, has_index = false;
            for (int f = 0; f < o->term[t].nfactors; f++) {
                int s = o->term[t].factor[f];
                has_sym |= s == sym;
                has_index |= s == SYM_TID_X || s == SYM_TID_Y || s == SYM_TID_Z || s == SYM_BID_X || s == SYM_BID_Y ||
                             s == SYM_BID_Z;
            }
            if (has_sym && has_index) return true;
        }
    }
    return false;
}

/* Is symbol `sym` compared with the thread's global index (`if (gid < n)`,
 * `gid >= n`: return; in a kernel that runs as one block, `tid < n`)?
 * Then it counts the elements the threads cover: a size of the problem,
 * not a variant.  (`threadIdx.x < ntaps` in a kernel of many blocks is a
 * block staging a small table: no such sign.) */
static bool bounds_thread_index(const Kernel *k, int sym)
{
    for (int i = 0; i < k->nthread_compares; i++)
        if (k->thread_compares[i].symbol == sym)
            return (k->thread_compares[i].other_deps & DEP_BLOCK) || kernel_runs_one_block(k);
    return false;
}

/* for (d = -r; d <= r; d++): a window of radius r around something. */
static bool symmetric_window(const Loop *L, int sym)
{
    if (!L->bound_inclusive || L->bound_is_lower || !L->init.exact || !aff_mentions(&L->bound, sym)) return false;
    Affine sum = aff_add(&L->init, &L->bound);
    long long zero;
    return aff_is_const(&sum, &zero) && zero == 0;
}

/* A loop directly inside or around L with the same bound (k x k), whose
 * inner counter moves an access that also depends on the thread: a
 * window around the thread's element, not a walk over the problem. */
static const Loop *nested_window(const Kernel *k, int li)
{
    const Loop *L = &k->loops[li];
    for (int j = 0; j < k->nloops; j++) {
        const Loop *M = &k->loops[j];
        if (j == li || !M->has_bound || !aff_equal(&M->bound, &L->bound)) continue;
        if (M->parent != li && L->parent != j) continue;
        int inner = M->parent == li ? j : li;
        int counter = k->loops[inner].counter;
        for (int i = 0; i < k->naccesses; i++) {
            const Access *a = &k->accesses[i];
            if (a->space != SPACE_GLOBAL || !(a->byte_offset.deps & DEP_THREAD)) continue;
            /* clamped indices (min/max at the borders) are not affine: inside the loop and loop-dependent will do */
            bool moves = a->byte_offset.exact ? aff_mentions(&a->byte_offset, counter)
                                              : a->loop == inner && (a->byte_offset.deps & DEP_LOOP);
            if (moves) return M;
        }
    }
    return NULL;
}

/* len = perspective ? 9 : 6; for (i < len) tmat[i] = ...: the bound is one
 * of two constants chosen by a kernel parameter, and with a per-thread array
 * indexed by the loop the runtime choice keeps the array in local memory. */
static void check_choice(const Model *m, const Kernel *k, int li, FindingList *out)
{
    const Loop *L = &k->loops[li];
    const Symbol *sym = &k->syms[L->choice_symbol];
    const Access *local = array_indexed_by(k, li, SPACE_LOCAL);
    const ArrayDecl *arr = local ? &k->arrays[local->array] : NULL;
    if (!arr || arr->count <= 0 || arr->count > 1024) return; /* without an array: a branch on a flag, little to gain */
    const GpuLanguage *lang = model_language(m);
    long long values[2] = {L->bound_choice[0] < L->bound_choice[1] ? L->bound_choice[0] : L->bound_choice[1],
                           L->bound_choice[0] < L->bound_choice[1] ? L->bound_choice[1] : L->bound_choice[0]};
    Finding *f = finding_new(out, RULE_ID, SEV_HIGH, L->header, k->name,
                             "loop bound '%s' is %lld or %lld, chosen by the runtime kernel parameter '%s' (%s), and indexes the per-thread array '%s[%lld]': the array cannot stay in registers; make '%s' %s",
                             L->bound_text ? L->bound_text : "?", values[0], values[1], sym->name,
                             L->choice_text ? L->choice_text : "", arr->name, arr->count, sym->name,
                             lang->idiom.compile_time_value);
    if (!f) return;
    finding_str(out, f, "symbol", sym->name);
    finding_str(out, f, "use", "loop-bound");
    finding_str(out, f, "bound", L->bound_text ? L->bound_text : sym->name);
    finding_int_list(out, f, "values", values, 2);
    finding_str(out, f, "value_source", "select");
    finding_str(out, f, "local_array", arr->name);
    finding_int(out, f, "array_size", arr->count);
    finding_related(out, f, arr->range, "per-thread array '%s' sized for the larger value", arr->name);
    finding_predict(out, f);
    if (lang->specialization == SPECIALIZE_BY_BUILD_OPTION)
        finding_fix(out, f, "build the program with -D %s=0 or 1 and compute the bound from that macro (with #pragma unroll on the loop), one program per value, chosen on the host",
                    sym->name);
    else
        finding_fix(out, f, "make the kernel template<bool %s> (so the bound is a constant and the loop unrolls fully, #pragma unroll) and select the instantiation on the host",
                    sym->name);
}

/* The values a loop-bound symbol is known to take: a kernel parameter's
 * from the launches, a __constant__ value's from the host code that writes
 * it (then its value_source, else NULL, is returned). */
static const char *symbol_values(const Model *m, const Kernel *k, const Symbol *sym, ValueSet *vs)
{
    memset(vs, 0, sizeof *vs);
    const char *write_source = NULL;
    if (sym->kind == SYMK_PARAM) launch_values(m, k, sym->param, vs);
    else
        for (int w = 0; w < m->nsymbol_writes; w++) {
            const SymbolWrite *sw = &m->symbol_writes[w];
            if (strcmp(sw->symbol, sym->name) != 0 || !sw->value_source) continue;
            write_source = sw->value_source;
            for (int v = 0; v < sw->nvalues && vs->n < 16; v++) vs->values[vs->n++] = sw->values[v];
        }
    return write_source;
}

/* The tightest cap the kernel itself puts on symbol `s` before its loops
 * (assert(k <= C), if (k > C) return;) within 1..max_value, or NULL. */
static const SymbolLimit *symbol_guard(const Kernel *k, int s, long long max_value)
{
    const SymbolLimit *guard = NULL;
    for (int g = 0; g < k->nlimits; g++) {
        const SymbolLimit *lim = &k->limits[g];
        if (lim->symbol == s && lim->max >= 1 && lim->max <= max_value && (!guard || lim->max < guard->max))
            guard = lim;
    }
    return guard;
}

/* Each launch of k with the value it passes for the parameter `sym`, as
 * related locations of f. */
static void relate_launches(const Model *m, const Kernel *k, const Symbol *sym, Finding *f, FindingList *out)
{
    int ki = (int)(k - m->kernels);
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *ln = &m->launches[i];
        if (ln->kernel != ki || sym->kind != SYMK_PARAM || sym->param >= ln->nargs) continue;
        if (ln->arg_known[sym->param])
            finding_related(out, f, ln->range, "launched with %s = %lld", sym->name, ln->arg_value[sym->param]);
        else if (ln->arg_sets && ln->arg_sets[sym->param].n) {
            const ArgValueSet *set = &ln->arg_sets[sym->param];
            char list[160];
            Evidence ev = {.kind = EV_INT_LIST, .ints = set->values, .count = set->n};
            evidence_format(&ev, list, sizeof list);
            finding_related(out, f, ln->range, "launched with %s = %s, one of %s (%s)", sym->name,
                            ln->arg_text[sym->param], list,
                            strcmp(set->how, "caller") == 0 ? "what the callers in this file pass"
                            : strcmp(set->how, "table") == 0 ? "the constant table's elements"
                                                             : "the only values host code assigns it");
        }
    }
}

/* The block dimension (SYM_BDIM_X..Z) a loop counts to (`k < blockDim.y`,
 * from 0 or another constant, by constant steps), or -1. */
static int block_dim_bound(const Loop *L)
{
    const Affine *b = &L->bound;
    long long c;
    if (!L->has_bound || L->bound_is_lower || !b->exact || b->nterms != 1 || b->term[0].coef != 1 ||
        b->term[0].nfactors != 1 || !aff_is_const(&L->init, &c) || !aff_is_const(&L->step, &c))
        return -1;
    int s = b->term[0].factor[0];
    return s >= SYM_BDIM_X && s <= SYM_BDIM_Z ? s : -1;
}

/* Does loop li (or a loop inside it) read or write global memory? */
static bool loop_touches_global(const Kernel *k, int li)
{
    for (int i = 0; i < k->naccesses; i++)
        if (k->accesses[i].space == SPACE_GLOBAL && model_loop_within(k, k->accesses[i].loop, li)) return true;
    return false;
}

/* for (k = 0; k < blockDim.y; ++k) in a kernel every launch of the file
 * gives the same small block: the trip count is a constant the compiler is
 * not told; the block shape as a template parameter (or a constexpr used
 * for the launch too) lets the loop unroll and keep its global loads in
 * flight together.  A loop over shared memory only (a block's reduction
 * of a few values) gains nothing measurable. */
static void check_block_bound(const Model *m, const Kernel *k, int li, long long max_value, FindingList *out)
{
    const Loop *L = &k->loops[li];
    int s = block_dim_bound(L);
    if (s < 0 || !k->block.known || k->block_required || k->nlaunches == 0 || !loop_touches_global(k, li)) return;
    int dims[3] = {k->block.x, k->block.y, k->block.z};
    long long value = dims[s - SYM_BDIM_X];
    if (value < 2 || value > max_value) return;
    const Symbol *sym = &k->syms[s];
    const GpuLanguage *lang = model_language(m);
    const Access *local = array_indexed_by(k, li, SPACE_LOCAL);
    const ArrayDecl *arr = local && k->arrays[local->array].count > 0 && k->arrays[local->array].count <= 1024
                               ? &k->arrays[local->array]
                               : NULL;
    char shape[64];
    snprintf(shape, sizeof shape, "%dx%dx%d", k->block.x, k->block.y, k->block.z);
    Finding *f = finding_new(out, RULE_ID, arr ? SEV_HIGH : SEV_LOW, L->header, k->name,
                             "loop bound '%s' is read at run time, but every launch %s uses a %s %s (%s = %lld): a compile-time %s size would let the loop unroll",
                             sym->name, lang->host_code_in_gpu_files ? "in this file" : "in the host code", shape,
                             lang->word.block, sym->name, value, lang->word.block);
    if (!f) return;
    finding_str(out, f, "symbol", sym->name);
    finding_str(out, f, "use", "loop-bound");
    finding_str(out, f, "bound", L->bound_text ? L->bound_text : sym->name);
    finding_int_list(out, f, "values", &value, 1);
    finding_str(out, f, "value_source", "launch-block");
    finding_str(out, f, "block_shape", shape);
    if (arr) {
        finding_str(out, f, "local_array", arr->name);
        finding_int(out, f, "array_size", arr->count);
        finding_related(out, f, arr->range, "per-thread array '%s' indexed in the loop", arr->name);
    }
    finding_predict(out, f);
    int ki = (int)(k - m->kernels);
    for (int i = 0; i < m->nlaunches; i++)
        if (m->launches[i].kernel == ki)
            finding_related(out, f, m->launches[i].range, "launched with a %s %s", shape, lang->word.block);
    if (lang->specialization == SPECIALIZE_BY_BUILD_OPTION)
        finding_fix(out, f, "build the program with -D for the work-group size (and reqd_work_group_size), and bound the loop by that macro (with #pragma unroll)");
    else
        finding_fix(out, f, "make the block size a compile-time constant (template<int BLOCK_%c> or a constexpr shared with the launch) and bound the loop by it (with #pragma unroll)",
                    "XYZ"[s - SYM_BDIM_X]);
}

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    long long max_value = ctx->options[OPT_MAX_SPECIALIZED_VALUE];
    for (int li = 0; li < k->nloops; li++) {
        const Loop *L = &k->loops[li];
        if (!L->has_bound) continue;
        check_block_bound(m, k, li, max_value, out);
        /* min(x, C): the symbols are read from x, the cap is evidence */
        bool clamp = !L->bound.exact && L->bound_clamped && L->clamp_limit >= 1 && L->clamp_limit <= max_value;
        const Affine *bound = clamp ? &L->clamped : &L->bound;
        if (!bound->exact && L->nbound_choices == 2 && L->choice_symbol >= SYM_FIRST_USER && !(L->init.deps & (DEP_THREAD | DEP_BLOCK)))
            check_choice(m, k, li, out);
        if (!bound->exact) continue;
        if (bound->deps & (DEP_THREAD | DEP_BLOCK | DEP_DATA | DEP_LOOP | DEP_UNKNOWN | DEP_TEMPLATE)) continue;
        /* grid-stride and per-thread-offset loops walk the problem, not a variant */
        if (L->init.deps & (DEP_THREAD | DEP_BLOCK)) continue;
        int done[AFF_MAX_TERMS * AFF_MAX_FACTORS];
        int ndone = 0;
        for (int t = 0; t < bound->nterms; t++)
            for (int q = 0; q < bound->term[t].nfactors; q++) {
                int s = bound->term[t].factor[q];
                if (s < SYM_FIRST_USER) continue;
                const Symbol *sym = &k->syms[s];
                if (sym->kind != SYMK_PARAM && sym->kind != SYMK_CONSTMEM) continue;
                bool dup = false;
                for (int d = 0; d < ndone; d++) dup |= done[d] == s;
                if (dup) continue;
                done[ndone++] = s;

                ValueSet vs;
                const char *write_source = symbol_values(m, k, sym, &vs);
                long long maxv = 0;
                for (int v = 0; v < vs.n; v++) maxv = vs.values[v] > maxv ? vs.values[v] : maxv;
                bool launch_ev = vs.n > 0 && maxv <= max_value;
                const Access *local = array_indexed_by(k, li, SPACE_LOCAL);
                const Access *shared = array_indexed_by(k, li, SPACE_SHARED);
                const ArrayDecl *arr = local ? &k->arrays[local->array] : NULL;
                bool array_ev = arr && arr->count > 0 && arr->count <= 1024;
                /* T v[ARR_SIZE] in a kernel gpulint reads as a pattern: a
                 * compile-time size it cannot evaluate, still a per-thread
                 * array the runtime bound indexes (in local memory) */
                const ArrayDecl *unsized = arr && arr->count <= 0 && !arr->is_extern && arr->space == SPACE_LOCAL ? arr : NULL;
                if (!array_ev) arr = NULL; /* no cost shape without its size */
                bool switch_ev = switch_on(k, sym->name);
                /* the evidence real code shows (docs/rules/specialize-constant.md):
                 * a cap, a shared array the bound indexes, a window shape; never
                 * for a symbol that scales a thread index (a row width, a size) */
                bool size_like = scales_thread_index(k, s) || bounds_thread_index(k, s);
                const ArrayDecl *sh = size_like ? NULL : shared_array_bound(k, li);
                bool shared_ev = sh && sh->count <= max_value;
                bool clamp_ev = clamp && !size_like;
                /* assert(k <= C) / if (k > C) return; before the loop */
                const SymbolLimit *guard = size_like ? NULL : symbol_guard(k, s, max_value);
                const Loop *nest = size_like ? NULL : nested_window(k, li);
                bool symmetric_ev = !size_like && symmetric_window(L, s);
                if (!launch_ev && !array_ev && !unsized && !switch_ev && !clamp_ev && !guard && !shared_ev && !nest && !symmetric_ev)
                    continue;
                if (array_ev || launch_ev) unsized = NULL;
                const char *source = array_ev || unsized ? "array-size"
                                     : launch_ev ? (write_source ? (strcmp(write_source, "switch") == 0 ? "switch" : "memcpy-to-symbol")
                                                                 : vs.from_host_code ? "host-values" : "launch")
                                     : switch_ev ? "switch"
                                     : clamp_ev ? "clamp"
                                     : guard ? "guard"
                                     : shared_ev ? "shared-array-size"
                                     : nest ? "nested-window"
                                            : "symmetric-window";
                /* a known cap on the value, when no value is known */
                long long cap = clamp_ev ? L->clamp_limit : guard ? guard->max : shared_ev ? sh->count : 0;
                if (clamp_ev && guard && guard->max < cap) cap = guard->max;

                /* the values as the evidence shows them, for the message */
                char values[256];
                Evidence value_list = {.kind = EV_INT_LIST, .ints = vs.values, .count = vs.n};
                evidence_format(&value_list, values, sizeof values);
                Severity sev = array_ev ? SEV_HIGH : (switch_ev || shared || unsized) ? SEV_MEDIUM : (launch_ev || cap) ? SEV_LOW : SEV_INFO;
                const GpuLanguage *lang = model_language(m);
                const char *what = sym->kind == SYMK_PARAM ? "kernel parameter"
                                                           : arena_printf(&out->arena, "%s value", lang->word.constant_qualifier);
                /* what to make of it: the language's compile-time constant (a template parameter, a -D option) */
                const char *param_word = lang->idiom.compile_time_value;
                Finding *f;
                if (array_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s and indexes the per-thread array '%s[%lld]': the array cannot stay in registers; make '%s' %s",
                                    sym->name, what, arr->name, arr->count, sym->name, param_word);
                else if (unsized)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s and indexes the per-thread array '%s', whose size is a compile-time constant: the array cannot stay in registers; make '%s' %s (or loop to the array's size)",
                                    sym->name, what, unsized->name, sym->name, param_word);
                else if (launch_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s, but %s only %s: %s would let the loop unroll",
                                    sym->name, what, write_source ? "the host code sets it to" : !lang->host_code_in_gpu_files ? "the host code passes"
                                                     : vs.from_host_code ? "the host code in this file gives it" : "the launches in this file pass",
                                    values, param_word);
                else if (switch_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s with a small set of values (the kernel switches on it): %s would let the loop unroll",
                                    sym->name, what, param_word);
                else if (clamp_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s capped at %lld (%s): a few values, %s (one instance per value up to the cap) would let the loop unroll",
                                    sym->name, what, cap, L->bound_text ? L->bound_text : "min", param_word);
                else if (guard)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s that the kernel itself caps at %lld (%s at line %u): %s would let the loop unroll",
                                    sym->name, what, cap, guard->from_assert ? "an assert" : "a guard", guard->range.line, param_word);
                else if (shared_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s that indexes the %s array '%s[%lld]', so it never exceeds %lld: %s would let the loop unroll",
                                    sym->name, what, lang->word.shared_qualifier, sh->name, sh->count, sh->count, param_word);
                else
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s that sizes a %s window (a filter or stencil size has few values in practice): %s would let the loop unroll",
                                    sym->name, what, nest ? "k x k" : "symmetric -r..r", param_word);
                if (!f) continue;
                finding_str(out, f, "symbol", sym->name);
                finding_str(out, f, "use", "loop-bound");
                finding_str(out, f, "bound", L->bound_text ? L->bound_text : sym->name);
                if (vs.n) finding_int_list(out, f, "values", vs.values, vs.n);
                finding_str(out, f, "value_source", source);
                if (cap) finding_int(out, f, "max_value", cap);
                if (nest || symmetric_ev) finding_str(out, f, "window", nest && symmetric_ev ? "symmetric,nested" : nest ? "nested" : "symmetric");
                if (arr) {
                    finding_str(out, f, "local_array", arr->name);
                    finding_int(out, f, "array_size", arr->count);
                    finding_related(out, f, arr->range, "per-thread array '%s' sized for the maximum", arr->name);
                }
                if (unsized) {
                    finding_str(out, f, "local_array", unsized->name);
                    finding_related(out, f, unsized->range, "per-thread array '%s', sized at compile time", unsized->name);
                }
                if (shared && shared->array >= 0) finding_str(out, f, "shared_array", k->arrays[shared->array].name);
                if (shared_ev && !arr) finding_related(out, f, sh->range, "%s array '%s' sized for the maximum", lang->word.shared_qualifier, sh->name);
                if (guard) finding_related(out, f, guard->range, "'%s' is capped at %lld here", sym->name, guard->max);
                if (nest) finding_related(out, f, nest->header, "the other loop of the window, bounded by the same '%s'", sym->name);
                finding_predict(out, f);
                relate_launches(m, k, sym, f, out);
                if (lang->specialization == SPECIALIZE_BY_BUILD_OPTION)
                    finding_fix(out, f, "build the program with -D %s=<value> and use that macro instead of the argument (with #pragma unroll on the loop%s), one program (or a separate kernel) per value, chosen on the host",
                                sym->name, arr ? " and the array sized by it" : "");
                else
                    finding_fix(out, f, "make the kernel template<int %s> (with #pragma unroll on the loop%s) and select the instantiation with a switch on the host",
                                sym->name, arr ? " and the array sized by it" : "");
            }
    }
}

/* Runtime K (with the per-thread array when there is one) vs template<K>. */
static bool bench(const Finding *f, BenchParams *p)
{
    int nvalues;
    const long long *values = evidence_int_list(f, "values", &nvalues);
    long long maxv = 0;
    for (int i = 0; i < nvalues; i++)
        if (values[i] > maxv) maxv = values[i];
    long long array = evidence_int(f, "array_size", 0);
    bool has_array = finding_evidence(f, "local_array") != NULL;
    long long cap = evidence_int(f, "max_value", 0);
    long long K = maxv > 0 ? maxv : has_array && array > 1 ? array - 1 : cap > 0 ? cap : 7;
    long long max = has_array && array > 0 ? array : 32;
    if (K < 1) K = 1;
    if (K > 64) K = 64;
    if (max < K + 1) max = K + 1;
    if (max > 64) max = 64;
    bench_def(p, "GL_K", "%lld", K);
    bench_def(p, "GL_HAS_LOCAL_ARRAY", "%d", has_array ? 1 : 0);
    bench_def(p, "GL_MAX", "%lld", max);
    if (maxv <= 0 && cap > 0 && !has_array) {
        snprintf(p->note, sizeof p->note, "no value known: benchmarked at the cap K=%lld", K);
        snprintf(p->assumed, sizeof p->assumed, "K=%lld (the largest value '%s' can take)", K, evidence_str(f, "symbol", "K"));
    } else if (maxv <= 0) {
        snprintf(p->note, sizeof p->note, "no value known: benchmarked at K=%lld", K);
        snprintf(p->assumed, sizeof p->assumed, "K=%lld (no value of '%s' known)", K, evidence_str(f, "symbol", "K"));
    }
    return true;
}

/* ------------------------------------------------ what a finding costs */

/* Runtime K against template<K>, by K: with a per-thread array the runtime
 * K keeps it in local memory; without one only the unrolling is lost. */
static const CostTable WITH_ARRAY = {"a per-thread array indexed in the loop (`local_array`)", "K",
                                     COST_POINTS({7, 2.35, "specialize-K7"}, {15, 3.36, "specialize-K15"},
                                                 {31, 4.41, "specialize-K31"})};
static const CostTable NO_ARRAY = {"no per-thread array", "K",
                                   COST_POINTS({4, 1.10, "examples/stencil_modes.cu:25 (K=4)"},
                                               {7, 1.20, "specialize-K7-noarray"},
                                               {8, 1.08, "examples/signal_filters.cu:46 (K=8)"})};
static const CostTable *const costs[] = {&WITH_ARRAY, &NO_ARRAY, NULL};

static void predict(const Finding *f, CostPrediction *out)
{
    int n;
    const long long *values = evidence_int_list(f, "values", &n);
    long long K = 0;
    for (int i = 0; i < n; i++) K = values[i] > K ? values[i] : K;
    bool array = finding_evidence(f, "local_array") != NULL;
    long long size = evidence_int(f, "array_size", 0);
    char assumed[96] = "";
    long long cap = evidence_int(f, "max_value", 0);
    if (K <= 0 && !array && cap > 0) { /* the benchmark takes the cap too */
        K = cap;
        snprintf(assumed, sizeof assumed, " (no value known: at most %lld, as benchmarked)", cap);
    } else if (K <= 0 && !array && finding_evidence(f, "window")) {
        cost_no_measurement(out, "a window size with no value known and no per-thread array: the measured no-array "
                                 "points (1.08-1.20x) depend on the value");
        return;
    }
    if (K <= 0 && array && size <= 0) {
        cost_no_measurement(out, "a per-thread array of a size gpulint cannot evaluate (a template parameter) and no value of the bound known");
        return;
    }
    if (K <= 0) { /* what the benchmark takes too */
        K = array && size > 1 ? size - 1 : 7;
        snprintf(assumed, sizeof assumed, " (no value known: assumed K=%lld, as benchmarked)", K);
    }
    if (K > 64) K = 64;
    if (array)
        cost_predict_from(out, &WITH_ARRAY, (double)K, "runtime K=%lld with a per-thread array%s", K, assumed);
    else
        cost_predict_from(out, &NO_ARRAY, (double)K, "runtime K=%lld loop bound, no array%s", K, assumed);
}

const Rule rule_specialize_constant = {
    .id = RULE_ID,
    .summary = "a runtime kernel parameter with a few known values bounds a loop: specialize it as a template parameter",
    .opencl = "loop bounds from kernel arguments (constants from clSetKernelArg in host files, switches, private arrays); the fix is a -D build flag or a separate kernel",
    .default_severity = SEV_LOW,
    .options = options,
    .noptions = (int)(sizeof options / sizeof options[0]),
    .check_kernel = check_kernel,
    .bench = bench,
    .costs = costs,
    .predict = predict,
};
