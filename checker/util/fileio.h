/* fileio.h - whole-file reads and writes shared by --fix and the benchmark
 * emitter/runner, and private temporary directories. */
#ifndef GPULINT_FILEIO_H
#define GPULINT_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* The file's bytes plus a terminating NUL (free() it), or NULL. */
char *read_file(const char *path, long *size);
bool write_file(const char *path, const char *data, size_t n);
/* Is `path` inside directory `dir` (a textual prefix followed by '/'; a
 * trailing '/' of dir is ignored)? */
bool path_is_under(const char *path, const char *dir);
/* Is there a regular file at path (links followed)? */
bool is_regular_file(const char *path);
/* A new directory $TMPDIR/<prefix>-XXXXXX (mode 0700) into `out`. */
bool make_private_dir(const char *prefix, char *out, size_t n);
/* Removes a directory and everything under it (symbolic links are removed,
 * never followed). */
void remove_tree(const char *path);
/* GPULINT_KEEP_TEMP is set (non-empty): the run's private directories
 * (forwarding headers, CMake stand-ins) are left in $TMPDIR, so that a
 * benchmark can give another compiler the same headers. */
bool keep_temporary_files(void);

#endif
