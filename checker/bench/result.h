/* result.h - a benchmark's result as gpulint reads it back (result.c):
 * shared by gpulint bench (run.c), which reads it from a run's output, and
 * --impact (impact.c), which reads it from results.json.  Private to
 * checker/bench/. */
#ifndef GPULINT_BENCH_RESULT_H_
#define GPULINT_BENCH_RESULT_H_

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* A member's value when it has the type asked for, else the fallback. */
double bench_json_num(const cJSON *o, const char *key, double fallback);
const char *bench_json_str(const cJSON *o, const char *key, const char *fallback);
/* Whether member `key` is absent, of the type `is` tests, or null where
 * null_ok (null: "not measured"). */
bool bench_json_absent_or(const cJSON *o, const char *key, cJSON_bool (*is)(const cJSON *), bool null_ok);

/* Whether a benchmark result (the object of a GPULINT_RESULT line) is
 * unusable; if so, what is wrong with it goes to `why`. */
bool bench_result_problem(const cJSON *res, char *why, size_t n);
/* Of a checked result: p10 (i = 0) or p90 (i = 1) of best_spread, 0 when
 * not measured; the verdict it states, or else the one its numbers give. */
double bench_spread_at(const cJSON *spread, int i);
const char *bench_verdict_name(const cJSON *res);

/* Text from another machine made safe for a terminal or a report (control
 * characters, bidirectional overrides, bytes that are not UTF-8 become
 * '?').  malloc'd. */
char *bench_clean_text(const char *s);

#endif
