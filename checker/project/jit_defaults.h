/* jit_defaults.h - what a kernel file's own headers say about a name it
 * leaves to its host: another macro's #ifndef default, or a flag's branch;
 * and the walk over a file's project headers the run-time values use.
 *
 * A header shared by several kernels often writes
 *
 *     #ifndef MAX_OUTLEN
 *     #define MAX_OUTLEN OUTLEN
 *     #endif
 *
 * and one host passes -DMAX_OUTLEN=%u while another passes -DOUTLEN=%u.
 * Parsed alone, the file reports OUTLEN undeclared although its host sets
 * MAX_OUTLEN, which makes OUTLEN unused: the host's option for the macro
 * is the one to read (jit_names.c).
 *
 * Likewise a header may define a name only in the branch of a flag:
 *
 *     #ifdef ISO_8859_2
 *     __constant UTF16 cp[] = { ... };
 *     #elif defined(KOI8_R)
 *     ...
 *
 * and when the host passes a flag whose name it chooses at run time
 * ("-D%s", an encoding's macro), the kernel is built with one of them. */
#ifndef GPULINT_JIT_DEFAULTS_H
#define GPULINT_JIT_DEFAULTS_H

#include "project/project.h"

#define JIT_DEFAULT_NAME 64

/* A scan of one file's text (the file at `file`) for `name`: true when it
 * has what it looked for. */
typedef bool (*JitTextScan)(const char *text, const char *file, const char *name, void *acc);
/* scan() over the project headers `path` includes (quoted or angled, as
 * project.h resolves them) and, down to `depth` levels, theirs, until it
 * returns true; true then. */
bool jit_walk_headers(ProjectSet *ps, const char *root, const char *path, int depth, JitTextScan scan,
                      const char *name, void *acc);

/* The macros M of `text` (the kernel file `path`) and of the project
 * headers it includes (two levels) that have `#ifndef M` followed by
 * `#define M ...` whose value uses the word `name`; at most max, into out.
 * The count. */
int jit_defaults_naming(ProjectSet *ps, const char *root, const char *path, const char *text, const char *name,
                        char (*out)[JIT_DEFAULT_NAME], int max);

/* The first flag F such that `text` (the kernel file `path`) or a project
 * header it includes (two levels) defines `name` (`#define name`, or a
 * declaration `... name[] = ...` / `name = ...`) directly inside `#ifdef F`,
 * `#if defined(F)` or `#elif defined(F)`; into flag (n bytes).  False when
 * none. */
bool jit_flag_defining(ProjectSet *ps, const char *root, const char *path, const char *text, const char *name,
                       char *flag, size_t n);

#endif
