/* registry.c - the one table of rules, and running one.  Adding a rule = one
 * file (see rules.h) + one line here. */
#include "rules.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

static bool same_location(const Finding *a, const Finding *b)
{
    return a->range.line == b->range.line && a->range.col == b->range.col && a->range.file && b->range.file &&
           strcmp(a->range.file, b->range.file) == 0;
}

static const Kernel *kernel_named(const Model *m, const char *name)
{
    for (int i = 0; name && i < m->nkernels; i++)
        if (strcmp(m->kernels[i].name, name) == 0) return &m->kernels[i];
    return NULL;
}

/* One finding per location and rule: a helper line reached from several
 * kernels (or template instantiations) with different parameters keeps
 * the finding of the highest severity (the first among equals), and names
 * the other kernels as related locations.  Findings from `first` on are
 * this rule's. */
static void merge_same_location(const Model *m, FindingList *out, int first)
{
    int n = out->n - first;
    if (n < 2) return;
    bool *keep = malloc((size_t)out->n * sizeof *keep);
    if (!keep) gpulint_out_of_memory();
    for (int i = 0; i < out->n; i++) keep[i] = true;
    for (int i = first; i < out->n; i++) {
        if (!keep[i]) continue;
        int best = i;
        for (int j = i + 1; j < out->n; j++)
            if (keep[j] && same_location(&out->items[i], &out->items[j]) &&
                out->items[j].severity > out->items[best].severity)
                best = j;
        for (int j = i; j < out->n; j++) {
            if (j == best || !keep[j] || !same_location(&out->items[i], &out->items[j])) continue;
            const Finding *other = &out->items[j];
            const Kernel *k = kernel_named(m, other->kernel);
            if (other->kernel && (!out->items[best].kernel || strcmp(other->kernel, out->items[best].kernel) != 0))
                finding_related(out, &out->items[best], k ? k->range : other->range,
                                "also reached from kernel '%s' (severity %s there)", other->kernel,
                                severity_name(other->severity));
            keep[j] = false;
        }
    }
    findings_retain(out, keep);
    free(keep);
}

/* The rules, in --list-rules order: one line each.  X(name) refers to the
 * `const Rule rule_<name>` that rules/<name>.c defines. */
#define GPULINT_RULES(X)      \
    X(uncoalesced_adjacent)   \
    X(uncoalesced_row)        \
    X(oversized_element)      \
    X(double_literal)         \
    X(fixed_block_16x16)      \
    X(specialize_constant)    \
    X(uniform_branch)         \
    X(warp_size_assumption)

#define DECLARE_RULE(name) extern const Rule rule_##name;
GPULINT_RULES(DECLARE_RULE)
#define LIST_RULE(name) &rule_##name,
const Rule *const gpulint_rules[] = {GPULINT_RULES(LIST_RULE)};
const int gpulint_nrules = (int)(sizeof gpulint_rules / sizeof gpulint_rules[0]);

void rule_run(const Rule *r, const Model *m, const long long *option_values, FindingList *out)
{
    RuleContext ctx = {r, {0}, out};
    for (int i = 0; i < r->noptions && i < RULE_MAX_OPTIONS; i++)
        ctx.options[i] = option_values ? option_values[i] : r->options[i].default_value;
    int start = out->n;
    if (r->check_model) r->check_model(m, &ctx);
    int first = out->n;
    if (r->check_kernel) {
        for (int i = 0; i < m->nkernels; i++) {
            int before = out->n;
            r->check_kernel(m, &m->kernels[i], &ctx);
            /* no instantiation of the template was found: say what the
             * finding rests on (see the frontend's templates.c) */
            for (int f = before; f < out->n && m->kernels[i].is_template; f++)
                finding_str(out, &out->items[f], "template_pattern",
                            "analysed as a template pattern (no instantiation found in this file); element size unknown");
        }
        merge_same_location(m, out, first);
    }
    /* an OpenCL file parsed with the host's build-time type names assumed
     * (frontend/opencl_build_types.h): every finding rests on them */
    for (int f = start; f < out->n && m->assumed_types; f++)
        finding_str(out, &out->items[f], "assumed_types", m->assumed_types);
}

int rule_option_index(const Rule *r, const char *name)
{
    for (int i = 0; i < r->noptions; i++)
        if (strcmp(r->options[i].name, name) == 0) return i;
    return -1;
}

const Rule *rule_by_id(const char *id)
{
    for (int i = 0; i < gpulint_nrules; i++)
        if (strcmp(gpulint_rules[i]->id, id) == 0) return gpulint_rules[i];
    return NULL;
}

bool rule_fixes_are_safe(const char *id)
{
    const Rule *r = id ? rule_by_id(id) : NULL;
    return r && r->fixes_are_safe;
}
