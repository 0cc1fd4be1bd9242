/* model.c - lifetime of the kernel model. */
#include "model/model.h"

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
