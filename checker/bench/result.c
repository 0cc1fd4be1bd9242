/* result.c - a benchmark's result as gpulint reads it back: the object of a
 * GPULINT_RESULT line in a run's output (gpulint bench) or of an entry of
 * results.json (--impact).  Both come from other machines, so both go
 * through the same checks, read the verdict by the harness's own rule and
 * make text safe to print. */
#include "bench/result.h"
#include "util/oom.h"
#include "util/utf8.h"
/* the harness's statistics and verdict rule (the repository's bench/, not
 * checker/bench/), so that a verdict is judged as the harness made it */
#include "bench/gpulint_bench_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ fields, read with care */

double bench_json_num(const cJSON *o, const char *key, double fallback)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : fallback;
}

const char *bench_json_str(const cJSON *o, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

/* Results files and benchmark outputs come from other machines and may be
 * truncated or hand-edited, so every field gpulint reads is checked before
 * use.  A field may be absent (its fallback is used) but one that is there
 * must have the right type; null stands for "not measured" where the
 * harness writes it (no correct fix, NaN). */
bool bench_json_absent_or(const cJSON *o, const char *key, cJSON_bool (*is)(const cJSON *), bool null_ok)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return !v || is(v) || (null_ok && cJSON_IsNull(v));
}

/* A measured number: a speedup, a ratio or a time.  Only a finite positive
 * value means something; cJSON reads 1e999 as infinity, and a negative or
 * zero time is a hand edit or a broken harness. */
static bool measured_number(const cJSON *v)
{
    return cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble > 0;
}

/* NULL when the [p10, p90] pair of a result is absent or two measured
 * numbers or nulls (null: not measured, read as 0), else what is wrong. */
static const char *spread_problem(const cJSON *spread)
{
    if (!spread) return NULL;
    if (!cJSON_IsArray(spread) || cJSON_GetArraySize(spread) != 2) return "\"best_spread\" is not an array of two numbers";
    for (int i = 0; i < 2; i++) {
        const cJSON *v = cJSON_GetArrayItem(spread, i);
        if (!cJSON_IsNumber(v) && !cJSON_IsNull(v)) return "\"best_spread\" is not an array of two numbers";
        if (cJSON_IsNumber(v) && !measured_number(v)) return "\"best_spread\" holds a number that is not finite and positive";
    }
    return NULL;
}

