/* double_literal.c - an unsuffixed floating literal that makes float code
 * compute in double.  The model records every implicit float->double
 * conversion and math call as neutral facts; this rule decides which
 * conversions to report, the message and the fix-its: 4.0 -> 4.0f, and
 * exp -> expf when the call's argument is float once its literals are.  See docs/rules/double-literal.md. */
#include "rules.h"
#include "rules/double_literal_cost.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULE_ID "double-literal"

static bool has_suffix(const char *lit)
{
    size_t n = strlen(lit);
    if (!n) return true;
    char c = lit[n - 1];
    return c == 'f' || c == 'F' || c == 'l' || c == 'L';
}

static bool same_range(SrcRange a, SrcRange b)
{
    return a.line == b.line && a.col == b.col && a.file && b.file && strcmp(a.file, b.file) == 0;
}

/* The innermost double-precision math call whose evaluation recorded
 * conversion i, or NULL.  Calls are recorded when they complete, inner ones
 * first, so the first call whose range holds i is the innermost. */
static const MathCall *enclosing_math_call(const Kernel *k, int i)
{
    for (int m = 0; m < k->nmath_calls; m++) {
        const MathCall *mc = &k->math_calls[m];
        if (mc->double_precision && i >= mc->first_conversion && i < mc->first_conversion + mc->nconversions) return mc;
    }
    return NULL;
}

/* exp -> expf is safe only when every conversion under the call comes from
 * a literal: then the argument is float once the literals are. */
static bool math_call_fixable(const Kernel *k, const MathCall *mc)
{
    for (int j = mc->first_conversion; j < mc->first_conversion + mc->nconversions; j++)
        if (k->conversions[j].origin != DOUBLE_FROM_LITERAL) return false;
    return true;
}

/* Does conversion i deserve a finding?  A double variable mixed in is
 * deliberate more often than not: only literals without suffix, and const
 * doubles initialised by a literal, count.  pow(x, 2.0) is reported at the
 * call only when its arguments hold no conversion of their own. */
static bool reported(const Kernel *k, int i, const MathCall *mc)
{
    const Conversion *v = &k->conversions[i];
    if (v->origin == DOUBLE_FROM_OTHER || v->folded) return false; /* folded: the compiler computes it */
    if (v->float_assumed) return false; /* a type the host sets at build time: it may build it as double */
    if (v->origin == DOUBLE_FROM_LITERAL && has_suffix(v->double_text)) return false;
    if (v->site == CONV_CALL_ARGUMENT && mc && i > mc->first_conversion) return false;
    return true;
}


/* A device without fp64 (OpenCL C's is optional): the compiler converts an
 * unsuffixed literal to float, so no double arithmetic happens; the suffix
 * only says what the code means (a precision note, info: no run-time effect). */
static void report_without_fp64(const Model *m, const Kernel *k, const Conversion *p, FindingList *out)
{
    Finding *f = finding_new(out, RULE_ID, SEV_INFO, p->double_range, k->name,
                             "double literal %s in '%s': without fp64 on the device (%s) %s converts it to float, so this is only a precision note",
                             p->double_text, p->op_text, m->fp64_reason ? m->fp64_reason : "--opencl-fp64",
                             model_language(m)->word.compiler);
    if (!f) return;
    finding_str(out, f, "literal", p->double_text);
    finding_str(out, f, "float_operand", p->float_text);
    finding_str(out, f, "expression", p->op_text);
    finding_bool(out, f, "in_loop", p->loop >= 0);
    finding_bool(out, f, "fp64", false);
    if (p->macro) {
        finding_str(out, f, "macro", p->macro);
        finding_related(out, f, p->macro_definition, "the literal comes from macro %s, defined here", p->macro);
    }
    add_call_site(out, f, p->call_depth, p->call_site);
    char lit_f[128];
    snprintf(lit_f, sizeof lit_f, "%sf", p->double_text);
    Fix *fx = finding_fix(out, f, "write %s as %s: the same value on this device, and float on a device with fp64 too", p->double_text, lit_f);
    finding_replacement(out, fx, p->literal_spelling, lit_f, p->double_text);
}

