/* ci_common.h - what the CI formats (sarif, github, gitlab, rdjsonl) share:
 * repository-relative paths, rule page links, the severity each format
 * names. */
#ifndef GPULINT_CI_COMMON_H
#define GPULINT_CI_COMMON_H

#include "finding/finding.h"

#include <stddef.h>

/* Where rule pages are published (docs/rules/<id>.md); a build may set it. */
#ifndef GPULINT_RULE_DOCS_URL
#define GPULINT_RULE_DOCS_URL "https://github.com/gpulint/gpulint/blob/main/docs/rules/"
#endif

/* The finding's path relative to the repository root, or as reported when
 * it lies outside the repository. */
const char *finding_report_path(const Finding *f);
/* `file` relative to root (free it); NULL when outside. */
char *report_relative(const char *root, const char *file);
/* The rule's page: GPULINT_RULE_DOCS_URL + id + ".md" (free it). */
char *rule_doc_url(const char *rule);
/* A relative path as a URI reference: bytes outside [A-Za-z0-9-._~/]
 * percent-encoded (free it). */
char *uri_from_path(const char *path);

#endif
