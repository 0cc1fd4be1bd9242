/* rules.h - the interface every rule implements, and the registry.
 * Rules are pure functions: a model in, findings out; they never call libclang. */
#ifndef GPULINT_RULES_H
#define GPULINT_RULES_H

#include "../checker/finding.h"
#include "../checker/model.h"

typedef struct {
    const char *id;
    const char *summary;         /* one line, for --list-rules */
    Severity default_severity;
    void (*check)(const Model *m, FindingList *out);
} Rule;

extern const Rule *const gpulint_rules[];
extern const int gpulint_nrules;
const Rule *rule_by_id(const char *id);

/* Shared helpers for rules (rules/common.c). */
/* Warp geometry of an access in its kernel (block shape from launches). */
bool access_geometry(const Kernel *k, const Access *a, WarpAccess *w);
/* "16x16x1" or "assumed x>=32" */
const char *block_shape_text(FindingList *l, const Kernel *k);
/* Adds the "called from" related location for findings inside helpers. */
void add_call_site(FindingList *l, Finding *f, int call_depth, SrcRange call_site);
/* Is the access's thread dependence only through threadIdx.x-fastest lanes? */
bool depends_on_thread(const Affine *a);

#endif
