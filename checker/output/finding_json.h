/* finding_json.h - a finding as JSON: the one conversion that the JSON
 * report and the benchmark index (bench/emit.c) share.  The schema is in
 * docs/json-schema.md. */
#ifndef GPULINT_FINDING_JSON_H
#define GPULINT_FINDING_JSON_H

#include "finding/finding.h"

struct cJSON;
struct cJSON *finding_to_json(const Finding *f);

#endif
