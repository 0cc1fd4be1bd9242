/* fix.h - gpulint --fix: applies the fix-its of double-literal in place. */
#ifndef GPULINT_FIX_H
#define GPULINT_FIX_H

#include "finding/diagnostics.h"
#include "finding/finding.h"

#include <stdio.h>

/* Applies the fixable findings' replacements to their files.  Errors and
 * skipped edits go to diags; the edits made are counted on log.  Returns 0,
 * or 2 when a file could not be fixed. */
int gpulint_apply_fixes(const Finding *const *findings, int nfindings, Diagnostics *diags, FILE *log);

#endif
