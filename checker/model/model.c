/* model.c - lifetime of the kernel model. */
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void model_init(Model *m, const char *file)
{
    memset(m, 0, sizeof *m);
    m->file = arena_strdup(&m->arena, file);
    m->fp64 = true;
}

void model_free(Model *m)
{
    for (int i = 0; i < m->nkernels; i++) {
        Kernel *k = &m->kernels[i];
        free(k->params);
        free(k->syms);
        free(k->accesses);
        free(k->loops);
        free(k->branches);
        free(k->arrays);
        free(k->conversions);
        free(k->math_calls);
        free(k->limits);
        free(k->thread_compares);
        free(k->warp_constants);
    }
    free(m->kernels);
    free(m->launches);
    free(m->symbol_writes);
    free(m->notes);
    arena_free(&m->arena);
    memset(m, 0, sizeof *m);
}

const char *model_symbol_name(const Kernel *k, int sym)
{
    if (sym >= 0 && sym < k->nsyms) return k->syms[sym].name;
    return "?";
}

const char *model_symbol_name_cb(int sym, void *ctx)
{
    return model_symbol_name((const Kernel *)ctx, sym);
}

static bool is_split(const Kernel *k, int s)
{
    return s >= SYM_FIRST_USER && s < k->nsyms &&
           (k->syms[s].kind == SYMK_QUOTIENT || k->syms[s].kind == SYMK_REMAINDER);
}

bool model_mentions_data_only(const Kernel *k, const Affine *a)
{
    for (int i = 0; i < a->nterms; i++)
        for (int j = 0; j < a->term[i].nfactors; j++) {
            int s = a->term[i].factor[j];
            if (is_split(k, s) || (s >= SYM_FIRST_USER && s < k->nsyms && k->syms[s].kind == SYMK_LOADED)) return true;
        }
    return false;
}

bool model_loop_within(const Kernel *k, int loop, int outer)
{
    for (int q = loop; q >= 0; q = k->loops[q].parent)
        if (q == outer) return true;
    return false;
}

int model_offset_at_unit_divisor(const Kernel *k, const Affine *offset, Affine *out, char *split, size_t n)
{
    int d = -1;
    for (int t = 0; t < offset->nterms && d < 0; t++)
        for (int q = 0; q < offset->term[t].nfactors && d < 0; q++)
            if (is_split(k, offset->term[t].factor[q])) d = k->syms[offset->term[t].factor[q]].divisor;
    if (d < 0) return -1;
    Affine r = aff_subst(offset, d, 1); /* first: fewer factors per term */
    split[0] = 0;
    for (int s = SYM_FIRST_USER; s < k->nsyms; s++) {
        const Symbol *y = &k->syms[s];
        if (!is_split(k, s) || y->divisor != d || !aff_mentions(&r, s)) continue;
        r = y->kind == SYMK_QUOTIENT ? aff_subst_affine(&r, s, y->numerator) : aff_subst(&r, s, 0);
        size_t len = strlen(split);
        snprintf(split + len, n - len, "%s%s", len ? ", " : "", y->name);
    }
    if (!r.exact || model_mentions_data_only(k, &r)) return -1;
    *out = r;
    return d;
}

int model_offset_at_wide_divisor(const Kernel *k, const Affine *offset, Affine *out, int *quotient)
{
    int r = -1;
    for (int t = 0; t < offset->nterms && r < 0; t++)
        for (int j = 0; j < offset->term[t].nfactors && r < 0; j++) {
            int s = offset->term[t].factor[j];
            if (s >= SYM_FIRST_USER && s < k->nsyms && k->syms[s].kind == SYMK_REMAINDER) r = s;
        }
    if (r < 0) return -1;
    const Symbol *rem = &k->syms[r];
    Affine c;
    long long one;
    if (!rem->numerator || !aff_coef(rem->numerator, SYM_TID_X, &c) || !aff_is_const(&c, &one) || one != 1) return -1;
    *quotient = -1;
    for (int s = SYM_FIRST_USER; s < k->nsyms && *quotient < 0; s++)
        if (k->syms[s].kind == SYMK_QUOTIENT && k->syms[s].divisor == rem->divisor && aff_mentions(offset, s) &&
            aff_equal(k->syms[s].numerator, rem->numerator))
            *quotient = s;
    Affine x = *quotient >= 0 ? aff_subst(offset, *quotient, 0) : *offset;
    x = aff_subst_affine(&x, r, rem->numerator);
    if (!x.exact || model_mentions_data_only(k, &x)) return -1;
    *out = x;
    return r;
}
