/*
 * gpulint_bench_stats.h: the statistics behind every gpulint microbenchmark.
 *
 * Plain C99 that also compiles as C++ (static inline functions only, no CUDA),
 * so that the CPU unit test (tests/test_bench_stats.c) checks exactly the code
 * that the benchmarks run.  gpulint_bench.h includes it; an emitted benchmark
 * folder needs this file beside gpulint_bench.h.
 *
 * Contents: median / min / max / percentile (linear interpolation between the
 * two nearest ranks, the NumPy default), the paired-ratio spread of two series
 * of interleaved samples, the speedup of a fix (median(base) / median(fix)),
 * and the verdict rule with its thresholds (documented in bench/README.md).
 *
 * Conventions: empty input or a failed allocation gives NAN; inputs are not
 * modified (functions that need sorting work on a copy).
 */
#ifndef GPULINT_BENCH_STATS_H
#define GPULINT_BENCH_STATS_H

#include <math.h> /* NAN only: the header needs no libm */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Verdict thresholds.  A fix is "confirmed" when its speedup is at least
 * GL_CONFIRM_SPEEDUP and even the 10th percentile of its paired ratios is
 * above GL_CONFIRM_P10 (so at least 90% of the interleaved sample pairs agree
 * that it is faster).  It is "slower" when the speedup is at most
 * 1/GL_CONFIRM_SPEEDUP and the 90th percentile of the ratios is below
 * GL_SLOWER_P90.  Everything between is "no measurable impact". */
#define GL_CONFIRM_SPEEDUP 1.10
#define GL_CONFIRM_P10 1.02
#define GL_SLOWER_P90 0.98

typedef enum {
    GL_VERDICT_CONFIRMED = 0,
    GL_VERDICT_NO_IMPACT = 1,
    GL_VERDICT_SLOWER = 2,
    GL_VERDICT_INCORRECT = 3
} gl_verdict;

static inline int gl_stats_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A sorted copy of x[0..n), or NULL (n == 0 or no memory); free() it. */
static inline double *gl_sorted_copy(const double *x, size_t n)
{
    double *s;
    if (n == 0 || x == NULL)
        return NULL;
    s = (double *)malloc(n * sizeof(double));
    if (s == NULL)
        return NULL;
    memcpy(s, x, n * sizeof(double));
    qsort(s, n, sizeof(double), gl_stats_cmp_double);
    return s;
}

/* Percentile p (0..100, clamped) of an already sorted array: linear
 * interpolation between ranks floor(h) and floor(h)+1, h = p/100 * (n-1). */
static inline double gl_percentile_sorted(const double *s, size_t n, double p)
{
    double h, frac;
    size_t lo;
    if (n == 0 || s == NULL)
        return NAN;
    if (p < 0.0)
        p = 0.0;
    if (p > 100.0)
        p = 100.0;
    h = p / 100.0 * (double)(n - 1);
    lo = (size_t)h; /* h >= 0: truncation is floor (no libm needed) */
    if (lo >= n - 1)
        return s[n - 1];
    frac = h - (double)lo;
    return s[lo] + frac * (s[lo + 1] - s[lo]);
}

static inline double gl_percentile(const double *x, size_t n, double p)
{
    double *s = gl_sorted_copy(x, n);
    double r;
    if (s == NULL)
        return NAN;
    r = gl_percentile_sorted(s, n, p);
    free(s);
    return r;
}

/* Median: the middle element for odd n, the mean of the two middle ones for
 * even n (the 50th percentile with linear interpolation). */
static inline double gl_median(const double *x, size_t n)
{
    return gl_percentile(x, n, 50.0);
}

static inline double gl_min(const double *x, size_t n)
{
    size_t i;
    double m;
    if (n == 0 || x == NULL)
        return NAN;
    m = x[0];
    for (i = 1; i < n; i++)
        if (x[i] < m)
            m = x[i];
    return m;
}

static inline double gl_max(const double *x, size_t n)
{
    size_t i;
    double m;
    if (n == 0 || x == NULL)
        return NAN;
    m = x[0];
    for (i = 1; i < n; i++)
        if (x[i] > m)
            m = x[i];
    return m;
}

/* speedup = median(base) / median(fix) (> 1: the fix is faster). */
static inline double gl_speedup(const double *base, size_t nb, const double *fix, size_t nf)
{
    double mb = gl_median(base, nb), mf = gl_median(fix, nf);
    if (!(mf > 0.0))
        return NAN;
    return mb / mf;
}

/* Paired-ratio spread of samples taken interleaved (base[i] and fix[i] were
 * measured back to back): ratio_i = base[i] / fix[i]; *p10 and *p90 receive
 * the 10th and 90th percentiles of the ratios.  Returns 0 on success, -1 when
 * n == 0, a fix sample is not positive, or memory runs out (outputs NAN). */
static inline int gl_paired_spread(const double *base, const double *fix, size_t n,
                                   double *p10, double *p90)
{
    double *r;
    size_t i;
    *p10 = NAN;
    *p90 = NAN;
    if (n == 0 || base == NULL || fix == NULL)
        return -1;
    r = (double *)malloc(n * sizeof(double));
    if (r == NULL)
        return -1;
    for (i = 0; i < n; i++) {
        if (!(fix[i] > 0.0)) {
            free(r);
            return -1;
        }
        r[i] = base[i] / fix[i];
    }
    qsort(r, n, sizeof(double), gl_stats_cmp_double);
    *p10 = gl_percentile_sorted(r, n, 10.0);
    *p90 = gl_percentile_sorted(r, n, 90.0);
    free(r);
    return 0;
}

/* The verdict of one benchmark run.
 *   all_correct: every variant (baseline included) passed its correctness check;
 *   best_speedup, best_p10, best_p90: speedup and paired spread of the best
 *   correct fix (the one with the highest speedup).
 * NaN speedups or spreads never confirm and never count as slower. */
static inline gl_verdict gl_verdict_of(int all_correct, double best_speedup,
                                       double best_p10, double best_p90)
{
    if (!all_correct)
        return GL_VERDICT_INCORRECT;
    if (best_speedup >= GL_CONFIRM_SPEEDUP && best_p10 > GL_CONFIRM_P10)
        return GL_VERDICT_CONFIRMED;
    if (best_speedup <= 1.0 / GL_CONFIRM_SPEEDUP && best_p90 < GL_SLOWER_P90)
        return GL_VERDICT_SLOWER;
    return GL_VERDICT_NO_IMPACT;
}

static inline const char *gl_verdict_name(gl_verdict v)
{
    switch (v) {
    case GL_VERDICT_CONFIRMED:
        return "confirmed";
    case GL_VERDICT_SLOWER:
        return "slower";
    case GL_VERDICT_INCORRECT:
        return "variant incorrect";
    case GL_VERDICT_NO_IMPACT:
    default:
        return "no measurable impact";
    }
}

#endif /* GPULINT_BENCH_STATS_H */
