/* ci_common.c - see ci_common.h. */
#include "output/ci_common.h"

#include "util/repo.h"
#include "util/oom.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *finding_report_path(const Finding *f)
{
    return f->repo_path ? f->repo_path : f->range.file ? f->range.file : "";
}

char *report_relative(const char *root, const char *file)
{
    return root && file ? path_relative_to(root, file) : NULL;
}

char *rule_doc_url(const char *rule)
{
    size_t n = strlen(GPULINT_RULE_DOCS_URL) + strlen(rule) + 4;
    char *u = xmalloc(n);
    snprintf(u, n, "%s%s.md", GPULINT_RULE_DOCS_URL, rule);
    return u;
}

char *uri_from_path(const char *path)
{
    char *u = xmalloc(strlen(path) * 3 + 1), *o = u;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (isalnum(*p) || strchr("-._~/", *p)) *o++ = (char)*p;
        else o += sprintf(o, "%%%02X", *p);
    }
    *o = 0;
    return u;
}
