/* double_literal.c - an unsuffixed floating literal that makes float code
 * compute in double (an implicit float->double promotion in the AST).
 * Carries fix-its: 4.0 -> 4.0f, exp -> expf.  See docs/rules/double-literal.md. */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
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
        if (p->math_call)
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
        finding_replacement(out, fx, p->literal_spelling, lit_f);
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
                finding_replacement(out, fm, p->math_callee, fname);
            }
        }
    }
}

static void check(const Model *m, FindingList *out)
{
    for (int i = 0; i < m->nkernels; i++) check_kernel(&m->kernels[i], out);
}

const Rule rule_double_literal = {
    RULE_ID,
    "an unsuffixed floating literal makes float device code compute in double",
    SEV_MEDIUM,
    check,
};
