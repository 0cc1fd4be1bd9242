/* model_dump.c - prints the kernel model (gpulint --dump-model), so that a
 * user can see why a rule did or did not fire. */
#include "model/dump.h"

static const char *space_name(AddrSpace s)
{
    switch (s) {
    case SPACE_GLOBAL: return "global";
    case SPACE_SHARED: return "shared";
    case SPACE_LOCAL: return "local";
    case SPACE_CONSTANT: return "constant";
    default: return "unknown";
    }
}

static void deps_text(unsigned d, char *buf, size_t n)
{
    static const char *names[] = {"thread", "block", "dim", "loop", "param", "constmem", "data", "template", "unknown"};
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < 9; i++)
        if (d & (1u << i)) len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%s%s", len ? "|" : "", names[i]);
    if (!len) snprintf(buf, n, "none");
}

void model_dump(FILE *out, const Model *m)
{
    char a[512], d[128];
    fprintf(out, "model of %s: %d kernel(s), %d launch(es)\n", m->file, m->nkernels, m->nlaunches);
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *k = &m->kernels[i];
        fprintf(out, "kernel %s (%s:%u)%s block=%s%dx%dx%d launches=%d\n", k->name, k->range.file, k->range.line,
                k->is_template ? " [template pattern]" : "", k->block.known ? "" : "unknown ", k->block.x, k->block.y,
                k->block.z, k->nlaunches);
        for (int j = 0; j < k->nparams; j++)
            fprintf(out, "  param %s: %s%s\n", k->params[j].name, k->params[j].type, k->params[j].is_restrict ? " restrict" : "");
        for (int j = 0; j < k->nloops; j++) {
            const Loop *l = &k->loops[j];
            aff_format(&l->bound, model_symbol_name_cb, (void *)k, a, sizeof a);
            fprintf(out, "  loop %d line %u depth %d ivar=%s bound=%s%s%s%s\n", j, l->range.line, l->depth,
                    l->ivar ? l->ivar : "-", l->has_bound ? a : "-", l->has_barrier ? " barrier" : "",
                    l->has_store ? " store" : "", l->has_unroll_pragma ? " unroll" : "");
        }
        for (int j = 0; j < k->naccesses; j++) {
            const Access *x = &k->accesses[j];
            aff_format(&x->byte_offset, model_symbol_name_cb, (void *)k, a, sizeof a);
            deps_text(x->byte_offset.deps, d, sizeof d);
            fprintf(out, "  access %u:%u %s %s%s%s %s[%s] (%s, %d B)%s%s bytes=%s deps=%s loop=%d\n", x->range.line,
                    x->range.col, space_name(x->space), x->is_load ? "load" : "", x->is_store ? "store" : "",
                    x->is_atomic ? " atomic" : "", x->base_name, "", x->elem_type, x->elem_bytes,
                    x->field ? " field " : "", x->field ? x->field : "", a, d, x->loop);
        }
        for (int j = 0; j < k->nbranches; j++) {
            const Branch *b = &k->branches[j];
            deps_text(b->cond.deps, d, sizeof d);
            fprintf(out, "  branch %u:%u (%s) deps=%s symbols=%s loop_depth=%d%s%s\n", b->range.line, b->range.col,
                    b->cond_text, d, b->symbols, b->loop_depth, b->constant ? " constant" : "",
                    b->is_constexpr ? " constexpr" : "");
        }
        for (int j = 0; j < k->narrays; j++)
            fprintf(out, "  array %s %s %s[%lld]\n", k->arrays[j].name, space_name(k->arrays[j].space),
                    k->arrays[j].elem_type, k->arrays[j].count);
        for (int j = 0; j < k->npromotions; j++) {
            const Promotion *p = &k->promotions[j];
            fprintf(out, "  double %u:%u %s in '%s' (float operand '%s')%s%s\n", p->double_operand.line,
                    p->double_operand.col, p->literal_text, p->expr_text, p->float_operand,
                    p->math_call ? " math " : "", p->math_call ? p->math_call : "");
        }
    }
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *L = &m->launches[i];
        fprintf(out, "launch %s at %u:%u block=%s (", L->kernel_name, L->range.line, L->range.col,
                L->block_text ? L->block_text : "?");
        for (int j = 0; j < 3; j++)
            fprintf(out, "%s%s%lld[%s]", j ? ", " : "", L->block[j].known ? "" : "?", L->block[j].value,
                    L->block[j].origin ? L->block[j].origin : "");
        fprintf(out, ")%s%s args:", L->block_runtime ? " runtime" : "", L->block_is_template_param ? " template" : "");
        for (int j = 0; j < L->nargs; j++)
            fprintf(out, " %s%s", L->arg_text[j], L->arg_known[j] ? "(const)" : "");
        fputc('\n', out);
    }
}
