/* finding_json.h - a finding as JSON: the one conversion that the JSON
 * report and the benchmark index (bench/emit.c) share.  The schema is in
 * docs/json-schema.md. */
#ifndef GPULINT_FINDING_JSON_H
#define GPULINT_FINDING_JSON_H

#include "finding/finding.h"

struct cJSON;
struct cJSON *finding_to_json(const Finding *f);

/* cJSON_Print of `item` with every byte that is not valid UTF-8 (a file
 * name, a comment quoted in a message) replaced by U+FFFD, so the text is
 * always valid JSON; NULL when cJSON fails.  Free it with free(). */
char *json_print_utf8(const struct cJSON *item);

#endif
