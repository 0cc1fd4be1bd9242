/* variant.c - see variant.h: the list of parse variants and what they share. */
#include "variants/variant.h"
#include "util/vec.h"

#include <string.h>

extern const ParseVariant jit_variant;             /* jit_variant.c */
extern const ParseVariant config_choice_variant;   /* config_choice_variant.c */
extern const ParseVariant missing_names_variant;   /* missing_names_variant.c */
extern const ParseVariant member_init_variant;     /* member_init_variant.c */
extern const ParseVariant clang_instances_variant; /* clang_instances_variant.c */

/* The JIT names first: a configuration chosen after them sees the file as
 * its host compiles it.  Stand-ins for a missing header's names last, on
 * the parse the others chose, then the member initializers that still name
 * what it declares; explicit instantiations as written once the parse is
 * otherwise settled (it costs most). */
const ParseVariant *const parse_variants[] = {&jit_variant, &config_choice_variant, &missing_names_variant,
                                              &member_init_variant, &clang_instances_variant};
const int nparse_variants = (int)(sizeof parse_variants / sizeof parse_variants[0]);

void file_parse_add(FileParse *p, const char *flag, const char *value)
{
    *VEC_PUSH(p->args, p->nargs) = flag;
    *VEC_PUSH(p->args, p->nargs) = value;
    p->fa.args = p->args;
    p->fa.nargs = p->nargs;
}

void file_parse_truncate(FileParse *p, int n)
{
    if (n < p->nargs) p->nargs = n;
    p->fa.args = p->args;
    p->fa.nargs = p->nargs;
}

bool file_parse_again(const VariantEnv *env, const FileParse *p, Model *m, FrontendReport *pr)
{
    model_init(m, p->tu);
    if (frontend_analyse_with(env->frontend, p->tu, p->contents, p->size, &p->fa, m, pr)) return true;
    file_parse_drop(m, pr);
    return false;
}

bool file_parse_again_if_fewer_errors(const VariantEnv *env, FileParse *p)
{
    Model m2;
    FrontendReport pr2;
    if (!file_parse_again(env, p, &m2, &pr2)) return false;
    if (frontend_report_errors(&pr2) < frontend_report_errors(&p->pr)) {
        file_parse_keep(p, &m2, &pr2);
        return true;
    }
    file_parse_drop(&m2, &pr2);
    return false;
}

void variant_memory_free(VariantMemory *m)
{
    jit_defines_free(&m->jit);
    m->jit_learned = false;
    free(m->missing_names);
    m->missing_names = NULL;
}

void file_parse_keep(FileParse *p, Model *m, FrontendReport *pr)
{
    frontend_report_free(&p->pr);
    model_free(&p->m);
    p->m = *m;
    p->pr = *pr;
}

void file_parse_drop(Model *m, FrontendReport *pr)
{
    frontend_report_free(pr);
    model_free(m);
}

JitIndex *variant_jit_index(const VariantEnv *env)
{
    if (!*env->jit) *env->jit = jit_index_new();
    return *env->jit;
}

bool variant_defined(const VariantEnv *env, const char *const *args, int nargs, const char *name)
{
    const FrontendOptions *fo = env->options;
    return projects_args_define(args, nargs, name) || projects_args_define(fo->extra, fo->nextra, name) ||
           (env->projects && projects_closure_defines(env->projects, name));
}
