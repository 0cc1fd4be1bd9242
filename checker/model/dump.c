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

/* An Affine the builder never set (a zeroed struct) prints as "-". */
static void aff_text(const Affine *x, const Kernel *k, char *buf, int n)
{
    if (!x->exact && x->deps == 0 && x->nterms == 0) snprintf(buf, (size_t)n, "-");
    else aff_format(x, model_symbol_name_cb, (void *)k, buf, n);
}

/* " call_depth=N call_site=L:C" for facts met inside an inlined helper. */
static void call_text(int depth, const SrcRange *site, char *buf, size_t n)
{
    if (depth > 0) snprintf(buf, n, " call_depth=%d call_site=%u:%u", depth, site->line, site->col);
    else buf[0] = 0;
}

static const char *branch_kind(BranchKind k)
{
    switch (k) {
    case BRANCH_IF: return "if";
    case BRANCH_SWITCH: return "switch";
    default: return "?:";
    }
}

static const char *conversion_site(ConversionSite s)
{
    switch (s) {
    case CONV_ARITHMETIC: return "arithmetic";
    case CONV_COMPOUND_ASSIGN: return "compound-assign";
    default: return "call-argument";
    }
}

static const char *double_origin(DoubleOrigin o)
{
    switch (o) {
    case DOUBLE_FROM_LITERAL: return "literal";
    case DOUBLE_FROM_VARIABLE: return "literal-variable";
    case DOUBLE_FROM_CONSTANT: return "constant";
    default: return "other";
    }
}

static void dims_text(FILE *out, const DimValue *v)
{
    for (int j = 0; j < 3; j++)
        fprintf(out, "%s%s%lld[%s]", j ? ", " : "", v[j].known ? "" : "?", v[j].value, v[j].origin ? v[j].origin : "");
}

