/* flag_relint.h - kernels that only a build flag compiles (flag_kernels.h),
 * as a variant of the whole lint rather than of one parse: the first lint
 * plans which flag sets select kernels its parse did not see, then the
 * file is linted again with each, and the findings of the kernels each
 * selects join the file's, with a note that says which flags compiled
 * which kernels, or why they were not analysed. */
#ifndef GPULINT_FLAG_RELINT_H
#define GPULINT_FLAG_RELINT_H

#include "finding/file_result.h"
#include "variants/flag_kernels.h"
#include "variants/variant.h"

/* After the rules of the first lint: the flag sets worth a lint of their own. */
void flag_relint_plan(const VariantEnv *env, const FileParse *p, FlagPlan *plan);

/* Lints the file again with fc's flags into scratch; false when the parse
 * failed.  *kernels_found: how many of the kernels fc selects it modelled. */
typedef bool (*FlagLintFn)(void *ctx, const FlagConfig *fc, FileResult *scratch, int *kernels_found);

/* Each flag set of the plan linted with `lint`; its selected findings and
 * kernels join r's. */
void flag_relint_run(const FlagPlan *plan, const char *path, FlagLintFn lint, void *ctx, FileResult *r);

#endif
