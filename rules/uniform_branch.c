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

static void check_kernel(const Kernel *k, FindingList *out)
{
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
        char blocks[160] = "";
        if (b->loop >= 0) {
            const Loop *L = &k->loops[b->loop];
            if (L->has_barrier) snprintf(blocks, sizeof blocks, "a barrier (__syncthreads) in the loop");
            else if (L->has_atomic) snprintf(blocks, sizeof blocks, "atomics in the loop");
            else if (in_same_loop >= 2) snprintf(blocks, sizeof blocks, "%d uniform conditions in the same loop", in_same_loop);
        }
        Severity sev = (b->loop >= 0 && blocks[0]) ? SEV_MEDIUM : SEV_LOW;
        Finding *f;
        if (b->loop >= 0)
            f = finding_new(out, RULE_ID, sev, b->range, k->name,
                            "%s on launch-time value%s '%s' inside a loop: the outcome is the same for every thread and iteration%s%s",
                            kind_word(b->kind), strchr(b->symbols ? b->symbols : "", ',') ? "s" : "",
                            b->symbols && b->symbols[0] ? b->symbols : b->cond_text,
                            blocks[0] ? "; the compiler cannot hoist it: " : "", blocks);
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
        if (blocks[0]) finding_str(out, f, "blocks_unswitching", blocks);
        if (b->loop >= 0) finding_int(out, f, "loop_uniform_conditions", in_same_loop);
        if (b->loop >= 0) finding_related(out, f, k->loops[b->loop].header, "the enclosing loop");
        add_call_site(out, f, b->call_depth, b->call_site);
        finding_fix(out, f, "make the condition a template parameter (template<bool>/template<int>) and choose the instantiation on the host%s",
                    b->loop >= 0 && !blocks[0] ? "; nvcc -O3 often unswitches a simple case like this by itself, so measure (gpulint --emit-bench) before changing it" : "");
    }
}

/* Runtime flags vs template<bool...> with the finding's structure. */
static bool bench(const Finding *f, BenchParams *p)
{
    const char *blocks = evidence_str(f, "blocks_unswitching", "");
    int conditions = (int)evidence_int(f, "loop_uniform_conditions", 1);
    if (conditions < 1) conditions = 1;
    if (conditions > 4) conditions = 4;
    bench_def(p, "GL_CONDITIONS", "%d", conditions);
    bench_def(p, "GL_IN_LOOP", "%d", evidence_int(f, "in_loop", 0) ? 1 : 0);
    bench_def(p, "GL_BARRIER", "%d", (strstr(blocks, "barrier") || strstr(blocks, "atomic")) ? 1 : 0);
    bench_def(p, "GL_HEAVY_BODY", "0");
    return true;
}

static void check(const Model *m, FindingList *out)
{
    for (int i = 0; i < m->nkernels; i++) check_kernel(&m->kernels[i], out);
}

const Rule rule_uniform_branch = {
    RULE_ID,
    "a branch in a kernel whose condition is known at launch (parameters, __constant__ data)",
    SEV_LOW,
    check,
    bench,
};
