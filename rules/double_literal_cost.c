/* double_literal_cost.c - what a double-literal finding costs: the rule's
 * measured tables and how a finding's expression is read against them (the
 * rest of the rule is double_literal.c; the two files are one rule, apart
 * only to keep each file short). */
#include "rules/double_literal_cost.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each class: the float expression as written against the float fix, in
 * a dependent chain of 64 evaluations (a compute loop). */
static const CostTable EXACT_OP = {"compute loop: one operation on a literal exact in float (`x * 0.5`, `v *= 2.0`): nvcc "
                                   "narrows it", NULL,
                                   COST_POINTS({1, 1.00, "examples/activations.cu:46 (x * 0.5)"})};
static const CostTable INEXACT_OP = {"compute loop: one operation on a literal not exact in float (`0.01 * x`, `x + 0.1`)",
                                     NULL, COST_POINTS({1, 5.82, "examples/activations.cu:35 (0.01 * x)"})};
static const CostTable CHAIN_EXACT = {"compute loop: a chain (`result_in_double`) on a literal exact in float", NULL,
                                      COST_POINTS({1, 5.77, "mul-1.5 (x*1.5+0.25)"})};
static const CostTable CHAIN_INEXACT = {"compute loop: a chain (`result_in_double`: `acc += w * 0.1`) on a literal not "
                                        "exact in float", NULL,
                                        COST_POINTS({1, 5.77, "mul-0.1 (x*0.1+0.3)"})};
static const CostTable EXP_CALL = {"compute loop: `exp()` run in double (`double_math_call=exp`; best fix `__expf`)", NULL,
                                   COST_POINTS({1, 3.03, "exp-4.0 (exp(-(4.0)/x))"})};
/* Other math routines run in double, and a chain through a division: the
 * emitted benchmarks of testdata/rules/double-literal (H100, 2026-11-24;
 * the best fix: the fast intrinsic where one exists). */
static const CostTable LOG_CALL = {"compute loop: `log()` run in double (best fix `__logf`; `logf` alone 3.64x)", NULL,
                                   COST_POINTS({1, 12.07, "testdata pos_math_calls.cu:30 (log(x + 1.0), __logf)"})};
static const CostTable TANH_CALL = {"compute loop: `tanh()` run in double", NULL,
                                    COST_POINTS({1, 5.75, "testdata pos_math_calls.cu:47 (tanh(x * 0.5))"})};
static const CostTable SQRT_CALL = {"compute loop: `sqrt()` run in double", NULL,
                                    COST_POINTS({1, 2.39, "testdata pos_math_calls.cu:21 (sqrt(x * 2.0))"})};
static const CostTable CHAIN_DIV = {"compute loop: a chain whose double operations include a division (`g * e / (e + 1.)`)",
                                    NULL,
                                    COST_POINTS({1, 1.87, "testdata pos_chains_constants.cu:54 (g * e / (e + 1.))"})};
/* The same expressions as an elementwise kernel runs them: one evaluation
 * per element of a 64 Mi-element array read and written once, memory-bound
 * (bench/calibrate.sh stream-*, H100, 2026-11-24).  The double operations
 * hide behind the memory traffic; only double math routines still show. */
static const CostTable STREAM_EXACT_OP = {"`context=memory-bound`: one operation on a literal exact in float", NULL,
                                          COST_POINTS({1, 1.00, "stream-exact-op (x * 0.5)"})};
static const CostTable STREAM_INEXACT_OP = {"`context=memory-bound`: one operation on a literal not exact in float", NULL,
                                            COST_POINTS({1, 1.01, "stream-inexact-op (0.01 * x)"})};
static const CostTable STREAM_CHAIN = {"`context=memory-bound`: a chain", NULL,
                                       COST_POINTS({1, 1.02, "stream-chain (x*0.1+0.3)"})};
static const CostTable STREAM_CHAIN_DIV = {"`context=memory-bound`: a chain with a division", NULL,
                                           COST_POINTS({1, 1.04, "stream-chain-div (x*x/(x+1.))"})};
