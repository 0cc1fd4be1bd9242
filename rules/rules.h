/* rules.h - the interface every rule implements, and the registry.
 * Rules are pure functions: a model in, findings out; they never call libclang. */
#ifndef GPULINT_RULES_H
#define GPULINT_RULES_H

#include "finding/finding.h"
#include "model/model.h"

/* Parameters of a finding's microbenchmark: #define lines that select the
 * shape in bench/templates/<rule-id>.cu (see bench/README.md). */
typedef struct {
    char name[32];
    char value[256];
} BenchDef;

typedef struct {
    BenchDef defs[16];
    int n;
    char note[256];              /* how the finding's parameters were mapped */
} BenchParams;

typedef struct {
    const char *id;
    const char *summary;         /* one line, for --list-rules */
    Severity default_severity;
    void (*check)(const Model *m, FindingList *out);
    /* Fills the benchmark parameters from the finding's evidence; false
     * when no benchmark can reproduce it. */
    bool (*bench)(const Finding *f, BenchParams *p);
} Rule;

extern const Rule *const gpulint_rules[];
extern const int gpulint_nrules;
const Rule *rule_by_id(const char *id);

/* Shared helpers for rules (rules/common.c). */
/* The type name without const/volatile/struct, for messages. */
const char *unqualified(FindingList *l, const char *type);
void bench_def(BenchParams *p, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
long long evidence_int(const Finding *f, const char *key, long long fallback);
const char *evidence_str(const Finding *f, const char *key, const char *fallback);
/* float, double or int for a scalar element of `bytes`, from its type name. */
const char *bench_scalar_type(const char *type_name, long long bytes);
/* Warp geometry of an access in its kernel (block shape from launches). */
bool access_geometry(const Kernel *k, const Access *a, WarpAccess *w);
/* "16x16x1" or "assumed x>=32" */
const char *block_shape_text(FindingList *l, const Kernel *k);
/* Adds the "called from" related location for findings inside helpers. */
void add_call_site(FindingList *l, Finding *f, int call_depth, SrcRange call_site);
/* Is the access's thread dependence only through threadIdx.x-fastest lanes? */
bool depends_on_thread(const Affine *a);

#endif
