/* uniform_branch.c - if/switch/?: in a kernel whose condition depends only
 * on launch-time values (parameters, __constant__ data, null tests of pointer
 * parameters).  Often free (nvcc unswitches simple cases), costly when it
 * cannot be hoisted.  See docs/rules/uniform-branch.md. */
#include "rules.h"

#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "uniform-branch"

static bool is_uniform(const Branch *b)
{
    if (b->constant || b->is_constexpr) return false;
    unsigned d = b->cond.deps;
    if (d & (DEP_THREAD | DEP_BLOCK | DEP_LOOP | DEP_DATA | DEP_TEMPLATE | DEP_UNKNOWN)) return false;
    return (d & (DEP_PARAM | DEP_CONSTMEM)) != 0;
}

static const char *kind_word(BranchKind k)
{
    return k == BRANCH_IF ? "if" : k == BRANCH_SWITCH ? "switch" : "?:";
}

/* Why a loop's uniform branch cannot be unswitched.  The benchmark generator
 * compares list items with these, so they are the one spelling. */
static const char BLOCKER_BARRIER[] = "a barrier (__syncthreads) in the loop";
static const char BLOCKER_ATOMICS[] = "atomics in the loop";

static void check_kernel(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    FindingList *out = ctx->findings;
    int total = 0;
    for (int i = 0; i < k->nbranches; i++) {
        bool dup = false;
        for (int j = 0; j < i && !dup; j++)
            dup = k->branches[j].range.line == k->branches[i].range.line && k->branches[j].range.col == k->branches[i].range.col;
        if (!dup && is_uniform(&k->branches[i])) total++;
    }
    for (int i = 0; i < k->nbranches; i++) {
        const Branch *b = &k->branches[i];
        if (!is_uniform(b)) continue;
        int in_same_loop = 0;
        if (b->loop >= 0)
            for (int j = 0; j < k->nbranches; j++)
                if (k->branches[j].loop == b->loop && is_uniform(&k->branches[j])) in_same_loop++;
        /* The first blocker that applies (JSON v1 shows one; the list leaves
         * room for all of them). */
        const char *blocks[1];
        int nblocks = 0;
        char conditions[64];
        if (b->loop >= 0) {
            const Loop *L = &k->loops[b->loop];
            if (L->has_barrier) blocks[nblocks++] = BLOCKER_BARRIER;
            else if (L->has_atomic) blocks[nblocks++] = BLOCKER_ATOMICS;
            else if (in_same_loop >= 2) {
                snprintf(conditions, sizeof conditions, "%d uniform conditions in the same loop", in_same_loop);
                blocks[nblocks++] = conditions;
            }
        }
        Severity sev = (b->loop >= 0 && nblocks) ? SEV_MEDIUM : SEV_LOW;
        Finding *f;
        if (b->loop >= 0)
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s' inside a loop: the outcome is the same for every thread and iteration%s%s",
                            kind_word(b->kind), strchr(b->symbols ? b->symbols : "", ',') ? "s" : "",
                            b->symbols && b->symbols[0] ? b->symbols : b->cond_text,
                            nblocks ? "; the compiler cannot hoist it: " : "", nblocks ? blocks[0] : "");
        else
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s': the outcome is known at launch",
                            kind_word(b->kind), strchr(b->symbols ? b->symbols : "", ',') ? "s" : "",
                            b->symbols && b->symbols[0] ? b->symbols : b->cond_text);
        if (!f) continue;
        finding_str(out, f, "condition", b->cond_text);
        finding_str(out, f, "symbols", b->symbols ? b->symbols : "");
        finding_bool(out, f, "in_loop", b->loop >= 0);
        finding_int(out, f, "loop_depth", b->loop_depth);
        finding_int(out, f, "uniform_branches", total);
        if (nblocks) finding_str_list(out, f, "blocks_unswitching", blocks, nblocks);
        if (b->loop >= 0) finding_int(out, f, "loop_uniform_conditions", in_same_loop);
        finding_predict(out, f);
        if (b->loop >= 0) finding_related(out, f, k->loops[b->loop].header, "the enclosing loop");
        add_call_site(out, f, b->call_depth, b->call_site);
        if (rule_opencl(m))
            finding_fix(out, f, "make the condition a compile-time constant (a -D option of clBuildProgram, or a separate kernel per case) and choose the program or kernel on the host%s",
                        b->loop >= 0 && !nblocks ? "; the OpenCL compiler may unswitch a simple case like this by itself, so measure (gpulint --emit-bench, measured with CUDA) before changing it" : "");
        else
            finding_fix(out, f, "make the condition a template parameter (template<bool>/template<int>) and choose the instantiation on the host%s",
                        b->loop >= 0 && !nblocks ? "; nvcc -O3 often unswitches a simple case like this by itself, so measure (gpulint --emit-bench) before changing it" : "");
    }
}

/* Runtime flags vs template<bool...> with the finding's structure. */
static bool bench(const Finding *f, BenchParams *p)
{
    int conditions = (int)evidence_int(f, "loop_uniform_conditions", 1);
    if (conditions < 1) conditions = 1;
    if (conditions > 4) conditions = 4;
    bench_def(p, "GL_CONDITIONS", "%d", conditions);
    bench_def(p, "GL_IN_LOOP", "%d", evidence_int(f, "in_loop", 0) ? 1 : 0);
    bool blocked = evidence_has_str(f, "blocks_unswitching", BLOCKER_BARRIER) ||
                   evidence_has_str(f, "blocks_unswitching", BLOCKER_ATOMICS);
    bench_def(p, "GL_BARRIER", "%d", blocked ? 1 : 0);
    bench_def(p, "GL_HEAVY_BODY", "0");
    return true;
}

const Rule rule_uniform_branch = {
    .id = RULE_ID,
    .summary = "a branch in a kernel whose condition is known at launch (parameters, __constant__ data)",
    .opencl = "branches on kernel arguments and __constant data; the fix is a -D build flag or a separate kernel per case",
    .default_severity = SEV_LOW,
    .check_kernel = check_kernel,
    .bench = bench,
};
