/* emitter.h - output formats.  An emitter streams a run's report: begin
 * once, file for each file as soon as it is analysed, end once with the
 * run's totals and all its problems.  None needs all files' findings at
 * once, and none computes anything: they only format what the findings
 * and problems already say.
 *
 * Adding a format: one file implementing an Emitter named <name>_emitter,
 * and its name in the one line of emitters.c (GPULINT_EMITTERS). */
#ifndef GPULINT_EMITTER_H
#define GPULINT_EMITTER_H

#include "finding/file_result.h"

#include <stdbool.h>
#include <stdio.h>

#define GPULINT_JSON_VERSION 1

typedef struct {
    const char *tool_version;
    const char *source_root;         /* absolute: what repository paths are relative to */
} RunInfo;

typedef struct {
    int files;                       /* files read */
    int kernels;
    int findings;                    /* reported: at or above min_severity */
    int by_severity[SEV_COUNT];      /* indexed by Severity, reported findings only */
    Severity min_severity;           /* --min-severity */
    int below_threshold;             /* findings not reported for being below it */
    double seconds;
    const Diagnostics *problems;     /* every error and note of the run, in order */
} RunSummary;

/* One report being written. */
typedef struct {
    FILE *out;
    int findings_written;
    bool failed;                     /* a part could not be produced */
    void *state;                     /* the format's own, if it needs any */
} EmitterStream;

typedef struct {
    const char *name;                /* --format=NAME */
    /* A report for programs: when it goes to stdout, gpulint prints no
     * summary line on stderr. */
    bool machine_readable;
    void (*begin)(EmitterStream *s, const RunInfo *info);
    void (*file)(EmitterStream *s, const FileResult *r);
    /* Returns false when the report could not be produced. */
    bool (*end)(EmitterStream *s, const RunSummary *summary);
} Emitter;

/* SARIF is also written on its own, per project, by an audit's report. */
extern const Emitter sarif_emitter;

/* The registry (emitters.c). */
extern const Emitter *const gpulint_emitters[];
extern const int gpulint_nemitters;
const Emitter *emitter_by_name(const char *name);

/* The summary line gpulint prints on stderr after a text report:
 * "gpulint: N findings (H high, M medium, L low, I info), E errors; F files, ..."
 * with "; B more below --min-severity=S" before the ")" when findings were
 * left out for their severity. */
void print_run_summary(FILE *err, const RunSummary *s);

#endif
