/* registry.c - the one table of rules, and running one.  Adding a rule = one
 * file (see rules.h) + one line here. */
#include "rules.h"

#include <string.h>

/* The rules, in --list-rules order: one line each.  X(name) refers to the
 * `const Rule rule_<name>` that rules/<name>.c defines. */
#define GPULINT_RULES(X)      \
    X(uncoalesced_adjacent)   \
    X(uncoalesced_row)        \
    X(oversized_element)      \
    X(double_literal)         \
    X(fixed_block_16x16)      \
    X(specialize_constant)    \
    X(uniform_branch)

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
    if (r->check_model) r->check_model(m, &ctx);
    if (r->check_kernel)
        for (int i = 0; i < m->nkernels; i++) r->check_kernel(m, &m->kernels[i], &ctx);
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