void model_dump(FILE *out, const Model *m)
{
    char cs[96], b2[512], b3[512];
    char a[512], d[128];
    fprintf(out, "model of %s: %d kernel(s), %d launch(es)\n", m->file, m->nkernels, m->nlaunches);
    const GpuLanguage *lang = model_language(m);
    if (lang->dump_name) /* CUDA dumps stay as they were */
        fprintf(out, "  language %s; fp64 %s (%s)\n", lang->dump_name, m->fp64 ? "on" : "off",
                m->fp64_reason ? m->fp64_reason : "?");
    const GpuTarget *t = model_target(m);
    if (!t->measured) /* NVIDIA's dumps stay as they were */
        fprintf(out, "  target %s (%s): %d-wide wavefront, %d-byte lines%s\n", model_target_arch(m), t->family,
                t->warp_width, t->sector_bytes, m->target_assumed ? ", assumed" : "");
    for (int i = 0; i < m->nkernels; i++) {
        const Kernel *k = &m->kernels[i];
        const BlockShape *b = k->warp_axis_y ? &k->launch_block : &k->block;
        fprintf(out, "kernel %s (%s:%u)%s%s block=%s%dx%dx%d%s launches=%d\n", k->name, k->range.file, k->range.line,
                k->is_template ? " [template pattern]" : "", k->device_root ? " [device function]" : "", b->known ? "" : "unknown ",
                b->x, b->y, b->z, k->warp_axis_y ? " (warps along y: values with y as x)" : "", k->nlaunches);
        for (int j = 0; j < k->nparams; j++)
            fprintf(out, "  param %s: %s%s\n", k->params[j].name, k->params[j].type, k->params[j].is_restrict ? " restrict" : "");
        for (int j = 0; j < k->nloops; j++) {
            const Loop *l = &k->loops[j];
            aff_format(&l->bound, model_symbol_name_cb, (void *)k, a, sizeof a);
            aff_text(&l->init, k, b2, sizeof b2);
            aff_text(&l->step, k, b3, sizeof b3);
            fprintf(out, "  loop %d line %u depth %d ivar=%s bound=%s%s%s%s%s parent=%d init=%s step=%s%s%s%s%s", j,
                    l->range.line, l->depth, l->ivar ? l->ivar : "-", l->has_bound && l->bound_is_lower ? ">" : "",
                    l->has_bound ? a : "-",
                    l->has_barrier ? " barrier" : "", l->has_store ? " store" : "", l->has_unroll_pragma ? " unroll" : "",
                    l->parent, b2, b3, l->has_bound ? " bound_text='" : "", l->has_bound && l->bound_text ? l->bound_text : "",
                    l->has_bound ? (l->bound_inclusive ? "' inclusive" : "'") : "", l->has_atomic ? " atomic" : "");
            if (l->bound_clamped) {
                aff_text(&l->clamped, k, b2, sizeof b2);
                fprintf(out, " clamped=min(%s, %lld)", b2, l->clamp_limit);
            }
            if (l->nbound_choices)
                fprintf(out, " choices=%lld|%lld of %s", l->bound_choice[0], l->bound_choice[1], k->syms[l->choice_symbol].name);
            fputc('\n', out);
        }
        for (int j = 0; j < k->nlimits; j++) {
            const SymbolLimit *lim = &k->limits[j];
            fprintf(out, "  limit %s <= %lld (%s) line %u\n", model_symbol_name(k, lim->symbol), lim->max,
                    lim->from_assert ? "assert" : "guard", lim->range.line);
        }
        for (int j = 0; j < k->naccesses; j++) {
            const Access *x = &k->accesses[j];
            aff_format(&x->byte_offset, model_symbol_name_cb, (void *)k, a, sizeof a);
            deps_text(x->byte_offset.deps, d, sizeof d);
            call_text(x->call_depth, &x->call_site, cs, sizeof cs);
            fprintf(out, "  access %u:%u %s %s%s%s %s[%s] (%s, %d B)%s%s bytes=%s deps=%s loop=%d%s%s%s",
                    x->range.line, x->range.col, space_name(x->space), x->is_load ? "load" : "",
                    x->is_store ? "store" : "", x->is_atomic ? " atomic" : "", x->base_name, "", x->elem_type,
                    x->elem_bytes, x->field ? " field " : "", x->field ? x->field : "", a, d, x->loop,
                    x->elem_is_vector ? " vector" : "", x->elem_is_record && !x->elem_is_vector ? " record" : "", cs);
            if (x->field) fprintf(out, " field_bytes=%d field_offset=%d", x->field_bytes, x->field_offset);
            if (x->base_param >= 0) fprintf(out, " param=%d", x->base_param);
            if (x->array >= 0) fprintf(out, " array=%d", x->array);
            if (x->data_offset.exact) {
                aff_format(&x->data_offset, model_symbol_name_cb, (void *)k, a, sizeof a);
                fprintf(out, " data_offset=%s", a);
            }
            fputc('\n', out);
        }
        for (int j = 0; j < k->nbranches; j++) {
            const Branch *b = &k->branches[j];
            deps_text(b->cond.deps, d, sizeof d);
            call_text(b->call_depth, &b->call_site, cs, sizeof cs);
            static const char *const bodies[] = {"", " body=empty", " body=diagnostic", " body=select"};
            fprintf(out, "  branch %u:%u (%s) deps=%s symbols=%s loop_depth=%d%s%s kind=%s loop=%d%s%s\n", b->range.line,
                    b->range.col, b->cond_text, d, b->symbols, b->loop_depth, b->constant ? " constant" : "",
                    b->is_constexpr ? " constexpr" : "", branch_kind(b->kind), b->loop, bodies[b->body], cs);
        }
        for (int j = 0; j < k->narrays; j++)
            fprintf(out, "  array %s %s %s[%lld] elem_bytes=%d line %u%s\n", k->arrays[j].name,
                    space_name(k->arrays[j].space), k->arrays[j].elem_type, k->arrays[j].count, k->arrays[j].elem_bytes,
                    k->arrays[j].range.line, k->arrays[j].is_extern ? " extern" : "");
        for (int j = 0; j < k->nconversions; j++) {
            const Conversion *v = &k->conversions[j];
            call_text(v->call_depth, &v->call_site, cs, sizeof cs);
            fprintf(out, "  conversion %u:%u %s in '%s' (float operand '%s') site=%s origin=%s", v->double_range.line,
                    v->double_range.col, v->double_text, v->op_text, v->float_text, conversion_site(v->site),
                    double_origin(v->origin));
            if (v->origin == DOUBLE_FROM_LITERAL && (v->literal_spelling.line != v->double_range.line ||
                                                     v->literal_spelling.col != v->double_range.col))
                fprintf(out, " spelled=%u:%u", v->literal_spelling.line, v->literal_spelling.col);
            if (v->origin == DOUBLE_FROM_VARIABLE) fprintf(out, " decl=%u:%u", v->variable_decl.line, v->variable_decl.col);
            if (v->origin == DOUBLE_FROM_CONSTANT) fprintf(out, " value=%.17g", v->constant_value);
            if (v->macro) fprintf(out, " macro=%s def=%u:%u", v->macro, v->macro_definition.line, v->macro_definition.col);
            fprintf(out, " loop=%d%s%s%s\n", v->loop, v->folded ? " folded" : "",
                    v->result_feeds_double_op ? " feeds-double-op" : "", cs);
        }
        for (int j = 0; j < k->nmath_calls; j++) {
            const MathCall *mc = &k->math_calls[j];
            call_text(mc->call_depth, &mc->call_site, cs, sizeof cs);
            fprintf(out, "  math-call %u:%u %s %s", mc->callee_range.line, mc->callee_range.col, mc->callee,
                    mc->double_precision ? "double" : "float");
            if (mc->nconversions)
                fprintf(out, " conversions=%d..%d", mc->first_conversion, mc->first_conversion + mc->nconversions - 1);
            fprintf(out, " loop=%d%s\n", mc->loop, cs);
        }
    }
    for (int i = 0; i < m->nlaunches; i++) {
        const Launch *L = &m->launches[i];
        fprintf(out, "launch %s at %u:%u block=%s (", L->kernel_name, L->range.line, L->range.col,
                L->block_text ? L->block_text : "?");
        dims_text(out, L->block);
        fprintf(out, ")%s%s args:", L->block_runtime ? " runtime" : "", L->block_is_template_param ? " template" : "");
        for (int j = 0; j < L->nargs; j++)
            fprintf(out, " %s%s", L->arg_text[j], L->arg_known[j] ? "(const)" : "");
        fputc('\n', out);
        /* Additional facts of the launch, indented under it. */
        fprintf(out, "  grid (");
        dims_text(out, L->grid);
        fprintf(out, ") in %s kernel=%d block_at=%u:%u\n", L->function ? L->function : "?", L->kernel,
                L->block_range.line, L->block_range.col);
        for (int j = 0; j < 3; j++)
            if (L->block[j].where.line)
                fprintf(out, "  block %c defined at %u:%u\n", "xyz"[j], L->block[j].where.line, L->block[j].where.col);
        for (int j = 0; j < L->nargs; j++) {
            if (L->arg_known[j]) fprintf(out, "  arg %d %s = %lld\n", j, L->arg_text[j], L->arg_value[j]);
            if (!L->arg_known[j] && L->arg_sets && L->arg_sets[j].n) {
                fprintf(out, "  arg %d %s in {", j, L->arg_text[j]);
                for (int v = 0; v < L->arg_sets[j].n; v++) fprintf(out, "%s%lld", v ? "," : "", L->arg_sets[j].values[v]);
                fprintf(out, "} (%s)\n", L->arg_sets[j].how);
            }
        }
    }
    for (int i = 0; i < m->nnotes; i++)
        fprintf(out, "note %u:%u %s\n", m->notes[i].range.line, m->notes[i].range.col, m->notes[i].message);
    for (int i = 0; i < m->nsymbol_writes; i++) {
        const SymbolWrite *w = &m->symbol_writes[i];
        fprintf(out, "symbol-write %s at %u:%u source=%s values=", w->symbol, w->range.line, w->range.col,
                w->value_source ? w->value_source : "-");
        for (int j = 0; j < w->nvalues; j++) fprintf(out, "%s%lld", j ? "," : "", w->values[j]);
        if (!w->nvalues) fputc('-', out);
        fputc('\n', out);
    }
}
