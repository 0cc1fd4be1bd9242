/* double_literal.c - an unsuffixed floating literal that makes float code
 * compute in double (an implicit float->double promotion in the AST).
 * Carries fix-its: 4.0 -> 4.0f, exp -> expf.  See docs/rules/double-literal.md. */
#include "rules.h"

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

static void check_kernel(const Kernel *k, FindingList *out)
{
    for (int i = 0; i < k->npromotions; i++) {
        const Promotion *p = &k->promotions[i];
        /* A double variable mixed in is deliberate more often than not:
         * only literals, const doubles initialised by a literal, and the math
         * calls they drag into double count. */
        if (!(p->is_literal || p->is_named_constant) || (p->is_literal && has_suffix(p->literal_text))) continue;
        Severity sev = (p->math_call || p->loop >= 0) ? SEV_HIGH : SEV_MEDIUM;
        Finding *f;
        if (p->is_named_constant)
            f = finding_new(out, RULE_ID, sev, p->double_operand, k->name,
                            "const double '%s' makes '%s' compute in double (float operand '%s')%s%s%s",
                            p->literal_text, p->expr_text, p->float_operand, p->math_call ? ", and " : "",
                            p->math_call ? p->math_call : "", p->math_call ? "() then runs in double precision" : "");
        else if (p->math_call)
            f = finding_new(out, RULE_ID, sev, p->double_operand, k->name,
                            "double literal %s makes '%s' compute in double (float operand '%s'), and %s() then runs in double precision",
                            p->literal_text, p->expr_text, p->float_operand, p->math_call);
        else
            f = finding_new(out, RULE_ID, sev, p->double_operand, k->name,
                            "double literal %s makes '%s' compute in double (float operand '%s'): two conversions and a double operation",
                            p->literal_text, p->expr_text, p->float_operand);
        if (!f) continue;
        finding_str(out, f, "literal", p->literal_text);
        finding_str(out, f, "float_operand", p->float_operand);
        finding_str(out, f, "expression", p->expr_text);
        if (p->math_call) finding_str(out, f, "double_math_call", p->math_call);
        finding_bool(out, f, "in_loop", p->loop >= 0);
        if (p->in_macro) {
            finding_str(out, f, "macro", p->macro_name);
            finding_related(out, f, p->macro_def, "the literal comes from macro %s, defined here", p->macro_name);
        }
        add_call_site(out, f, p->call_depth, p->call_site);
        if (p->is_named_constant) {
            finding_related(out, f, p->constant_decl, "'%s' is declared double here", p->literal_text);
            finding_fix(out, f, "declare '%s' as const float with an f-suffixed initializer", p->literal_text);
            continue;
        }
        char lit_f[128];
        snprintf(lit_f, sizeof lit_f, "%sf", p->literal_text);
        Fix *fx = finding_fix(out, f, p->in_macro ? "write %s as %s in the definition of %s (changes every use of the macro)"
                                                  : "write %s as %s so the operation stays in float",
                              p->literal_text, lit_f, p->macro_name ? p->macro_name : "");
        finding_replacement(out, fx, p->literal_spelling, lit_f, p->literal_text);
        if (p->math_call && p->math_call_fixable) {
            /* rename once per call: the first promotion of the call carries it */
            bool first = true;
            for (int j = 0; j < i; j++)
                if (k->promotions[j].math_call && same_range(k->promotions[j].math_callee, p->math_callee)) first = false;
            if (first && strncmp(p->math_call, "std::", 5) != 0 && isalpha((unsigned char)p->math_call[0])) {
                char fname[64];
                snprintf(fname, sizeof fname, "%sf", p->math_call);
                Fix *fm = finding_fix(out, f, "call %s instead of %s (its argument is float once the literal is)", fname,
                                      p->math_call);
                finding_replacement(out, fm, p->math_callee, fname, p->math_call);
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

/* The finding's own expression on a float x: as written, with the literal
 * made float, and with the fast intrinsic where one exists. */
static bool bench(const Finding *f, BenchParams *p)
{
    const char *expr = evidence_str(f, "expression", "");
    const char *flt = evidence_str(f, "float_operand", "");
    const char *lit = evidence_str(f, "literal", "");
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

static void check(const Model *m, const Kernel *k, const RuleContext *ctx)
{
    (void)m;
    check_kernel(k, ctx->findings);
}

const Rule rule_double_literal = {
    .id = RULE_ID,
    .summary = "an unsuffixed floating literal makes float device code compute in double",
    .default_severity = SEV_MEDIUM,
    .check_kernel = check,
    .bench = bench,
    .fixes_are_safe = true, /* a literal suffix and the float math name: same text, float semantics */
};