double bench_spread_at(const cJSON *spread, int i)
{
    const cJSON *v = cJSON_GetArrayItem(spread, i); /* NULL when spread is absent */
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* Text from a results file or a benchmark's output on its way to a terminal
 * or a report: control characters (newlines, ESC and the C1 set, whose CSI
 * starts a terminal sequence too), bidirectional overrides, line separators
 * and bytes that are not UTF-8 become '?', so that a hostile file cannot
 * forge report lines or drive the terminal.  malloc'd. */
char *bench_clean_text(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    char *out = xmalloc(n + 1), *o = out;
    while (n > 0) {
        size_t k = utf8_sequence_length(p, n);
        unsigned cp = 0;
        if (k == 1) cp = p[0];
        else if (k == 2) cp = (p[0] & 0x1Fu) << 6 | (p[1] & 0x3Fu);
        else if (k == 3) cp = (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
        else if (k == 4) cp = 0x10000; /* above every code point refused here */
        bool bad = k == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x2028 && cp <= 0x202E) ||
                   (cp >= 0x2066 && cp <= 0x2069);
        if (bad) {
            *o++ = '?';
            k = k ? k : 1;
        } else {
            memcpy(o, p, k);
            o += k;
        }
        p += k;
        n -= k;
    }
    *o = 0;
    return out;
}

/* The verdict rule of the harness (bench/gpulint_bench_stats.h, shared so
 * that both read the numbers alike) over a result's numbers, each scaled
 * by `scale`; null or absent numbers are NaN, which never confirm and never
 * count as slower. */
static gl_verdict verdict_of_numbers(const cJSON *res, double scale)
{
    const cJSON *sp = cJSON_GetObjectItem(res, "best_speedup"), *spread = cJSON_GetObjectItem(res, "best_spread");
    const cJSON *p10 = cJSON_GetArrayItem(spread, 0), *p90 = cJSON_GetArrayItem(spread, 1);
    double s = cJSON_IsNumber(sp) ? sp->valuedouble * scale : NAN;
    double lo = cJSON_IsNumber(p10) ? p10->valuedouble * scale : NAN;
    double hi = cJSON_IsNumber(p90) ? p90->valuedouble * scale : NAN;
    return gl_verdict_of(1, s, lo, hi);
}

static const gl_verdict known_verdicts[] = {GL_VERDICT_CONFIRMED, GL_VERDICT_NO_IMPACT, GL_VERDICT_SLOWER,
                                            GL_VERDICT_INCORRECT};

/* The verdict a result states, or the one its numbers give when it states
 * none (after bench_result_problem: a stated one is a known name). */
const char *bench_verdict_name(const cJSON *res)
{
    const cJSON *v = cJSON_GetObjectItem(res, "verdict");
    return cJSON_IsString(v) ? v->valuestring : gl_verdict_name(verdict_of_numbers(res, 1));
}

/* Whether a result's stated verdict may follow from its numbers.  The
 * harness prints them with 6 significant digits, so a verdict the numbers
 * reach within that rounding stands.  "variant incorrect" is about the
 * correctness checks, which the numbers do not show. */
static bool verdict_consistent(const cJSON *res, gl_verdict stated)
{
    if (stated == GL_VERDICT_INCORRECT) return true;
    const double rounding = 1e-5;
    return verdict_of_numbers(res, 1) == stated || verdict_of_numbers(res, 1 - rounding) == stated ||
           verdict_of_numbers(res, 1 + rounding) == stated;
}

/* What is wrong with a benchmark result's fields, or NULL (the verdict
 * aside). */
static const char *field_problem(const cJSON *res)
{
    if (!cJSON_IsObject(res)) return "the result is not a JSON object";
    const char *p = spread_problem(cJSON_GetObjectItem(res, "best_spread"));
    if (p) return p;
    if (!bench_json_absent_or(res, "best_speedup", cJSON_IsNumber, true)) return "\"best_speedup\" is not a number";
    if (!bench_json_absent_or(res, "best_fix", cJSON_IsString, true)) return "\"best_fix\" is not a string";
    if (!bench_json_absent_or(res, "verdict", cJSON_IsString, false)) return "\"verdict\" is not a string";
    if (!bench_json_absent_or(res, "gpu", cJSON_IsString, false)) return "\"gpu\" is not a string";
    const cJSON *vars = cJSON_GetObjectItem(res, "variants");
    if (vars && !cJSON_IsArray(vars)) return "\"variants\" is not an array";
    const cJSON *first = cJSON_GetArrayItem(vars, 0);
    if (first && !cJSON_IsObject(first)) return "\"variants\"[0] is not an object";
    if (first && !bench_json_absent_or(first, "median_ms", cJSON_IsNumber, true)) return "\"variants\"[0].median_ms is not a number";
    const cJSON *base_ms = cJSON_GetObjectItem(first, "median_ms");
    if (cJSON_IsNumber(base_ms) && !measured_number(base_ms)) return "\"variants\"[0].median_ms is not a finite positive time";
    return NULL;
}

/* Whether a benchmark result (the object of a GPULINT_RESULT line) is
 * unusable; if so, what is wrong with it goes to `why`. */
bool bench_result_problem(const cJSON *res, char *why, size_t n)
{
    const char *p = field_problem(res);
    if (p) {
        snprintf(why, n, "%s", p);
        return true;
    }
    const cJSON *speedup = cJSON_GetObjectItem(res, "best_speedup"), *spread = cJSON_GetObjectItem(res, "best_spread");
    if (cJSON_IsNumber(speedup) && !measured_number(speedup)) {
        snprintf(why, n, "\"best_speedup\" is not a finite positive number (%g)", speedup->valuedouble);
        return true;
    }
    const cJSON *verdict = cJSON_GetObjectItem(res, "verdict");
    if (!verdict) return false;
    for (size_t i = 0; i < sizeof known_verdicts / sizeof known_verdicts[0]; i++) {
        if (strcmp(verdict->valuestring, gl_verdict_name(known_verdicts[i])) != 0) continue;
        if (verdict_consistent(res, known_verdicts[i])) return false;
        snprintf(why, n, "\"verdict\" \"%s\" does not follow from best_speedup %g and best_spread [%g, %g] (the "
                         "benchmarks' rule gives \"%s\")",
                 verdict->valuestring, cJSON_IsNumber(speedup) ? speedup->valuedouble : 0, bench_spread_at(spread, 0),
                 bench_spread_at(spread, 1), gl_verdict_name(verdict_of_numbers(res, 1)));
        return true;
    }
    snprintf(why, n, "\"verdict\" is not one of \"confirmed\", \"no measurable impact\", \"slower\", "
                     "\"variant incorrect\"");
    return true;
}