static const CostTable STREAM_EXP = {"`context=memory-bound`: `exp()` run in double (best fix `__expf`)", NULL,
                                     COST_POINTS({1, 1.13, "stream-exp (exp(-(4.0)/x), __expf)"})};
static const CostTable STREAM_LOG = {"`context=memory-bound`: `log()` run in double (best fix `__logf`)", NULL,
                                     COST_POINTS({1, 1.23, "stream-log (log(x+1.0), __logf)"})};
static const CostTable STREAM_TANH = {"`context=memory-bound`: `tanh()` run in double", NULL,
                                      COST_POINTS({1, 1.31, "stream-tanh (tanh(x*0.5))"})};
static const CostTable STREAM_SQRT = {"`context=memory-bound`: `sqrt()` run in double", NULL,
                                      COST_POINTS({1, 1.02, "stream-sqrt (sqrt(x*2.0))"})};

const CostTable *const double_literal_costs[] = {
    &EXACT_OP,        &INEXACT_OP,        &CHAIN_EXACT,  &CHAIN_INEXACT,    &CHAIN_DIV,  &EXP_CALL,   &LOG_CALL,
    &TANH_CALL,       &SQRT_CALL,         &STREAM_EXACT_OP, &STREAM_INEXACT_OP, &STREAM_CHAIN, &STREAM_CHAIN_DIV,
    &STREAM_EXP,      &STREAM_LOG,        &STREAM_TANH,  &STREAM_SQRT,      NULL};

/* The table measured in the finding's context: memory-bound (an evaluation
 * per global access) or the compute-bound chain. */
static const CostTable *in_context(const CostTable *t, bool memory_bound)
{
    if (!memory_bound) return t;
    static const struct {
        const CostTable *chain, *stream;
    } pairs[] = {{&EXACT_OP, &STREAM_EXACT_OP},   {&INEXACT_OP, &STREAM_INEXACT_OP}, {&CHAIN_EXACT, &STREAM_CHAIN},
                 {&CHAIN_INEXACT, &STREAM_CHAIN}, {&CHAIN_DIV, &STREAM_CHAIN_DIV},   {&EXP_CALL, &STREAM_EXP},
                 {&LOG_CALL, &STREAM_LOG},        {&TANH_CALL, &STREAM_TANH},        {&SQRT_CALL, &STREAM_SQRT}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i].chain == t) return pairs[i].stream;
    return t;
}

/* The table of the measured math routine `name` (std:: taken off), or NULL. */
static const CostTable *math_call_table(const char *name, const char **label)
{
    static const struct {
        const char *name;
        const CostTable *table;
    } calls[] = {{"exp", &EXP_CALL}, {"log", &LOG_CALL}, {"tanh", &TANH_CALL}, {"sqrt", &SQRT_CALL}};
    if (strncmp(name, "std::", 5) == 0) name += 5;
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        if (strcmp(name, calls[i].name) == 0) {
            *label = calls[i].name;
            return calls[i].table;
        }
    return NULL;
}

/* The table of the first measured math routine called in a chain's text,
 * or NULL. */
static const CostTable *chain_call_table(const char *chain, const char **label)
{
    for (const char *p = chain; *p; p++) {
        if (!isalpha((unsigned char)*p) || (p > chain && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) continue;
        const char *e = p;
        while (isalnum((unsigned char)*e) || *e == '_') e++;
        const char *q = e;
        while (*q == ' ') q++;
        char name[32];
        if (*q == '(' && e - p < (long)sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(e - p), p);
            const CostTable *pt = math_call_table(name, label);
            if (pt) return pt;
        }
        p = e - 1;
    }
    return NULL;
}

/* Counts the binary arithmetic operators of an expression's text (numbers
 * skipped whole, so the sign of 1e-3 is not one), and whether it compares. */
