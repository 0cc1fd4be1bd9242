/* work_loops.c - where a kernel's time goes: the loops that do its work,
 * for rules that weigh an access paid once per thread against them. */
#include "rules.h"

bool work_loop(const Loop *L)
{
    long long trips = loop_constant_trips(L);
    return trips == 0 || trips >= 64;
}

bool work_loop_apart(const Kernel *k, int l)
{
    for (int o = 0; o < k->nloops; o++)
        if (work_loop(&k->loops[o]) && (l < 0 || (!model_loop_within(k, l, o) && !model_loop_within(k, o, l)))) return true;
    return false;
}

/* Is loop o bounded by the symbol, directly (i < n) or through the
 * counter of a loop that is (j < i, i < n)? */
static bool bounded_by(const Kernel *k, int o, int sym, int depth)
{
    const Loop *W = &k->loops[o];
    if (aff_mentions(&W->bound, sym) || aff_mentions(&W->init, sym)) return true;
    for (int p = 0; p < k->nloops && depth < 4; p++)
        if (p != o && k->loops[p].counter >= 0 && aff_mentions(&W->bound, k->loops[p].counter) &&
            bounded_by(k, p, sym, depth + 1))
            return true;
    return false;
}

/* Does loop o work in registers: no global or shared memory inside it (a
 * hash's rounds, a solver's steps on a thread's own state)? */
static bool register_loop(const Kernel *k, int o)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        /* a warp-uniform read (a salt's field, an iteration count) is one
         * cached request for the whole warp: no per-thread traffic */
        bool per_thread = (a->byte_offset.deps & (DEP_THREAD | DEP_UNKNOWN)) != 0 || a->is_store;
        if ((a->space == SPACE_GLOBAL || a->space == SPACE_SHARED || a->space == SPACE_UNKNOWN) && per_thread &&
            a->loop >= 0 && model_loop_within(k, a->loop, o))
            return false;
    }
    return true;
}

bool loop_once_beside_work(const Kernel *k, int l)
{
    for (int o = l >= 0 ? k->loops[l].parent : -1; o >= 0; o = k->loops[o].parent)
        if (work_loop(&k->loops[o])) return false;
    int bound = l >= 0 ? loop_bound_symbol(&k->loops[l]) : -1;
    for (int o = 0; o < k->nloops; o++) {
        const Loop *W = &k->loops[o];
        /* a loop up to l's own run-time bound is work of l's size (a solve
         * over the n rows each thread gathered): not heavier */
        if (!work_loop(W) || (bound >= 0 && bounded_by(k, o, bound, 0))) continue;
        if (!model_loop_within(k, l, o) && !model_loop_within(k, o, l) && register_loop(k, o)) return true;
    }
    return false;
}

bool access_once_beside_work(const Kernel *k, const Access *a)
{
    if (a->loop >= 0 && work_loop(&k->loops[a->loop])) return false;
    return loop_once_beside_work(k, a->loop);
}
