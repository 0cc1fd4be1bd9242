/* config_choice.h - the configuration a file's build must choose for it.
 *
 * Some files offer alternatives and stop the compile when none is chosen:
 *
 *     #if defined(GRID_STRIDE)       ...
 *     #elif defined(BLOCK_STRIDE)    ...
 *     #else
 *     #error Must pick grid-stride or block-stride loop
 *     #endif
 *
 * (or `#if !defined(A) && !defined(B)` followed by `#error`).  Their build
 * passes one of the names as -D, often through build-system code gpulint
 * does not read (a CMake function, an option's default).  Parsed as they
 * are, the #error degrades the file.  Such a file is parsed again with one
 * alternative defined: the first one that names CUDA or nvcc (`__NVCC__`,
 * `USE_CUDA`) if any does, else the first one that names no other platform
 * (HIP, SYCL, OpenCL, OpenMP, ...); a note says which.  A lone
 * `#ifndef X` / `#error` is left alone: X's value may matter. */
#ifndef GPULINT_CONFIG_CHOICE_H
#define GPULINT_CONFIG_CHOICE_H

#include "frontend/frontend.h"

#include <stddef.h>

typedef struct {
    char name[64];          /* the macro to define */
    char file[1024];        /* where the #error is */
    unsigned error_line;    /* its line */
    unsigned if_line;       /* the line of the #if that offers the alternatives */
    char message[160];      /* the #error's text, shortened */
} ConfigChoice;

/* The first #error among `rep`'s errors that ends a set of alternatives, in
 * `path` itself or in a file under `root` (NULL: `path` only); `contents`
 * is `path`'s text when it is not read from disk (NULL: read it).  False
 * when there is none, or no alternative can be chosen. */
bool config_choice_for(const FrontendReport *rep, const char *path, const char *contents, size_t size,
                       const char *root, ConfigChoice *out);

/* Before the first parse: for each #error of `text` (the file `path`) in
 * a top-level #if group whose alternatives none is_defined (the flags, the
 * closure's #defines), the alternative to define; at most `max`.  Nested
 * groups are left to config_choice_for after the parse: they may sit in a
 * part of the file the build leaves out. */
int config_choice_prescan(const char *path, const char *text, size_t size,
                          bool (*is_defined)(void *ctx, const char *name), void *ctx, ConfigChoice *out, int max);

/* Is `rep` still stopped by the #error of `c`? */
bool config_choice_still_fails(const FrontendReport *rep, const ConfigChoice *c);

/* Pure text part, for unit tests: the alternative chosen for the #error at
 * line `error_line` of `text` (the #if's line in *if_line). */
bool config_choice_in_text(const char *text, size_t size, unsigned error_line, char *name, size_t n,
                           unsigned *if_line);

/* 2: the name names CUDA or nvcc (USE_CUDA, __NVCC__); 0: another platform
 * (HIP, SYCL, OpenCL, OpenMP, the CPU, ...); 1: neither. */
int platform_score(const char *name);

#endif
