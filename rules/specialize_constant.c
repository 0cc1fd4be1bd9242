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
        bool inside = false;
        for (int l = a->loop; l >= 0 && !inside; l = k->loops[l].parent) inside = l == loop;
        if (!inside) continue;
        if (a->byte_offset.exact && !aff_mentions(&a->byte_offset, k->loops[loop].counter)) continue;
        return a;
    }
    return NULL;
}

typedef struct {
    long long values[16];
    int n;
    bool runtime_seen;
} ValueSet;

static void launch_values(const Model *m, const Kernel *k, int param, ValueSet *vs)
{
    memset(vs, 0, sizeof *vs);
    int ki = (int)(k - m->kernels);
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *L = &m->launches[i];
        if (L->kernel != ki || param >= L->nargs) continue;
        if (!L->arg_known[param]) {
            vs->runtime_seen = true;
            continue;
        }
        bool dup = false;
        for (int j = 0; j < vs->n; j++) dup |= vs->values[j] == L->arg_value[param];
        if (!dup && vs->n < 16) vs->values[vs->n++] = L->arg_value[param];
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

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    for (int li = 0; li < k->nloops; li++) {
        const Loop *L = &k->loops[li];
        if (!L->has_bound || !L->bound.exact) continue;
        if (L->bound.deps & (DEP_THREAD | DEP_BLOCK | DEP_DATA | DEP_LOOP | DEP_UNKNOWN | DEP_TEMPLATE)) continue;
        /* grid-stride and per-thread-offset loops walk the problem, not a variant */
        if (L->init.deps & (DEP_THREAD | DEP_BLOCK)) continue;
        int done[AFF_MAX_TERMS * AFF_MAX_FACTORS];
        int ndone = 0;
        for (int t = 0; t < L->bound.nterms; t++)
            for (int q = 0; q < L->bound.term[t].nfactors; q++) {
                int s = L->bound.term[t].factor[q];
                if (s < SYM_FIRST_USER) continue;
                const Symbol *sym = &k->syms[s];
                if (sym->kind != SYMK_PARAM && sym->kind != SYMK_CONSTMEM) continue;
                bool dup = false;
                for (int d = 0; d < ndone; d++) dup |= done[d] == s;
                if (dup) continue;
                done[ndone++] = s;

                ValueSet vs = {{0}, 0, false};
                const char *write_source = NULL;
                if (sym->kind == SYMK_PARAM) launch_values(m, k, sym->param, &vs);
                else
                    for (int w = 0; w < m->nsymbol_writes; w++) {
                        const SymbolWrite *sw = &m->symbol_writes[w];
                        if (strcmp(sw->symbol, sym->name) != 0 || !sw->value_source) continue;
                        write_source = sw->value_source;
                        for (int v = 0; v < sw->nvalues && vs.n < 16; v++) vs.values[vs.n++] = sw->values[v];
                    }
                long long maxv = 0;
                for (int v = 0; v < vs.n; v++) maxv = vs.values[v] > maxv ? vs.values[v] : maxv;
                bool launch_ev = vs.n > 0 && maxv <= ctx->options[OPT_MAX_SPECIALIZED_VALUE];
                const Access *local = array_indexed_by(k, li, SPACE_LOCAL);
                const Access *shared = array_indexed_by(k, li, SPACE_SHARED);
                const ArrayDecl *arr = local ? &k->arrays[local->array] : NULL;
                bool array_ev = arr && arr->count > 0 && arr->count <= 1024;
                bool switch_ev = switch_on(k, sym->name);
                if (!launch_ev && !array_ev && !switch_ev) continue;

                /* the values as the evidence shows them, for the message */
                char values[256];
                Evidence value_list = {.kind = EV_INT_LIST, .ints = vs.values, .count = vs.n};
                evidence_format(&value_list, values, sizeof values);
                Severity sev = array_ev ? SEV_HIGH : (switch_ev || shared) ? SEV_MEDIUM : SEV_LOW;
                bool ocl = rule_opencl(m);
                const char *what = sym->kind == SYMK_PARAM ? "kernel parameter" : ocl ? "__constant value" : "__constant__ value";
                /* what to make of it: C++ templates in CUDA, build options in OpenCL C */
                const char *param_word = ocl ? "a compile-time constant (-D option)" : "a template parameter";
                Finding *f;
                if (array_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s and indexes the per-thread array '%s[%lld]': the array cannot stay in registers; make '%s' %s",
                                    sym->name, what, arr->name, arr->count, sym->name, param_word);
                else if (launch_ev)
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s, but %s only %s: %s would let the loop unroll",
                                    sym->name, what, write_source ? "the host code sets it to" : ocl ? "the host code passes" : "the launches in this file pass",
                                    values, param_word);
                else
                    f = finding_new(out, RULE_ID, sev, L->header, k->name,
                                    "loop bound '%s' is a runtime %s with a small set of values (the kernel switches on it): %s would let the loop unroll",
                                    sym->name, what, param_word);
                if (!f) continue;
                finding_str(out, f, "symbol", sym->name);
                finding_str(out, f, "use", "loop-bound");
                finding_str(out, f, "bound", L->bound_text ? L->bound_text : sym->name);
                if (vs.n) finding_int_list(out, f, "values", vs.values, vs.n);
                finding_str(out, f, "value_source", array_ev ? "array-size" : launch_ev ? (write_source ? (strcmp(write_source, "switch") == 0 ? "switch" : "memcpy-to-symbol") : "launch") : "switch");
                if (arr) {
                    finding_str(out, f, "local_array", arr->name);
                    finding_int(out, f, "array_size", arr->count);
                    finding_related(out, f, arr->range, "per-thread array '%s' sized for the maximum", arr->name);
                }
                if (shared && shared->array >= 0) finding_str(out, f, "shared_array", k->arrays[shared->array].name);
                finding_predict(out, f);
                int ki = (int)(k - m->kernels);
                for (int i = 0; i < m->nlaunches; i++)
                    if (m->launches[i].kernel == ki && sym->kind == SYMK_PARAM && sym->param < m->launches[i].nargs &&
                        m->launches[i].arg_known[sym->param])
                        finding_related(out, f, m->launches[i].range, "launched with %s = %lld", sym->name,
                                        m->launches[i].arg_value[sym->param]);
                if (ocl)
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
    long long K = maxv > 0 ? maxv : has_array && array > 1 ? array - 1 : 7;
    long long max = has_array && array > 0 ? array : 32;
    if (K < 1) K = 1;
    if (K > 64) K = 64;
    if (max < K + 1) max = K + 1;
    if (max > 64) max = 64;
    bench_def(p, "GL_K", "%lld", K);
    bench_def(p, "GL_HAS_LOCAL_ARRAY", "%d", has_array ? 1 : 0);
    bench_def(p, "GL_MAX", "%lld", max);
    if (maxv <= 0) {
        snprintf(p->note, sizeof p->note, "no value known: benchmarked at K=%lld", K);
        snprintf(p->assumed, sizeof p->assumed, "K=%lld (no value of '%s' known)", K, evidence_str(f, "symbol", "K"));
    }
    return true;
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
};
