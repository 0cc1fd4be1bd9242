/* check.h - a tiny assertion helper for the C unit tests: counts, reports
 * each failure with its line, and ends with "N passed, M failed". */
#ifndef GPULINT_CHECK_H
#define GPULINT_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) check_passed++;                                                \
        else {                                                                   \
            check_failed++;                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

#define CHECK_EQ_LL(a, b)                                                                          \
    do {                                                                                           \
        long long _a = (a), _b = (b);                                                              \
        if (_a == _b) check_passed++;                                                              \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, _a, _b); \
        }                                                                                          \
    } while (0)

static int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
