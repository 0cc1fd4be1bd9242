/* fix.h - gpulint --fix: applies in place the fix-its of the rules whose
 * fixes are safe (rule_fixes_are_safe: today double-literal). */
#ifndef GPULINT_FIX_H
#define GPULINT_FIX_H

#include "finding/diagnostics.h"
#include "finding/finding.h"

#include <stdio.h>

/* Applies the replacements of the findings whose rule's fixes are safe to
 * their files.  Errors and skipped edits go to diags; the edits made are
 * counted on log.  Returns 0, or 2 when a file could not be fixed. */
int gpulint_apply_fixes(const Finding *const *findings, int nfindings, Diagnostics *diags, FILE *log);

#endif
