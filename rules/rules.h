/* rules.h - the interface every rule implements, and the registry.
 * Rules are pure functions: a model in, findings out; they never call libclang.
 *
 * Adding a rule: one file rules/<id_with_underscores>.c that defines
 *   - RULE_ID, the kebab-case id (stable: findings, --rules, docs, bench
 *     templates use it);
 *   - its options, if any: an enum of indices and a RuleOption table in that
 *     order (name, description, default); the check reads
 *     ctx->options[OPT_...], never a #define, so a config file can set them;
 *   - check_kernel (called once per kernel, in model order) or, for rules
 *     that look at launches or across kernels, check_model; report through
 *     ctx->findings with typed evidence (finding_int/str/bool/int_list/
 *     str_list) documented in its page docs/rules/<id>.md (**Evidence.**);
 *   - bench: maps a finding's evidence (read with evidence_int/_str/
 *     _int_list/_has_str, never by parsing text) onto the #defines of
 *     bench/templates/<id>.cu;
 *   - its costs: the measured tables (CostTable, rules/cost_model.h) and
 *     predict, which reads a finding's evidence against them;
 *   - `const Rule rule_<id>` with id, summary, default severity, options,
 *     the check, bench, costs, predict and fixes_are_safe (true only when
 *     --fix may apply the rule's replacements unreviewed);
 * plus one line in rules/registry.c (GPULINT_RULES), a page
 * docs/rules/<id>.md, testdata/rules/<id>/ and a bench template. */
#ifndef GPULINT_RULES_H
#define GPULINT_RULES_H

#include "finding/finding.h"
#include "model/model.h"
#include "rules/cost_model.h"

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
    char assumed[128];           /* a parameter the finding does not give, and the value benchmarked
                                    ("W=64"): stated in the finding, the benchmark and the index */
    char refused[256];           /* with bench() false: why no benchmark can be written (a note) */
} BenchParams;

/* A tunable threshold of a rule.  Integers only so far: every option today
 * is a count or a width. */
typedef struct {
    const char *name;            /* kebab-case, e.g. "max-specialized-value" */
    const char *description;     /* one line */
    long long default_value;
} RuleOption;

#define RULE_MAX_OPTIONS 8

typedef struct Rule Rule;

/* What a check gets besides the model: its option values (indexed like the
 * rule's option table) and where findings go. */
typedef struct {
    const Rule *rule;
    long long options[RULE_MAX_OPTIONS];
    FindingList *findings;
} RuleContext;

struct Rule {
    const char *id;
    const char *summary;         /* one line, for --list-rules */
    const char *opencl;          /* one line: how the rule reads OpenCL C kernels */
    Severity default_severity;
    const RuleOption *options;
    int noptions;                /* at most RULE_MAX_OPTIONS */
    /* Exactly one of the two: per kernel (most rules), or once per model
     * (rules about launches, which span kernels and host code). */
    void (*check_kernel)(const Model *m, const Kernel *k, const RuleContext *ctx);
    void (*check_model)(const Model *m, const RuleContext *ctx);
    /* Fills the benchmark parameters from the finding's evidence; false
     * when no benchmark can reproduce it. */
    bool (*bench)(const Finding *f, BenchParams *p);
    /* What a finding costs: the rule's measured tables (NULL-terminated;
     * each point a row of docs/measured, each table rows of the rule's page)
     * and how a finding's evidence reads them (cost_predict_from, or
     * cost_no_measurement with the reason).  Without predict the findings
     * say "no measurements" and keep the rule's own severity. */
    const CostTable *const *costs;
    void (*predict)(const Finding *f, CostPrediction *out);
    /* The one source of fix safety: --fix, the language server's preferred
     * quick fix and --list-rules -v read it (by id: rule_fixes_are_safe). */
    bool fixes_are_safe;         /* true only when the replacements may be applied unreviewed */
};

extern const Rule *const gpulint_rules[];
extern const int gpulint_nrules;
const Rule *rule_by_id(const char *id);
/* May the fixes of the rule `id` be applied unreviewed?  False for an
 * unknown rule. */
bool rule_fixes_are_safe(const char *id);
/* Runs a rule on a model.  option_values: one per option of the rule, or
 * NULL for the defaults. */
void rule_run(const Rule *r, const Model *m, const long long *option_values, FindingList *out);
/* The option's index in r->options, or -1. */
int rule_option_index(const Rule *r, const char *name);

/* A rule never asks which language a kernel is written in: it words its
 * messages and fixes with model_language(m)'s words and idioms, and where it
 * does something else for another language, it reads the capability there
 * (model/language.h). */

/* After the rules ran on a model: OpenCL and HIP findings say their
 * language (benchmarks are CUDA: --emit-bench notes it), and on a target
 * gpulint has no measurements of (an AMD GPU) each prediction says that it
 * was not measured there and how it was derived (rules/common.c). */
void rules_note_language_and_target(const Model *m, FindingList *out);
/* --emit-bench: what a replay of each finding's kernel needs (parameters,
 * launch shape, scalar values, buffer extents) as replay_* evidence
 * (rules/replay_facts.c, read by bench/replay.c). */
