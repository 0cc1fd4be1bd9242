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
 * kernel is left out.  Kernels that need the same flags share one parse. */
#ifndef GPULINT_FLAG_KERNELS_H
#define GPULINT_FLAG_KERNELS_H

#include "engine/diagnostics.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

/* A kernel the first parse skipped. */
typedef struct {
    char *name;              /* as written */
    unsigned line;           /* of its name */
    unsigned end;            /* of its closing brace */
} FlagKernel;

/* One more parse: the flags and the kernels they select. */
typedef struct {
    char **defines;          /* "NAME" or "NAME=VALUE", for -D */
    int ndefines;
    FlagKernel *kernels;
    int nkernels;
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
bool flag_kernels_plan(const char *text, size_t size, bool opencl,
                       bool (*modelled)(void *ctx, const char *name, unsigned line), void *ctx, FlagPlan *out);
void flag_plan_free(FlagPlan *p);

/* "-D RANK=2 -D USE_X" (malloc'd), for notes. */
char *flag_config_text(const FlagConfig *c);

/* flag_kernels_plan for the kernels `m` (the file's first parse) lacks;
 * `contents` is the file's text, NULL to read `path`. */
bool flag_kernels_plan_for(const char *path, const char *contents, size_t size, const Model *m, FlagPlan *out);
/* Is `kernel` (a finding's kernel: a name, with template arguments) one
 * that `c` selects? */
bool flag_kernel_selected(const FlagConfig *c, const char *kernel);
/* How many of the kernels `c` selects `m` (a parse with its flags) has. */
int flag_kernels_found(const FlagConfig *c, const Model *m);
/* The first error of `d` inside a kernel `c` selects (NULL: none). */
const Problem *flag_config_error(const FlagConfig *c, const Diagnostics *d, const char *path);

#endif