/* Another instantiation of the same template kernel in which the code at
 * the conversion does not convert (it runs on double, or another type):
 * editing the literal there would change that instantiation too.  Returns
 * its name, or NULL. */
static const char *other_instantiation(const Model *m, const Kernel *k, const Conversion *p)
{
    if (!k->base_name || strcmp(k->base_name, k->name) == 0) return NULL;
    for (int j = 0; j < m->nkernels; j++) {
        const Kernel *o = &m->kernels[j];
        if (o == k || o->is_template || !o->base_name || strcmp(o->base_name, k->base_name) != 0) continue;
        bool converts = false;
        for (int q = 0; q < o->nconversions && !converts; q++)
            converts = same_range(o->conversions[q].double_range, p->double_range);
        if (!converts) return o->name;
    }
    return NULL;
}

/* Does each evaluation at loop l come with global memory traffic: a global
 * (or unplaced) load or store in loop l or a loop inside it (for l = -1,
 * anywhere)?  Then
 * the expression runs as in an elementwise kernel, where a few double
 * operations hide behind the memory accesses (H100: 1.00-1.04x; only double
 * math routines show, 1.13-1.31x); otherwise it runs in a compute loop. */
static bool evaluated_with_memory_traffic(const Kernel *k, int l)
{
    for (int i = 0; i < k->naccesses; i++) {
        const Access *a = &k->accesses[i];
        if (a->space != SPACE_GLOBAL && a->space != SPACE_UNKNOWN) continue; /* unknown: a pointer the model could not place, global in practice */
        if (l < 0 || model_loop_within(k, a->loop, l)) return true;
    }
    return false;
}

