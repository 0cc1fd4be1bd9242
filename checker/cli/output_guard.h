/* output_guard.h - what a lint run writes and how it ends: no output
 * replaces a file the run reads, a report that does not reach standard
 * output is an error (exit 2), and a signal that ends the run first removes
 * its temporary files and private directories. */
#ifndef GPULINT_OUTPUT_GUARD_H
#define GPULINT_OUTPUT_GUARD_H

#include "finding/diagnostics.h"
#include "engine/engine.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Opens /dev/null onto whichever of fds 0, 1 and 2 is closed, so that no
 * pipe or socket of the run takes its number.  fd 1 is opened read-only: a
 * report written there fails (EBADF), as it would have on the closed fd. */
void standard_fds_open(void);
/* For a lint run: SIGPIPE is ignored (a failed write is reported instead of
 * ending the run silently), and SIGINT, SIGTERM and SIGHUP remove what
 * cleanup_register holds before they end the process (unless they were
 * ignored when gpulint started, as under nohup). */
void run_signals_install(void);

/* A file the run reads besides its inputs, for output_target_safe. */
typedef struct {
    const char *path;        /* NULL: not given */
    const char *what;        /* "the --baseline file" */
} ReadFile;

/* `what` ("report", "baseline") may be written at `path`: false, with the
 * error in d, when path is one of the input files or of `reads` (by any
 * name: links, hard links) or a symbolic link to a missing file. */
bool output_target_safe(const char *path, const char *what, const FileList *files, const ReadFile *reads,
                         int nreads, Diagnostics *d);
/* Opens a temporary file beside -o's path (beside its target, through a
 * symbolic link), to be renamed onto `target` when the report is complete;
 * a device or FIFO is opened directly (tmp is then empty). */
FILE *output_open(const char *path, char *tmp, size_t n, char *target, size_t ntarget);

/* The stream the report goes to when it goes to standard output: it keeps
 * the error of the first write that failed, for report_stdout_error. */
FILE *report_stdout(void);
/* The errno of the first failed write of the report to stdout, or 0. */
int report_stdout_error(void);
/* After a file's findings: when the report can no longer reach standard
 * output (a full disk, a reader that went away), says so and ends the run
 * with status 2 at once; analysing on would be for nothing. */
void report_stdout_check(void);
/* Flushes and closes the report's stream; false (errno set) when any of
 * the report could not be written. */
bool report_stdout_close(void);

#endif
