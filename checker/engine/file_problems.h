/* file_problems.h - a file's problems before and after its parse: input
 * that is not source text (too large, binary, unreadable), and the parse's
 * diagnostics as errors and notes. */
#ifndef GPULINT_FILE_PROBLEMS_H
#define GPULINT_FILE_PROBLEMS_H

#include "finding/diagnostics.h"
#include "frontend/frontend.h"

#include <stdbool.h>
#include <stddef.h>

/* Reads the head of the file (or of `contents`, an editor's buffer) to
 * reject what is not source text; *empty when it has no bytes. */
bool check_readable(Diagnostics *d, const char *path, const char *contents, size_t size, bool *empty);

/* Parse diagnostics become problems; after a missing include, the errors
 * that follow from it are notes.  When none of them touches GPU code (the
 * front end judges it: errors in host class members after a missing
 * third-party header, say), they are all notes marked HOST_ONLY_NOTE and
 * the file's analysis is complete (file_result.c). */
void add_parse_problems(const FrontendReport *pr, const char *path, Diagnostics *d);

/* One path style in a file's problems: when the user named the file
 * relatively, a path below the working directory (a header clang found
 * through an absolute include directory, a host file named in a note) is
 * relative too, as its findings are. */
void problems_relative_paths(const char *path, Diagnostics *d);

#endif