static void check_kernel(const Model *m, const Kernel *k, FindingList *out)
{
    const GpuLanguage *lang = model_language(m);
    for (int i = 0; i < k->nconversions; i++) {
        const Conversion *p = &k->conversions[i];
        const MathCall *mc = enclosing_math_call(k, i);
        if (!reported(k, i, mc)) continue;
        if (lang->fp64_optional && !m->fp64) {
            if (p->origin == DOUBLE_FROM_LITERAL) report_without_fp64(m, k, p, out);
            continue; /* a double variable without fp64 does not compile: not this rule's business */
        }
        const char *math_call = mc ? mc->callee : NULL;
        bool named_constant = p->origin == DOUBLE_FROM_VARIABLE;
        bool constant_expr = p->origin == DOUBLE_FROM_CONSTANT;
        const char *shared_with = other_instantiation(m, k, p);
        Severity sev = (math_call || p->loop >= 0) ? SEV_HIGH : SEV_MEDIUM;
        /* the caveat where fp64 is optional; nothing where it is always there */
        const char *caveat = lang->fp64_optional ? arena_printf(&out->arena, " [fp64 on: %s; without fp64 the compiler would convert the literal to float]",
                                                m->fp64_reason ? m->fp64_reason : "")
                                 : "";
        Finding *f;
        if (named_constant)
            f = finding_new(out, RULE_ID, sev, p->double_range, k->name,
                            "const double '%s' makes '%s' compute in double (float operand '%s')%s%s%s%s",
                            p->double_text, p->op_text, p->float_text, math_call ? ", and " : "",
                            math_call ? math_call : "", math_call ? "() then runs in double precision" : "", caveat);
        else if (constant_expr)
            f = finding_new(out, RULE_ID, sev, p->double_range, k->name,
                            "double constant %s (= %.9g, computed by the compiler) makes '%s' compute in double at run time (float operand '%s')%s%s%s%s",
                            p->double_text, p->constant_value, p->op_text, p->float_text, math_call ? ", and " : "",
                            math_call ? math_call : "", math_call ? "() then runs in double precision" : "", caveat);
        else if (math_call)
            f = finding_new(out, RULE_ID, sev, p->double_range, k->name,
                            "double literal %s makes '%s' compute in double (float operand '%s'), and %s() then runs in double precision%s",
                            p->double_text, p->op_text, p->float_text, math_call, caveat);
        else
            f = finding_new(out, RULE_ID, sev, p->double_range, k->name,
                            "double literal %s makes '%s' compute in double (float operand '%s'): two conversions and a double operation%s",
                            p->double_text, p->op_text, p->float_text, caveat);
        if (!f) continue;
        finding_str(out, f, "literal", p->double_text);
        if (constant_expr) finding_str(out, f, "constant_value", arena_printf(&out->arena, "%.17g", p->constant_value));
        finding_str(out, f, "float_operand", p->float_text);
        finding_str(out, f, "expression", p->op_text);
        if (math_call) finding_str(out, f, "double_math_call", math_call);
        if (shared_with) finding_str(out, f, "also_instantiated_as", shared_with);
        finding_bool(out, f, "in_loop", p->loop >= 0);
        if (lang->fp64_optional) finding_bool(out, f, "fp64", true);
        if (p->macro) {
            finding_str(out, f, "macro", p->macro);
            finding_related(out, f, p->macro_definition, "the literal comes from macro %s, defined here", p->macro);
        }
        /* the double result feeds a further double operation (a chain,
         * acc += w * 0.5): nvcc cannot narrow it back to float */
        if (p->result_feeds_double_op) finding_bool(out, f, "result_in_double", true);
        if (p->result_feeds_double_op && p->chain_text && strcmp(p->chain_text, p->op_text) != 0)
            finding_str(out, f, "chain", p->chain_text);
        finding_str(out, f, "context", evaluated_with_memory_traffic(k, p->loop) ? "memory-bound" : "compute loop");
        finding_predict(out, f);
        add_call_site(out, f, p->call_depth, p->call_site);
        if (named_constant) {
            finding_related(out, f, p->variable_decl, "'%s' is declared double here", p->double_text);
            finding_fix(out, f, "declare '%s' as const float with an f-suffixed initializer", p->double_text);
            continue;
        }
        if (shared_with) { /* a suggestion only: the same text is also compiled for another type */
            finding_fix(out, f, "the same code is also instantiated as %s, where it does not compute in float: no automatic edit; use a literal of the template's type (T(%s)) or static_cast<T>",
                        shared_with, p->double_text);
            continue;
        }
        if (constant_expr) {
            finding_fix(out, f, "make the constant float%s%s: f-suffixed literals in it, or (float)(...) around it, so the operation stays in float",
                        p->macro ? " in the definition of " : "", p->macro ? p->macro : "");
            continue;
        }
        char lit_f[128];
        snprintf(lit_f, sizeof lit_f, "%sf", p->double_text);
        Fix *fx = finding_fix(out, f, p->macro ? "write %s as %s in the definition of %s (changes every use of the macro)"
                                               : "write %s as %s so the operation stays in float",
                              p->double_text, lit_f, p->macro ? p->macro : "");
        finding_replacement(out, fx, p->literal_spelling, lit_f, p->double_text);
        /* Without float twins (OpenCL's math builtins are overloaded) exp runs
         * in float once its argument is, and there is no expf to rename to. */
        if (mc && math_call_fixable(k, mc) && lang->float_math_names) {
            /* rename once per call: the first conversion under the call carries it */
            bool first = true;
            for (int j = 0; j < i; j++) {
                const MathCall *other = enclosing_math_call(k, j);
                if (other && same_range(other->callee_range, mc->callee_range)) first = false;
            }
            if (first && strncmp(math_call, "std::", 5) != 0 && isalpha((unsigned char)math_call[0])) {
                char fname[64];
                snprintf(fname, sizeof fname, "%sf", math_call);
                Fix *fm = finding_fix(out, f, "call %s instead of %s (its argument is float once the literal is)", fname,
                                      math_call);
                finding_replacement(out, fm, mc->callee_range, fname, math_call);
            }
        }
    }
}

/* Replaces whole-word occurrences of `word` in `s` by `with`. */
static void replace_word(char *s, size_t size, const char *word, const char *with)
{
    char out[1024];
    size_t n = 0, wl = strlen(word);
    if (!wl) return;
    for (size_t i = 0; s[i] && n < sizeof out - 1;) {
        bool start_ok = i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_' || s[i - 1] == '.');
        bool end_ok = !(isalnum((unsigned char)s[i + wl]) || s[i + wl] == '_' || s[i + wl] == '.');
        if (start_ok && strncmp(s + i, word, wl) == 0 && end_ok) {
            n += (size_t)snprintf(out + n, sizeof out - n, "%s", with);
            i += wl;
        } else {
            out[n++] = s[i++];
        }
    }
    out[n < sizeof out ? n : sizeof out - 1] = 0;
    if (snprintf(s, size, "%s", out) < 0) s[0] = 0;
}

