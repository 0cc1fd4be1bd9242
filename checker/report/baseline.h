/* baseline.h - accepted findings: --write-baseline FILE records the
 * findings a run reports (rule, repository path, fingerprint, count);
 * --baseline FILE then holds back as many findings of each fingerprint as
 * it records, so a run reports only new ones.  Fingerprints ignore line
 * numbers, so edits elsewhere in a file do not bring findings back.  The
 * file is JSON (docs/ci.md). */
#ifndef GPULINT_BASELINE_H
#define GPULINT_BASELINE_H

#include "finding/diagnostics.h"

#include <stdbool.h>

typedef struct Baseline Baseline;

/* NULL when the file cannot be read or is not a gpulint baseline (d says why). */
Baseline *baseline_load(const char *path, Diagnostics *d);
/* True (and one fewer left) when the baseline still holds the fingerprint. */
bool baseline_take(Baseline *b, const char *fingerprint);
int baseline_taken(const Baseline *b);
void baseline_free(Baseline *b);

typedef struct BaselineWriter BaselineWriter;

BaselineWriter *baseline_writer_new(void);
void baseline_record(BaselineWriter *w, const char *rule, const char *path, const char *fingerprint);
/* Writes the file (entries sorted by path, rule, fingerprint) as a new file
 * renamed into place (write_file), never half written; false with an error
 * in d when it cannot.  The caller checks that path is no input file. */
bool baseline_write(BaselineWriter *w, const char *path, const char *tool_version, Diagnostics *d);
void baseline_writer_free(BaselineWriter *w);

#endif
