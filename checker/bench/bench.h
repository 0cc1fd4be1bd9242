/* bench.h - microbenchmarks that prove a finding's impact: emission
 * (--emit-bench), building and running them (gpulint bench), and attaching
 * measured results to findings (--impact). */
#ifndef GPULINT_BENCH_H_
#define GPULINT_BENCH_H_

#include "finding/diagnostics.h"
#include "finding/finding.h"
#include "bench/replay.h"

/* Writes DIR/<finding-id>/bench.cu (the rule's pattern), DIR/<finding-id>.replay/
 * (the finding's own kernel, when it can be replayed: flags_for gives the
 * project's flags of a file), the shared harness, a Makefile and
 * DIR/index.json. Returns 0, or 2 with the errors in diags. */
int bench_emit(const Finding *const *findings, int nfindings, const char *dir, const char *data_dir,
               ReplayFlagsFn flags_for, void *flags_ctx, Diagnostics *diags);
/* gpulint bench DIR [--arch=ARCH] [--build-only] [--nvcc=PATH] [--jobs=N] */
int bench_main(int argc, char **argv);

/* --impact: a results file (gpulint bench DIR writes DIR/results.json),
 * loaded once; NULL with an error in diags when it cannot be read. */
typedef struct ImpactResults ImpactResults;
ImpactResults *bench_load_impact(const char *results_file, Diagnostics *diags);
/* Adds `measured` to each finding that the results have a result for:
 * the same fingerprint (finding_fingerprint: that finding's code, not just
 * its shape) and still the same rule and benchmark parameters.  A result
 * without a fingerprint attaches to nothing (a note says so). */
void bench_attach_impact(const ImpactResults *results, FindingList *findings);
void bench_free_impact(ImpactResults *results);

#endif