/* Only x, numbers, operators and known math names may remain. */
static bool self_contained(const char *s, const char *math)
{
    for (size_t i = 0; s[i];) {
        if (isalpha((unsigned char)s[i]) || s[i] == '_') {
            size_t j = i;
            while (isalnum((unsigned char)s[j]) || s[j] == '_') j++;
            size_t len = j - i;
            bool digit_before = i > 0 && (isdigit((unsigned char)s[i - 1]) || s[i - 1] == '.');
            bool ok = digit_before || (len == 1 && s[i] == 'x') || (math && strncmp(s + i, math, len) == 0 && strlen(math) == len);
            if (!ok) return false;
            i = j;
        } else {
            i++;
        }
    }
    return true;
}

/* Equal once blanks are ignored. */
static bool same_code(const char *a, const char *b)
{
    for (;;) {
        while (isspace((unsigned char)*a)) a++;
        while (isspace((unsigned char)*b)) b++;
        if (*a != *b) return false;
        if (!*a) return true;
        a++;
        b++;
    }
}

/* The number token starting at s[i] (not inside a name): its end, and
 * whether it is a floating literal without an f suffix (a double); 0 when
 * no number starts there. */
static size_t number_at(const char *s, size_t i, bool *is_double)
{
    bool starts = isdigit((unsigned char)s[i]) || (s[i] == '.' && isdigit((unsigned char)s[i + 1]));
    if (!starts || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'))) return 0;
    bool hex = s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    bool floating = false;
    size_t j = i + (hex ? 2 : 0);
    while (isalnum((unsigned char)s[j]) || s[j] == '.' ||
           ((s[j] == '+' || s[j] == '-') && strchr(hex ? "pP" : "eE", s[j - 1]))) {
        if (s[j] == '.' || (!hex && (s[j] == 'e' || s[j] == 'E')) || (hex && (s[j] == 'p' || s[j] == 'P')))
            floating = true;
        j++;
    }
    *is_double = floating && s[j - 1] != 'f' && s[j - 1] != 'F';
    return j;
}

/* Does the text hold a floating literal without an f suffix (a double)? */
static bool has_double_literal(const char *s)
{
    for (size_t i = 0; s[i];) {
        bool is_double;
        size_t end = number_at(s, i, &is_double);
        if (end && is_double) return true;
        i = end ? end : i + 1;
    }
    return false;
}

static bool is_math_name(const char *s, size_t len)
{
    static const char *const names[] = {"exp",  "exp2",  "expm1", "log",   "log2",  "log10", "log1p", "pow",
                                        "sqrt", "rsqrt", "cbrt",  "sin",   "cos",   "tan",   "sinh",  "cosh",
                                        "tanh", "asin",  "acos",  "atan",  "atan2", "erf",   "erfc",  "fabs",
                                        "fmin", "fmax",  "floor", "ceil",  "round", "fma",   "hypot", "exp10"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0) return true;
    return false;
}

/* A chain's text on one float x: each operand that is a name, possibly
 * subscripted or a member (in_diff[index], p.scale), becomes (x); numbers
 * and math calls stay.  False when something else is left (a cast, a call
 * of another function, a conditional). */
static bool chain_on_x(const char *chain, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; chain[i];) {
        char c = chain[i];
        if (n + 8 >= size) return false;
        bool digit_before = i > 0 && (isalnum((unsigned char)chain[i - 1]) || chain[i - 1] == '.');
        if ((isalpha((unsigned char)c) || c == '_') && !digit_before) {
            size_t j = i;
            while (isalnum((unsigned char)chain[j]) || chain[j] == '_') j++;
            size_t k = j;
            while (chain[k] == ' ') k++;
            if (chain[k] == '(') { /* a call: only the math library */
                if (!is_math_name(chain + i, j - i)) return false;
                memcpy(out + n, chain + i, j - i);
                n += j - i;
                i = j;
                continue;
            }
            static const char *const types[] = {"float", "double", "int", "unsigned", "long", "short", "char",
                                                "bool", "signed", "const", "auto", "sizeof", "static_cast"};
            for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
                if (strlen(types[t]) == j - i && strncmp(chain + i, types[t], j - i) == 0) return false; /* a cast */
            /* the operand's postfix: [..], .name, ->name (blanks after it stay) */
            for (size_t end = j;; end = k) {
                k = end;
                while (chain[k] == ' ') k++;
                if (chain[k] == '[') {
                    int depth = 0;
                    do {
                        if (chain[k] == '[') depth++;
                        else if (chain[k] == ']') depth--;
                        else if (!chain[k]) return false;
                        k++;
                    } while (depth > 0);
                } else if (chain[k] == '.' || (chain[k] == '-' && chain[k + 1] == '>')) {
                    k += chain[k] == '.' ? 1 : 2;
                    while (isalnum((unsigned char)chain[k]) || chain[k] == '_') k++;
                } else {
                    k = end;
                    break;
                }
            }
            n += (size_t)snprintf(out + n, size - n, "(x)");
            i = k;
            continue;
        }
        if (strchr("?:;#\"'{}=<>!&|", c)) return false;
        out[n++] = c;
        i++;
    }
    out[n] = 0;
    return true;
}

