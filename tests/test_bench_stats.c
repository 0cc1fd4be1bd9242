/*
 * test_bench_stats.c: unit tests of bench/gpulint_bench_stats.h, the statistics
 * every gpulint microbenchmark uses (median, percentile, paired-ratio spread,
 * speedup, verdict).  Expected values are computed by hand in the comments.
 *
 * Build: cc -std=c11 -Wall -Wextra -Werror -I bench tests/test_bench_stats.c (no libm needed)
 * Prints each failure as "FAIL file:line: ..." and ends with "N passed, M failed";
 * exits 1 when anything failed.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpulint_bench_stats.h"

static int passed, failed;

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static double absd(double x) { return x < 0.0 ? -x : x; }

static void check_near(double got, double want, const char *what, int line)
{
    if (absd(got - want) <= 1e-12 * (absd(want) > 1.0 ? absd(want) : 1.0)) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s:%d: %s = %.17g, expected %.17g\n", __FILE__, line, what, got, want);
    }
}

static void check_true(int cond, const char *what, int line)
{
    if (cond) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, line, what);
    }
}

static void check_verdict(gl_verdict got, gl_verdict want, const char *what, int line)
{
    if (got == want) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s:%d: %s: verdict \"%s\", expected \"%s\"\n", __FILE__, line, what,
                gl_verdict_name(got), gl_verdict_name(want));
    }
}

#define NEAR(got, want) check_near((got), (want), #got, __LINE__)
#define TRUE(cond) check_true((cond), #cond, __LINE__)
#define VERDICT(got, want) check_verdict((got), (want), #got, __LINE__)

static void test_median(void)
{
    const double odd[] = {3.0, 1.0, 2.0};        /* sorted 1 2 3 -> 2 */
    const double even[] = {4.0, 1.0, 3.0, 2.0};  /* sorted 1 2 3 4 -> (2+3)/2 = 2.5 */
    const double one[] = {7.5};
    const double dup[] = {5.0, 5.0, 1.0, 5.0, 9.0}; /* sorted 1 5 5 5 9 -> 5 */
    double copy[4];

    NEAR(gl_median(odd, NELEM(odd)), 2.0);
    NEAR(gl_median(even, NELEM(even)), 2.5);
    NEAR(gl_median(one, 1), 7.5);
    NEAR(gl_median(dup, NELEM(dup)), 5.0);
    TRUE(isnan(gl_median(odd, 0)));

    /* the input is not reordered */
    memcpy(copy, even, sizeof(copy));
    (void)gl_median(copy, 4);
    TRUE(memcmp(copy, even, sizeof(copy)) == 0);

    NEAR(gl_min(even, 4), 1.0);
    NEAR(gl_max(even, 4), 4.0);
    TRUE(isnan(gl_min(even, 0)));
    TRUE(isnan(gl_max(even, 0)));
}

static void test_percentile(void)
{
    const double five[] = {5.0, 4.0, 3.0, 2.0, 1.0}; /* sorted 1..5, h = p/100*4 */
    const double four[] = {40.0, 10.0, 30.0, 20.0};  /* sorted 10 20 30 40, h = p/100*3 */

    NEAR(gl_percentile(five, 5, 0.0), 1.0);
    NEAR(gl_percentile(five, 5, 100.0), 5.0);
    NEAR(gl_percentile(five, 5, 50.0), 3.0);
    NEAR(gl_percentile(five, 5, 10.0), 1.4);   /* h = 0.4: 1 + 0.4*(2-1) */
    NEAR(gl_percentile(five, 5, 90.0), 4.6);   /* h = 3.6: 4 + 0.6*(5-4) */
    NEAR(gl_percentile(five, 5, 25.0), 2.0);   /* h = 1 exactly */
    NEAR(gl_percentile(four, 4, 25.0), 17.5);  /* h = 0.75: 10 + 0.75*10 */
    NEAR(gl_percentile(four, 4, 50.0), 25.0);  /* h = 1.5 */
    NEAR(gl_percentile(four, 4, 90.0), 37.0);  /* h = 2.7: 30 + 0.7*10 */
    NEAR(gl_percentile(four, 4, -5.0), 10.0);  /* clamped to 0 */
    NEAR(gl_percentile(four, 4, 150.0), 40.0); /* clamped to 100 */
    NEAR(gl_percentile(five, 1, 90.0), 5.0);   /* one element: itself */
    TRUE(isnan(gl_percentile(five, 0, 50.0)));
}

