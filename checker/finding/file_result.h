/* file_result.h - what linting one file produced: its findings, its
 * problems and how far its analysis got.  A lower-level type than the
 * engine that makes it, so the output formats, the worker wire format and
 * the reporting policy depend on it and not on the engine. */
#ifndef GPULINT_FILE_RESULT_H
#define GPULINT_FILE_RESULT_H

#include "finding/diagnostics.h"
#include "finding/finding.h"

#include <stdbool.h>
#include <stdio.h>

/* How far one file's analysis got (file_status.c): ok; degraded (analysed,
 * but headers were missing, parts did not parse, or parts were skipped:
 * its findings are still reported); failed (nothing could be analysed). */
typedef enum { FILE_OK, FILE_DEGRADED, FILE_FAILED } FileStatus;
/* The end of a parse problem's note when the problem is confined to host
 * code: the kernels' analysis is complete, so it does not degrade the file. */
#define HOST_ONLY_NOTE "host code only: the GPU code is not affected"
/* ... when clang rejects what nvcc accepts in a declaration that is left out
 * (gpu_code.c): the other GPU code is complete. */
/* Inline assembly for an AMD GPU: not read, as no assembly is. */
#define SHIM_REDECLARED_NOTE "the project declares this built-in itself, where its own headers have none and gpulint's shim has one: not an error of the project"
#define TARGET_ASM_NOTE "AMD GPU assembly, which gpulint does not read (nor PTX): the rest of the code is analysed"
#define NVCC_ONLY_NOTE "nvcc accepts this; clang leaves the declaration out, the other GPU code is not affected"
/* ... in a statement (nvcc_statements.c), which clang drops (or the
 * template instance around it): the file is degraded. */
#define NVCC_DROPPED_NOTE "nvcc accepts this; clang drops the statement (or the template instance around it), the rest of the GPU code is analysed"

/* A file parsed with gpulint's stand-ins for PyTorch's headers (engine.c):
 * a detail of the file (-v), said once per run (the command line). */
#define FRAMEWORK_STAND_IN_NOTE "a framework's headers (PyTorch's, ROCm libraries') were not found: parsed with gpulint's stand-ins for their kernel-facing part"

/* What linting one file produced. */
typedef struct {
    const char *path;
    FindingList findings;    /* sorted by file, line, column, rule; ids unique in the file */
    Diagnostics problems;    /* this file's errors and notes (never echoed) */
    bool read;               /* the file could be read (a run's stats count these) */
    int kernels;
    double seconds;
    double cpu_seconds;      /* CPU time of the analysis (user + system) */
    FileStatus status;
    const char **reasons; int nreasons;                 /* why not ok (strings in problems.arena) */
    const char **missing_headers; int nmissing_headers; /* as spelled in the #include */
    const char *through;     /* a fragment: the translation unit it was analysed through (problems.arena) */
    const char *context;     /* how it was analysed, when not as its own translation unit (problems.arena) */
    const char *build_option; /* the CMake option (OFF by default) a build needs to compile it (problems.arena) */
} FileResult;

void file_result_free(FileResult *r);
/* "ok", "degraded", "failed". */
const char *file_status_name(FileStatus s);
/* Sets status, reasons and missing headers from the file's problems. */
void file_status_compute(FileResult *r, bool analysed);
/* Prints the file's errors and, when it is degraded, one line that says
 * why, instead of every note (what -v shows). */
void file_status_print(FILE *out, const FileResult *r);


/* The files of a run, in the order they are analysed (engine_collect_files
 * makes it; the reporting policy may drop some). */
typedef struct {
    char **paths; int n;
} FileList;
void file_list_free(FileList *l);

#endif
