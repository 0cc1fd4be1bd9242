/* engine.h - gpulint's analysis for every client (the command line, an
 * editor's language server, a batch audit): an Engine session is set up
 * once from options and lints one file, or one in-memory buffer, at a time
 * into a FileResult: parse -> model -> rules -> findings.  Collecting the
 * files of a run (walking directories) is a separate step, and so is
 * merging the results of several files into one run (run_registry.h). */
#ifndef GPULINT_ENGINE_H
#define GPULINT_ENGINE_H

#include "engine/diagnostics.h"
#include "finding/finding.h"
#include "frontend/frontend.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GPULINT_VERSION "0.1.0"

typedef struct {
    FrontendOptions frontend;
    const char **rules; int nrules;   /* empty: all rules */
    bool verbose;                     /* each file and its timings, to log */
    bool dump_model;                  /* each file's kernel model, to log */
    FILE *log;                        /* NULL: stderr */
} EngineOptions;

/* What linting one file produced. */
typedef struct {
    const char *path;
    FindingList findings;    /* sorted by file, line, column, rule; ids unique in the file */
    Diagnostics problems;    /* this file's errors and notes (never echoed) */
    bool read;               /* the file could be read (a run's stats count these) */
    int kernels;
    double seconds;
} FileResult;

typedef struct Engine Engine;

/* NULL when the parser cannot be set up (the reason is written to err).
 * The options' strings and arrays must outlive the engine. */
Engine *engine_new(const EngineOptions *o, char *err, int errsize);
void engine_free(Engine *e);
/* Lints `path`, read from disk when contents is NULL, else from `contents`
 * of `size` bytes (an editor's unsaved buffer; path names it).  Always fills
 * `out` (free it with file_result_free); returns false when the file could
 * not be analysed at all (out->problems says why). */
bool engine_lint_file(Engine *e, const char *path, const char *contents, size_t size, FileResult *out);
void file_result_free(FileResult *r);

/* The files a run analyses: each PATH that is a .cu/.cuh file, and the
 * .cu/.cuh files under each directory (recursively, hidden entries and links
 * to directories skipped, at most 64 levels), in path order, each file once
 * however many names reach it.  A PATH that is missing, not CUDA source, or
 * a directory without any becomes an error in diags; so does what a walk
 * cannot use (an unreadable directory, a FIFO named .cu, a tree too deep),
 * and a note what it leaves on purpose (a link to a directory, a loop, a
 * second name of a file). */
typedef struct {
    char **paths; int n;
} FileList;

void engine_collect_files(const char *const *paths, int npaths, FileList *out, Diagnostics *diags);
void file_list_free(FileList *l);
bool is_gpu_source(const char *path);

#endif
