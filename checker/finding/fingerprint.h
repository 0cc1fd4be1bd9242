/* fingerprint.h - a finding's identity that survives edits elsewhere in
 * the file: a hash of the rule, the file's name, the flagged line's code
 * (whitespace and comments removed), the flagged text and which of its
 * occurrences on that line, and the kernel.  Line numbers are not part of
 * it, so lines added above keep it; any edit of the flagged line changes
 * it.  `--impact` attaches a measured result only to the finding whose
 * fingerprint the result carries. */
#ifndef GPULINT_FINGERPRINT_H
#define GPULINT_FINGERPRINT_H

#include "finding/finding.h"

#include <stddef.h>

#define FINGERPRINT_HEX 16

/* The hash of the parts, as FINGERPRINT_HEX lowercase hex digits into out
 * (FINGERPRINT_HEX + 1 bytes).  line_text is the raw source line. */
void fingerprint_compute(const char *rule, const char *file, const char *line_text, const char *flagged,
                         int occurrence, const char *kernel, char *out);
/* Fills every finding's fingerprint.  `contents` (size bytes) is the text of
 * `path` when it is not read from disk (an editor's buffer); findings in
 * other files (headers) read those.  Two findings with the same fingerprint
 * in one list (identical lines of one kernel) get -2, -3... in list order. */
void findings_fingerprint(FindingList *l, const char *path, const char *contents, size_t size);
/* The finding's fingerprint, or NULL when it has none. */
const char *finding_fingerprint(const Finding *f);

#endif