static void test_paired_spread(void)
{
    /* ratios base/fix = 2, 1, 0.5, 2, 2 -> sorted 0.5 1 2 2 2
     * p10: h = 0.4 -> 0.5 + 0.4*0.5 = 0.7;  p90: h = 3.6 -> 2 + 0.6*0 = 2 */
    const double base[] = {2.0, 2.0, 2.0, 2.0, 2.0};
    const double fix[] = {1.0, 2.0, 4.0, 1.0, 1.0};
    /* ratios 1.0 1.1 1.2 ... 2.0 (11 values): p10 h = 1.0 -> 1.1; p90 h = 9.0 -> 1.9 */
    double b2[11], f2[11];
    const double zero_fix[] = {1.0, 0.0};
    double p10 = 0.0, p90 = 0.0;
    int i;

    TRUE(gl_paired_spread(base, fix, 5, &p10, &p90) == 0);
    NEAR(p10, 0.7);
    NEAR(p90, 2.0);

    for (i = 0; i < 11; i++) {
        f2[i] = 0.5;                      /* exact in binary */
        b2[10 - i] = 0.5 * (1.0 + 0.1 * i); /* reversed order: the spread sorts ratios */
    }
    TRUE(gl_paired_spread(b2, f2, 11, &p10, &p90) == 0);
    NEAR(p10, 1.1);
    NEAR(p90, 1.9);

    /* identical series: every ratio 1 */
    TRUE(gl_paired_spread(base, base, 5, &p10, &p90) == 0);
    NEAR(p10, 1.0);
    NEAR(p90, 1.0);

    /* a non-positive fix sample or an empty series is an error, outputs NaN */
    TRUE(gl_paired_spread(zero_fix, zero_fix, 2, &p10, &p90) == -1);
    TRUE(isnan(p10) && isnan(p90));
    TRUE(gl_paired_spread(base, fix, 0, &p10, &p90) == -1);
    TRUE(isnan(p10) && isnan(p90));
}

static void test_speedup(void)
{
    const double base[] = {4.0, 2.0, 3.0}; /* median 3 */
    const double fix[] = {1.0, 2.0};       /* median 1.5 */
    const double zero[] = {0.0};

    NEAR(gl_speedup(base, 3, fix, 2), 2.0);
    NEAR(gl_speedup(fix, 2, base, 3), 0.5);
    TRUE(isnan(gl_speedup(base, 3, zero, 1)));
    TRUE(isnan(gl_speedup(base, 3, fix, 0)));
}

static void test_verdict(void)
{
    /* variant incorrect wins over everything */
    VERDICT(gl_verdict_of(0, 3.0, 2.9, 3.1), GL_VERDICT_INCORRECT);
    VERDICT(gl_verdict_of(0, 0.5, 0.4, 0.6), GL_VERDICT_INCORRECT);
    /* confirmed: speedup >= 1.10 and p10 > 1.02 */
    VERDICT(gl_verdict_of(1, 2.0, 1.9, 2.1), GL_VERDICT_CONFIRMED);
    VERDICT(gl_verdict_of(1, 1.10, 1.03, 1.2), GL_VERDICT_CONFIRMED); /* boundary: >= 1.10 */
    /* large speedup but noisy pairs (p10 not above 1.02) -> no measurable impact */
    VERDICT(gl_verdict_of(1, 1.5, 1.02, 2.0), GL_VERDICT_NO_IMPACT);
    VERDICT(gl_verdict_of(1, 1.5, 0.9, 2.0), GL_VERDICT_NO_IMPACT);
    /* below the speedup threshold, even with tight pairs -> no measurable impact */
    VERDICT(gl_verdict_of(1, 1.09, 1.08, 1.10), GL_VERDICT_NO_IMPACT);
    VERDICT(gl_verdict_of(1, 1.0, 0.99, 1.01), GL_VERDICT_NO_IMPACT);
    /* slower: speedup <= 1/1.10 and p90 < 0.98 */
    VERDICT(gl_verdict_of(1, 0.5, 0.45, 0.55), GL_VERDICT_SLOWER);
    VERDICT(gl_verdict_of(1, 1.0 / 1.10, 0.85, 0.97), GL_VERDICT_SLOWER); /* boundary */
    /* slower median but noisy pairs -> no measurable impact */
    VERDICT(gl_verdict_of(1, 0.8, 0.5, 0.98), GL_VERDICT_NO_IMPACT);
    /* between 1/1.10 and 1 -> no measurable impact */
    VERDICT(gl_verdict_of(1, 0.95, 0.90, 0.97), GL_VERDICT_NO_IMPACT);
    /* NaN never confirms nor counts as slower */
    VERDICT(gl_verdict_of(1, NAN, NAN, NAN), GL_VERDICT_NO_IMPACT);

    TRUE(strcmp(gl_verdict_name(GL_VERDICT_CONFIRMED), "confirmed") == 0);
    TRUE(strcmp(gl_verdict_name(GL_VERDICT_NO_IMPACT), "no measurable impact") == 0);
    TRUE(strcmp(gl_verdict_name(GL_VERDICT_SLOWER), "slower") == 0);
    TRUE(strcmp(gl_verdict_name(GL_VERDICT_INCORRECT), "variant incorrect") == 0);
}

int main(void)
{
    test_median();
    test_percentile();
    test_paired_spread();
    test_speedup();
    test_verdict();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
