/* fingerprint.h - a finding's stable fingerprint: a hash of what the finding
 * is about, never of where it is, so that it survives edits elsewhere in the
 * file (the recipe is in docs/fingerprints.md).  Baselines, SARIF
 * partialFingerprints and GitLab Code Quality key findings on it. */
#ifndef GPULINT_FINGERPRINT_H
#define GPULINT_FINGERPRINT_H

#include "finding/finding.h"

#include <stddef.h>
#include <stdint.h>

/* A file's text split into lines (not copied: `text` must outlive it). */
typedef struct {
    const char *text;
    size_t size;
    size_t *line_start;      /* line_start[i]: offset of line i + 1 */
    int nlines;
} SourceText;

void source_text_init(SourceText *s, const char *text, size_t size);
void source_text_free(SourceText *s);
/* Line `line` (1-based) without its end of line; NULL past the end. */
const char *source_line(const SourceText *s, unsigned line, size_t *len);

/* The hash of rule id, repository-relative path, kernel and the normalised
 * text of the flagged range, its lines and the nearest non-blank line above
 * and below.  src may be NULL (the text is then left out). */
uint64_t fingerprint_base(const Finding *f, const char *repo_path, const SourceText *src);
/* The fingerprint of the occurrence-th finding (1-based, in report order)
 * of one file with the same base: 16 lowercase hex digits into out[17]. */
void fingerprint_format(uint64_t base, int occurrence, char out[17]);
/* The finding's fingerprint (set by the engine's filter), or NULL when it
 * has none.  --impact attaches a measured result only to the finding whose
 * fingerprint the result carries. */
const char *finding_fingerprint(const Finding *f);

#endif