/* The chain fixed: every unsuffixed floating literal gets an f, every math
 * call its float name (the whole chain stays in float). */
static void chain_fixed(const char *written, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; written[i] && n + 2 < size;) {
        char c = written[i];
        bool word_before = i > 0 && (isalnum((unsigned char)written[i - 1]) || written[i - 1] == '_');
        bool is_double;
        size_t j = number_at(written, i, &is_double);
        if (j) {
            for (size_t k = i; k < j && n + 2 < size; k++) out[n++] = written[k];
            if (is_double && n + 2 < size) out[n++] = 'f';
            i = j;
            continue;
        }
        if (!word_before && isalpha((unsigned char)c)) {
            for (j = i; isalnum((unsigned char)written[j]) || written[j] == '_'; j++) {}
            for (size_t k = i; k < j && n + 2 < size; k++) out[n++] = written[k];
            if (written[j] == '(' && is_math_name(written + i, j - i) && n + 2 < size) out[n++] = 'f';
            i = j;
            continue;
        }
        out[n++] = c;
        i++;
    }
    out[n] = 0;
}

/* A finding whose double result feeds further double arithmetic: the whole
 * chain as written against the chain in float (the fix that removes the
 * double arithmetic; this literal alone may be narrowed back by nvcc). */
static bool bench_chain(const Finding *f, BenchParams *p)
{
    const char *chain = evidence_str(f, "chain", NULL);
    if (!chain || evidence_str(f, "double_math_call", NULL)) return false;
    char written[640], fixed[640];
    if (!chain_on_x(chain, written, sizeof written) || !has_double_literal(written)) return false;
    chain_fixed(written, fixed, sizeof fixed);
    if (same_code(written, fixed)) return false;
    bench_def(p, "GL_EXPR_AS_WRITTEN(x)", "%s", written);
    bench_def(p, "GL_EXPR_FIXED(x)", "%s", fixed);
    bench_def(p, "GL_HAS_FAST_MATH_VARIANT", "0");
    snprintf(p->note, sizeof p->note, "the whole double chain '%.150s' benchmarked on one float x, every literal in it made float",
             chain);
    return true;
}

/* The finding's own expression on a float x: as written, with the literal
 * made float, and with the fast intrinsic where one exists (the whole chain
 * when the result feeds further double arithmetic). */
