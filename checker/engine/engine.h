/* driver.h - runs the pipeline over the files named on the command line:
 * collect files -> parse -> model -> rules -> findings. */
#ifndef GPULINT_DRIVER_H
#define GPULINT_DRIVER_H

#include "finding/finding.h"
#include "frontend/frontend.h"

#include <stdbool.h>

typedef struct {
    const char *file;
    unsigned line, col;      /* 0 when not tied to a position */
    const char *message;
} Problem;

typedef struct {
    FindingList findings;
    Problem *errors; int nerrors;
    Problem *notes; int nnotes;
    int files;               /* files analysed */
    int kernels;
    double seconds;
    Arena arena;
} RunResult;

typedef struct {
    const char **paths; int npaths;
    const char **rules; int nrules;   /* empty: all rules */
    FrontendOptions fe;
    bool verbose;
    bool dump_model;
} RunOptions;

void run_lint(const RunOptions *o, RunResult *r);
void run_result_free(RunResult *r);
bool is_gpu_source(const char *path);

#endif
