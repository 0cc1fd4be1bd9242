/* diagnostics.h - the one sink for every error and note gpulint reports:
 * unreadable or bad input, parse diagnostics, --impact, --emit-bench and
 * --fix.  Each problem names its file (and line and column when known), so
 * all reach the JSON document's `errors`/`notes` and stderr alike, in one
 * compiler-like style:
 *     FILE:LINE:COL: error: message
 *     FILE: error: message
 *     gpulint: error: message          (tied to no file) */
#ifndef GPULINT_DIAGNOSTICS_H
#define GPULINT_DIAGNOSTICS_H

#include "util/arena.h"

#include <stdbool.h>

#include <stdio.h>

typedef struct {
    const char *file;        /* NULL when tied to no file */
    unsigned line, col;      /* 0 when not tied to a position */
    const char *message;
    /* A parse detail that a degraded file's one-line summary stands for
     * (a missing include, an error it caused): printed only with -v. */
    bool parse_detail;
    /* A detail another note of the file sums up (each error a name set at
     * build time causes, beside the note that names them): never a reason. */
    bool summarised;
    /* How the file was read (the OpenCL C version chosen for it): reported,
     * but no reason to call the file degraded. */
    bool informational;
} Problem;

typedef struct {
    Problem *errors; int nerrors;
    Problem *notes; int nnotes;
    Arena arena;             /* the problems' strings */
    FILE *echo;              /* when set, each problem is also printed there as it is added */
} Diagnostics;

void diag_error(Diagnostics *d, const char *file, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void diag_note(Diagnostics *d, const char *file, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Copies the notes, then the errors, of `from` into `to` (echoing them). */
void diagnostics_append(Diagnostics *to, const Diagnostics *from);
void diagnostics_free(Diagnostics *d);
/* Prints one problem in the style above; level is "error" or "note". */
void problem_print(FILE *out, const Problem *p, const char *level);

#endif
