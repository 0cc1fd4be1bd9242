/* suppress.h - inline suppressions in clang-tidy's syntax, for gpulint's
 * rule ids (docs/ci.md):
 *     // NOLINT                       this line, every rule
 *     // NOLINT(double-literal, uncoalesced-*)   this line, these rules
 *     // NOLINTNEXTLINE(...)          the next line
 *     // NOLINTBEGIN(...) ... // NOLINTEND(...)   the lines between
 * A name may carry a "gpulint-" prefix.  Names of clang-tidy's modules
 * (bugprone-..., readability-...) are left to clang-tidy; any other name
 * that matches no gpulint rule is reported as a note.  A finding is
 * suppressed by the suppressions of the file it is in (a header's own
 * comments for a finding in a header). */
#ifndef GPULINT_SUPPRESS_H
#define GPULINT_SUPPRESS_H

#include "finding/diagnostics.h"
#include "report/select.h"
#include "finding/finding.h"
#include "finding/fingerprint.h"

#include <stdbool.h>

typedef struct SuppressionSet SuppressionSet;

/* The suppressions written in one file's text; unknown rule names and
 * unmatched NOLINTBEGIN/NOLINTEND become notes in `d` (FILE:LINE). */
SuppressionSet *suppressions_for_file(const char *path, const SourceText *src, Diagnostics *d);
/* True when one of the set's suppressions covers the finding (its first
 * line) and names its rule; that suppression then counts as used. */
bool finding_is_suppressed(SuppressionSet *s, const Finding *f);
/* Notes for the suppressions that name a gpulint rule and were never used. */
void suppressions_report_unused(const SuppressionSet *s, Diagnostics *d);
void suppressions_free(SuppressionSet *s);

#endif
