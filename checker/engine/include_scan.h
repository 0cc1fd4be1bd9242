/* include_scan.h - the #include and #define lines of a file, read as text.
 *
 * Conditions are not evaluated: an include under #if adds at most a
 * directory that is not needed (discovered directories cannot shadow
 * anything).  Each include remembers the name of an enclosing `#ifdef X` /
 * `#if defined(X)` (Include.guard, project.h), so that the toolkit prelude
 * is chosen by the includes the build reads. */
#ifndef GPULINT_INCLUDE_SCAN_H
#define GPULINT_INCLUDE_SCAN_H

#include "engine/project.h"
#include "util/arena.h"

typedef struct {
    Include *items; int n;
    bool defines_toolkit_config;  /* #define THRUST_DEVICE_SYSTEM ... (frontend.h) */
    const char **defines; int ndefines; /* the names the file #defines */
    bool has_error;               /* an #error directive (config_choice.h may choose for it) */
    int explicit_instantiations;  /* explicit instantiation definitions (instantiation_decls.h) */
} IncludeList;

/* Scans `text` (modified: lines are cut at their newline); the strings live
 * in `arena`, the arrays are the caller's to free. */
void scan_includes(Arena *arena, char *text, IncludeList *out);

#endif