void rules_add_replay_facts(const Model *m, FindingList *out);

/* Shared helpers for rules (rules/common.c). */
/* The type name without const/volatile/struct, for messages. */
const char *unqualified(FindingList *l, const char *type);
void bench_def(BenchParams *p, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* GL_ONE_BLOCK=1 for a finding whose kernel runs as one block (evidence
 * one_block): the template times one block's worth of data; a note says so. */
void bench_one_block(const Finding *f, BenchParams *p);
/* float, double or int for a scalar element of `bytes`, from its type name. */
const char *bench_scalar_type(const char *type_name, long long bytes);
/* Warp geometry of an access in its kernel (block shape from launches, the
 * warp width of the model's language). */
bool access_geometry(const Model *m, const Kernel *k, const Access *a, WarpAccess *w);
/* The same for every thread of a launch: blockIdx, blockDim, gridDim, a
 * kernel parameter, a __constant__ value, another uniform value or a
 * template parameter. */
bool uniform_symbol(const Kernel *k, int s);
/* A 2-D mapping turned around: threadIdx.x multiplies a uniform row width
 * (at least min_width elements when constant) and threadIdx.y steps one
 * element (index = x*W + y), so each lane of a warp reads its own row. */
bool lane_picks_row(const Kernel *k, const Access *a, long long min_width);
/* threadIdx.x's coefficient in a's offset is a uniform row width: launch
 * values only (and no block index when `no_block_index`), at least
 * min_width elements when it is a constant. */
bool lane_stride_is_row_width(const Kernel *k, const Access *a, long long min_width, bool no_block_index);
/* The smallest __shared__ array indexed directly by the loop's counter
 * (w[k], no thread in the index): the bound cannot exceed its count. */
const ArrayDecl *shared_array_bound(const Kernel *k, int loop);
/* The symbol a loop's bound is, alone (`i < n`), else -1. */
int loop_bound_symbol(const Loop *L);
/* What caps the uniform symbol `sym` as a loop bound: the smallest
 * __shared__ array that a loop up to it (i < sym, i++) indexes (NULL: none). */
const ArrayDecl *symbol_array_cap(const Kernel *k, int sym);
/* How many iterations a loop of constant init, step and bound makes
 * (counting up), else 0. */
long long loop_constant_trips(const Loop *L);
/* A loop that does a kernel's work: its trip count unknown (a run-time
 * bound, a host-set iteration count) or at least 64 (a shorter constant
 * loop is typically one over a struct's fields or a row's few elements). */
bool work_loop(const Loop *L);
/* A work loop of k apart from loop `l` (-1: any loop): neither `l`, nor
 * one of its enclosing loops, nor one inside it.  Then what `l` does runs
 * once per thread beside the loop where the kernel's time goes. */
bool work_loop_apart(const Kernel *k, int l);
/* Does loop l (a row walk) run once per thread beside the loop that does
 * the kernel's work?  A thread gathers its key or state, then iterates a
 * hash or a solver thousands of times in registers: l's wasted sectors
 * are paid once against that loop.  No loop around l may be a work loop
 * (then l is part of the work); the work loop holds no per-thread global
 * or shared access (a read all lanes share is one cached request) and is
 * not bounded by l's own run-time bound.  l may be -1 (no loop). */
bool loop_once_beside_work(const Kernel *k, int l);
/* The same for one access: outside every work loop (in no loop, or in a
 * short one such as a copy over a state's words), beside such a loop. */
bool access_once_beside_work(const Kernel *k, const Access *a);
/* Is every launch of k a grid of one block (<<<1, n>>>), or does no global
 * address of k depend on the block index or the grid size (and no atomic,
 * no unmodelled value: no work queue)?  Then every block
 * would do the same work: the kernel runs as one block, which cannot keep
 * the memory system busy, so wasted sectors cost it latency, not time
 * (evidence one_block; the cost model has measured points for it). */
bool kernel_runs_one_block(const Kernel *k);
/* "16x16x1" or "assumed x>=32" (at least the warp width) */
const char *block_shape_text(FindingList *l, const Model *m, const Kernel *k);
/* Call once the finding's evidence is complete (NULL is ignored): the cost
 * model's prediction (rules/cost_model.h) goes on the finding, its
 * severity follows the predicted speedup when a measurement applies, and
 * a benchmark parameter the evidence does not give is stated as evidence
 * `bench_assumed`. */
void finding_predict(FindingList *l, Finding *f);
/* Adds the "called from" related location for findings inside helpers. */
void add_call_site(FindingList *l, Finding *f, int call_depth, SrcRange call_site);
/* Is the access's thread dependence only through threadIdx.x-fastest lanes? */
bool depends_on_thread(const Affine *a);
/* Does the branch condition read the variable `name`?  (The model keeps the
 * names as text; this is the one place that knows how.) */
bool branch_reads_symbol(const Branch *b, const char *name);

#endif
