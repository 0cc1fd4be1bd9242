/* diff.h - the lines a change added or modified, from `git diff
 * --unified=0 REF` (run in the repository of each file) or from a patch
 * file: --diff REF / --diff-file PATCH report only findings on those
 * lines, and files the diff does not touch are not analysed at all. */
#ifndef GPULINT_DIFF_H
#define GPULINT_DIFF_H

#include "finding/diagnostics.h"

#include <stdbool.h>

typedef struct ChangedLines ChangedLines;

/* Lines changed since `ref`, read from git for each repository on first
 * use. */
ChangedLines *changed_lines_git(const char *ref);
/* Lines a unified diff adds; its paths (after "b/") are relative to
 * `root`.  NULL when the file cannot be read (the reason in d). */
ChangedLines *changed_lines_patch(const char *patch, const char *root, Diagnostics *d);
void changed_lines_free(ChangedLines *c);
/* Does the diff touch the file (a new file counts)?  A git failure for the
 * file's repository becomes an error in d (once) and the answer is false. */
bool changed_file(ChangedLines *c, const char *path, Diagnostics *d);
/* Does the diff add or change one of the lines first..last of the file? */
bool changed_range(ChangedLines *c, const char *path, unsigned first, unsigned last);

#endif
