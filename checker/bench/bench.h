/* bench.h - microbenchmarks that prove a finding's impact: emission
 * (--emit-bench), building and running them (gpulint bench), and attaching
 * measured results to findings (--impact). */
#ifndef GPULINT_BENCH_H_
#define GPULINT_BENCH_H_

#include "engine/engine.h"

/* Writes DIR/<finding-id>/bench.cu, the shared harness, a Makefile and
 * DIR/index.json. Returns 0, or 2 with a message on stderr. */
int bench_emit(const RunResult *r, const char *dir, const char *data_dir);
/* gpulint bench DIR [--arch=ARCH] [--build-only] [--nvcc=PATH] [--jobs=N] */
int bench_main(int argc, char **argv);
/* Adds `measured` to each finding that a results file has a result for
 * (same rule, same benchmark parameters). */
int bench_load_impact(RunResult *r, const char *results_file);

#endif