static bool bench_expression(const Finding *f, BenchParams *p)
{
    if (bench_chain(f, p)) return true;
    const char *expr = evidence_str(f, "expression", "");
    const char *flt = evidence_str(f, "float_operand", "");
    const char *lit = evidence_str(f, "constant_value", evidence_str(f, "literal", ""));
    const char *math = evidence_str(f, "double_math_call", NULL);
    if (!lit[0] || strchr(lit, '"')) return false;
    char body[512];
    snprintf(body, sizeof body, "%s", expr);
    if (flt[0]) replace_word(body, sizeof body, flt, "(x)");
    if (!flt[0] || !self_contained(body, math) || strchr(body, ';') || strchr(body, '#')) {
        /* not self-contained: the literal on a float x, the same operation kind */
        snprintf(body, sizeof body, "(x) * %s", lit);
        snprintf(p->note, sizeof p->note, "expression '%s' benchmarked as '(x) * %s'", expr, lit);
    }
    char written[640], fixed[640];
    if (math) snprintf(written, sizeof written, "%s(%s)", math, body);
    else snprintf(written, sizeof written, "%s", body);
    snprintf(fixed, sizeof fixed, "%s", written);
    char litf[96];
    snprintf(litf, sizeof litf, "%sf", lit);
    if (isdigit((unsigned char)lit[0]) || lit[0] == '.') replace_word(fixed, sizeof fixed, lit, litf);
    else snprintf(fixed, sizeof fixed, "%s", written); /* a named constant: float version below */
    if (math) {
        char mf[64];
        snprintf(mf, sizeof mf, "%sf", math);
        replace_word(fixed, sizeof fixed, math, mf);
    }
    /* A benchmark of an expression against itself would "measure" nothing. */
    if (same_code(written, fixed) || (!math && !has_double_literal(written))) {
        snprintf(p->refused, sizeof p->refused, "as written and fixed code would be identical ('%.160s'%s)", written,
                 same_code(written, fixed) ? "" : ": no double operand is left in it");
        return false;
    }
    bench_def(p, "GL_EXPR_AS_WRITTEN(x)", "%s", written);
    bench_def(p, "GL_EXPR_FIXED(x)", "%s", fixed);
    static const char *const fast[] = {"exp", "log", "sin", "cos", "pow", "tan", "log2", "log10", "exp10"};
    bool has_fast = false;
    for (size_t i = 0; math && i < sizeof fast / sizeof fast[0]; i++) has_fast |= strcmp(math, fast[i]) == 0;
    if (has_fast) {
        char fastexpr[700], mf[64], fm[64];
        snprintf(fastexpr, sizeof fastexpr, "%s", fixed);
        snprintf(mf, sizeof mf, "%sf", math);
        snprintf(fm, sizeof fm, "__%sf", math);
        replace_word(fastexpr, sizeof fastexpr, mf, fm);
        bench_def(p, "GL_HAS_FAST_MATH_VARIANT", "1");
        bench_def(p, "GL_EXPR_FAST(x)", "%s", fastexpr);
    } else {
        bench_def(p, "GL_HAS_FAST_MATH_VARIANT", "0");
    }
    return true;
}

/* In the finding's context: next to a global load and store per evaluation
 * (an elementwise kernel: GL_STREAM) or as a compute-bound chain. */
static bool bench(const Finding *f, BenchParams *p)
{
    if (!bench_expression(f, p)) return false;
    if (strcmp(evidence_str(f, "context", ""), "memory-bound") == 0) {
        bench_def(p, "GL_STREAM", "1");
        size_t n = strlen(p->note);
        snprintf(p->note + n, sizeof p->note - n, "%sone evaluation per element read and written, as the kernel evaluates it next to its global accesses",
                 n ? "; " : "");
    }
    return true;
}

static void check(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    check_kernel(m, k, ctx->findings);
}

const Rule rule_double_literal = {
    .id = RULE_ID,
    .summary = "an unsuffixed floating literal makes float device code compute in double",
    .opencl = "unsuffixed literals in float code; with fp64 (--opencl-fp64, auto: cl_khr_fp64 pragma or double used) as in CUDA, without fp64 an info precision note (the compiler makes it float); no expf rename (builtins are overloaded)",
    .default_severity = SEV_MEDIUM,
    .check_kernel = check,
    .bench = bench,
    .costs = double_literal_costs,
    .predict = double_literal_predict,
    .fixes_are_safe = true, /* a literal suffix and the float math name: same text, float semantics */
};