static int arithmetic_ops(const char *s, bool *compares)
{
    int n = 0;
    bool operand_before = false;
    *compares = false;
    for (size_t i = 0; s[i];) {
        char c = s[i];
        if ((c >= '0' && c <= '9') || (c == '.' && s[i + 1] >= '0' && s[i + 1] <= '9')) {
            if (operand_before) { i++; continue; } /* digits inside a name */
            while (s[i] && (strchr("0123456789.xXabcdefABCDEFpP", s[i]) ||
                            ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))))
                i++;
            while (s[i] && strchr("fFlLuU", s[i])) i++;
            operand_before = true;
            continue;
        }
        if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ')' || c == ']') {
            operand_before = true;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t') { i++; continue; }
        if (strchr("<>!=", c)) {
            if (c == '=' && s[i + 1] != '=') { operand_before = false; i++; continue; } /* plain assignment */
            *compares = true;
            i += s[i + 1] == '=' ? 2 : 1;
            operand_before = false;
            continue;
        }
        if (strchr("+-*/", c) && operand_before) {
            n++;
            if (s[i + 1] == '=') i++; /* v *= 0.5 */
        }
        operand_before = false;
        i++;
    }
    return n;
}

/* Exactly representable in float: nvcc then narrows a lone operation on it
 * back to float (double rounding is innocuous for + - * /). */
static bool exact_in_float(const char *literal, bool *parsed)
{
    char *end;
    double v = strtod(literal, &end);
    *parsed = end != literal && (*end == 0 || strchr("lL", *end));
    return *parsed && (double)(float)v == v;
}

/* The class of the finding's expression (a math call, a chain, one
 * operation on an exact or inexact literal) in its context. */
void double_literal_predict(const Finding *f, CostPrediction *out)
{
    bool mem = strcmp(evidence_str(f, "context", ""), "memory-bound") == 0;
    const char *where = mem ? ", next to the kernel's global accesses (memory-bound)" : "";
    const char *math = evidence_str(f, "double_math_call", NULL);
    const char *label = NULL;
    if (math) {
        const CostTable *pt = math_call_table(math, &label);
        if (!pt) cost_no_measurement(out, "%s() in double: exp, log, tanh and sqrt were measured", math);
        else cost_predict_from(out, in_context(pt, mem), 1, "%s() run in double%s", label, where);
        return;
    }
    /* the float operand is computed in float: only the rest runs in double */
    const char *expr = evidence_str(f, "expression", ""), *flt = evidence_str(f, "float_operand", "");
    const char *at = flt[0] ? strstr(expr, flt) : NULL;
    char rest[512];
    if (at) snprintf(rest, sizeof rest, "%.*sx%.200s", (int)(at - expr < 200 ? at - expr : 200), expr, at + strlen(flt));
    else snprintf(rest, sizeof rest, "%.400s", expr);
    bool compares;
    int ops = arithmetic_ops(rest, &compares);
    bool parsed;
    bool exact = exact_in_float(evidence_str(f, "constant_value", evidence_str(f, "literal", "")), &parsed);
    bool chain = evidence_int(f, "result_in_double", 0) != 0;
    const char *chain_text = evidence_str(f, "chain", NULL);
    const CostTable *chain_call = chain && chain_text ? chain_call_table(chain_text, &label) : NULL;
    if (compares)
        cost_no_measurement(out, "a comparison in double");
    else if (chain_call)
        cost_predict_from(out, in_context(chain_call, mem), 1, "a chain of double operations through %s() in double%s", label, where);
    else if (chain && chain_text && strchr(chain_text, '/'))
        cost_predict_from(out, in_context(&CHAIN_DIV, mem), 1, "a chain of double operations with a division%s", where);
    else if (chain && parsed)
        cost_predict_from(out, in_context(exact ? &CHAIN_EXACT : &CHAIN_INEXACT, mem), 1,
                          "a chain of double operations (the result feeds another one)%s", where);
    else if (ops != 1)
        cost_no_measurement(out, "'%s' is not one arithmetic operation on the float operand", expr);
    else if (!parsed)
        cost_no_measurement(out, "the value of '%s' is not known", evidence_str(f, "literal", ""));
    else if (exact)
        cost_predict_from(out, in_context(&EXACT_OP, mem), 1, "one operation on a literal exact in float (nvcc narrows it to float)%s", where);
    else
        cost_predict_from(out, in_context(&INEXACT_OP, mem), 1, "one operation on a literal not exact in float%s", where);
}
