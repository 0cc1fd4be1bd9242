/* filter.h - what a run reports of what the rules found, applied to each
 * file's result in one call: fingerprints and repository paths, severity
 * overrides, inline suppressions (suppress.h), rule selection and the
 * minimum severity (select.h, config.h), the changed lines of a diff
 * (diff.h) and a baseline (baseline.h).  Every client (the command line, a
 * language server) calls engine_filter_result after engine_lint_file. */
#ifndef GPULINT_FILTER_H
#define GPULINT_FILTER_H

#include "report/config.h"
#include "finding/file_result.h"

#include <stdbool.h>

typedef struct {
    const char *repo_root;            /* NULL: each file's repository (.git), else the current directory */
    const char *const *select; int nselect;     /* --select items, in order */
    const char *const *ignore; int nignore;     /* --ignore */
    const char *const *exclude; int nexclude;   /* --exclude globs */
    bool has_min_severity;
    Severity min_severity;
    bool no_config;                   /* do not read .gpulint.yaml files */
    bool report_unused_suppressions;
    const char *baseline;             /* --baseline FILE */
    const char *write_baseline;       /* --write-baseline FILE */
    const char *diff_ref;             /* --diff REF */
    const char *diff_file;            /* --diff-file PATCH */
} FilterOptions;

typedef struct Filter Filter;

/* NULL when the baseline or the diff cannot be read (the reason in d). */
Filter *filter_new(const FilterOptions *o, Diagnostics *d);
void filter_free(Filter *f);
/* Removes from the list the files not to analyse: excluded (command line or
 * config), outside the diff, or under a config file with an error. */
void engine_filter_files(Filter *f, FileList *files, Diagnostics *d);
/* Fingerprints the findings of `r` and keeps those the run reports.
 * contents/size: the text linted when it was not read from disk (else
 * NULL, 0). */
void engine_filter_result(Filter *f, FileResult *r, const char *contents, size_t size);
/* The end of a run: unused suppressions, how many findings the baseline
 * held back (notes), the --write-baseline file (false when it cannot be
 * written: an error in d). */
bool filter_finish(Filter *f, Diagnostics *d);
/* The minimum severity reported for the file: the command line's when it
 * gives one, else its config's (lower or higher than `fallback`), else
 * `fallback`. */
Severity filter_min_severity(Filter *f, const char *path, Severity fallback, Diagnostics *d);
/* The effective config of one file, for --show-config (NULL on error). */
const EffectiveConfig *filter_config_for(Filter *f, const char *path, Diagnostics *d);

#endif
