/* clang_instances_variant.c - explicit instantiations parsed as definitions,
 * when the substituted patterns could not name the kernels they launch.
 *
 * The engine gives clang a file's explicit instantiation definitions
 * (`template void launch<float>(...);`) as declarations, for speed
 * (instantiation_decls.h): the model runs the host template's pattern with
 * the arguments substituted.  That fails when the launch names its kernel
 * through what only clang can evaluate: a traits struct built from the
 * template's parameters and switch macros' constexpr flags
 * (`using Ktraits = Traits<kNThreads, kIsEvenLen, T>;
 * kernel<Ktraits><<<...>>>`); the kernel then stays a pattern whose
 * launches name no instance.  Then the file is parsed again with its
 * instantiations as written: clang instantiates the host functions, and
 * the model walks clang's bodies (kernel.c), whose launches name clang's
 * kernel instances with every type and constant known.  The new parse
 * stays when it models more kernels with no more errors (a note says so;
 * `-v` gives the file's parse time).  An editor's
 * document keeps its one parse. */
#include "variants/variant.h"

#include <stdio.h>

typedef struct {
    bool used;
    int before, after;   /* kernels modelled by the first parse and by this one */
} ClangInstancesState;

/* A launched kernel the model could not give its types: a template
 * analysed as its pattern, or an instance substituted with an argument it
 * could not resolve (an alias of the launcher's): none of its global
 * accesses has an element size, or (`launchers`: the file instantiates
 * another unit's launcher templates) one of them has none. */
static bool unresolved_launches(const Model *m, bool launchers)
{
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *k = &m->kernels[i];
        if (k->nlaunches == 0) continue;
        if (k->is_template) return true;
        int global = 0, unsized = 0;
        for (int a = 0; a < k->naccesses; a++)
            if (k->accesses[a].space == SPACE_GLOBAL) {
                global++;
                unsized += k->accesses[a].elem_bytes <= 0;
            }
        if (unsized && (unsized == global || launchers)) return true;
    }
    return false;
}

static void clang_instances_after_parse(void *state, const VariantEnv *env, FileParse *p)
{
    ClangInstancesState *s = state;
    /* or none at all, although the file instantiates host templates of
     * another unit's launcher files */
    bool launchers = p->m.instantiated_launchers > 0;
    if (p->editor || !p->analysed || !p->instantiations_declared || !model_language(&p->m)->host_code_in_gpu_files ||
        !((launchers && p->m.nkernels == 0) || unresolved_launches(&p->m, launchers)))
        return;
    int nbufs = 0;
    const FrontendBuffer *bufs = frontend_other_buffers(env->frontend, &nbufs);
    const char *declared = p->contents;
    size_t declared_size = p->size;
    frontend_set_other_buffers(env->frontend, NULL, 0);
    p->contents = p->written_contents;
    p->size = p->written_size;
    Model m;
    FrontendReport pr;
    p->fa.clang_instances = true;
    bool parsed = file_parse_again(env, p, &m, &pr);
    p->fa.clang_instances = false;
    frontend_set_other_buffers(env->frontend, bufs, nbufs);
    if (parsed && m.nkernels > p->m.nkernels && frontend_report_errors(&pr) <= frontend_report_errors(&p->pr)) {
        s->used = true;
        p->instantiations_declared = false;
        s->before = p->m.nkernels;
        s->after = m.nkernels;
        file_parse_keep(p, &m, &pr);
        return;
    }
    if (parsed) file_parse_drop(&m, &pr);
    p->contents = declared;
    p->size = declared_size;
}

static void clang_instances_report(void *state, const FileParse *p, Diagnostics *d)
{
    const ClangInstancesState *s = state;
    if (!s->used) return;
    diag_note(d, p->tu, 0, 0,
              "explicit instantiations parsed as written: their launches name kernels only clang's instances of them "
              "make (traits structs, switch macros' constants): %d kernels modelled, %d before",
              s->after, s->before);
    d->notes[d->nnotes - 1].informational = true;
}

const ParseVariant clang_instances_variant = {
    .name = "explicit instantiations parsed as written",
    .state_size = sizeof(ClangInstancesState),
    .after_parse = clang_instances_after_parse,
    .report = clang_instances_report,
};
