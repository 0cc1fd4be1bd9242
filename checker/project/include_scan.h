/* include_scan.h - the #include and #define lines of a file, read as text.
 *
 * Conditions are not evaluated: an include under #if adds at most a
 * directory that is not needed (discovered directories cannot shadow
 * anything).  Each include remembers the name of an enclosing `#ifdef X` /
 * `#if defined(X)` (Include.guard, project.h), so that the toolkit prelude
 * is chosen by the includes the build reads. */
#ifndef GPULINT_INCLUDE_SCAN_H
#define GPULINT_INCLUDE_SCAN_H

#include "project/project.h"
#include "util/arena.h"

typedef struct {
    Include *items; int n;
    bool defines_toolkit_config;  /* #define THRUST_DEVICE_SYSTEM ... (frontend.h) */
    const char **defines; int ndefines; /* the names the file #defines */
    bool has_error;               /* an #error directive (config_choice.h may choose for it) */
    int explicit_instantiations;  /* explicit instantiation definitions (instantiation_decls.h) */
    bool gpu_code;                /* a kernel, a device function or variable, or a launch (gpu_markers) */
    bool kernel_code;             /* a kernel or a launch (gpu_markers) */
    const char **gpu_macros; int ngpu_macros; /* macros whose body has GPU code (`#define KERNEL
                                     __global__`), not one that names a marker (`#define __device__`) */
} IncludeList;

/* Does the text have a sign of GPU code: __global__, __device__,
 * __shared__, __constant__, __launch_bounds__, a <<<...>>> launch or a
 * launch API call?  *kernels: one of a kernel or a launch (__global__,
 * __launch_bounds__, <<<, the launch calls).  Comments count too: a false
 * yes only costs a parse. */
bool gpu_markers(const char *text, bool *kernels);

/* Does the text (`contents` of `size` bytes, or the file at `path`) use
 * one of the words? */
bool text_uses_words(const char *path, const char *contents, size_t size, const char *const *words, int nwords);

/* Scans `text` (modified: lines are cut at their newline); the strings live
 * in `arena`, the arrays are the caller's to free. */
void scan_includes(Arena *arena, char *text, IncludeList *out);

#endif
