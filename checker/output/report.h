/* report.h - renders a run: compiler-style text, or one JSON document.
 * Reports only format what the findings and problems already say. */
#ifndef GPULINT_REPORT_H
#define GPULINT_REPORT_H

#include "engine/engine.h"

#include <stdio.h>

#define GPULINT_VERSION "0.1.0"
#define GPULINT_JSON_VERSION 1

void report_text(FILE *out, const RunResult *r);
void report_problems_text(FILE *err, const RunResult *r);
void report_summary(FILE *err, const RunResult *r);
/* Returns false when the document could not be built. */
bool report_json(FILE *out, const RunResult *r);
/* The finding as a cJSON object (also used by the benchmark index). */
struct cJSON;
struct cJSON *finding_to_json(const Finding *f);

#endif
