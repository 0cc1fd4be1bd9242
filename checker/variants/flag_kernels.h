/* flag_kernels.h - kernels that only a build flag compiles.
 *
 * A kernel file compiled at run time often holds the kernels of several
 * builds and lets its host pick one with a flag:
 *
 *     #ifdef RESPONSE                 kernel void susan_responses(...) { ... }  #endif
 *     #if RANK == 2                   kernel void convolve(...) { ... }         #endif
 *     #if defined(ROUTINE_TRSV)       __kernel void trsv_forward(...) { ... }   #endif
 *
 * Parsed as it is, the preprocessor skips them: the file seems to have no
 * kernel.  The file is read as text for kernel definitions (`__kernel` /
 * `kernel` in OpenCL C, `__global__` in CUDA) that the first parse did not
 * model, and for the #if branches around each.  A branch a flag selects
 * (`#ifdef X`, `defined(X)`, `X`, `X == 2`, `X >= 2`, joined by `&&`, or
 * the first alternative of `||` that can be) gives -D flags; an #else or
 * #ifndef branch needs none (the flag is taken to be unset, as in the
 * first parse).  A branch on a number alone (`#if 0`) or on a reserved
 * name (`__CUDA_ARCH__`, `__OPENCL_VERSION__`) selects nothing: such a
 * kernel is left out.  Kernels that need the same flags share one parse.
 *
 * Inside a kernel body, an #if branch is read the same way, but only when
 * each flag its own condition needs is one the host code that builds the
 * file names (`DefineKey(LMEDS)` beside `DefineKey(RANSAC)`): a debugging
 * or another platform's branch is no build of this kernel.  Of such a
 * parse only the findings on the branch's lines are kept. */
#ifndef GPULINT_FLAG_KERNELS_H
#define GPULINT_FLAG_KERNELS_H

#include "finding/diagnostics.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

/* A kernel the first parse skipped. */
typedef struct {
    char *name;              /* as written */
    unsigned line;           /* of its name */
    unsigned end;            /* of its closing brace */
} FlagKernel;

/* Lines inside a kernel the first parse modelled that only a flag its host
 * sets compiles (`#ifdef LMEDS ... #endif` in a kernel body). */
typedef struct {
    char *kernel;            /* the kernel they are in */
    unsigned first, last;    /* the branch's lines, directives excluded */
} FlagRegion;

/* One more parse: the flags and the kernels or lines they select. */
typedef struct {
    char **defines;          /* "NAME" or "NAME=VALUE", for -D */
    int ndefines;
    FlagKernel *kernels;
    int nkernels;
    FlagRegion *regions;
    int nregions;
} FlagConfig;

typedef struct {
    FlagConfig *configs;
    int nconfigs;
    int unselectable;        /* kernels the first parse skipped that no flag selects */
    int over_limit;          /* kernels left out: more distinct selections than FLAG_MAX_CONFIGS */
} FlagPlan;

/* Parses per file at most (each costs about as much as the first). */
#define FLAG_MAX_CONFIGS 8

/* The selections for the kernels of `text` that `modelled` (the first
 * parse: the kernel named `name` whose name is on `line`) says are
 * missing.  False when there is none. */
/* host_sets (NULL: none) says whether the host code names a flag (for
 * branches inside kernel bodies); defined (NULL: none) whether the first
 * parse had it defined already (a -D, a #define of the file's closure):
 * a selection that needs such a flag is none. */
typedef struct {
    bool (*modelled)(void *ctx, const char *name, unsigned line);
    bool (*host_sets)(void *ctx, const char *flag);
    bool (*defined)(void *ctx, const char *flag);
    void *ctx;
} FlagQueries;
bool flag_kernels_plan(const char *text, size_t size, bool opencl, const FlagQueries *q, FlagPlan *out);
void flag_plan_free(FlagPlan *p);

/* "-D RANK=2 -D USE_X" (malloc'd), for notes. */
char *flag_config_text(const FlagConfig *c);

/* flag_kernels_plan over the file: `contents` is its text, NULL to read
 * `path`. */
bool flag_kernels_plan_for(const char *path, const char *contents, size_t size, bool opencl, const FlagQueries *q,
                           FlagPlan *out);
/* Did the parse that made `m` model the kernel named `name` on `line`
 * (FlagQueries.modelled for the first parse)? */
bool flag_model_has_kernel(const Model *m, const char *name, unsigned line);
/* Does `c` select the finding: its kernel (a name, with template
 * arguments) is one `c` adds, or its line is on a branch `c` selects? */
bool flag_finding_selected(const FlagConfig *c, const char *kernel, unsigned line);
/* How many of the kernels `c` selects `m` (a parse with its flags) has. */
int flag_kernels_found(const FlagConfig *c, const Model *m);
/* The first error of `d` inside a kernel or on a branch `c` selects (NULL: none). */
const Problem *flag_config_error(const FlagConfig *c, const Diagnostics *d, const char *path);

#endif
