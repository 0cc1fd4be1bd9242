/* fileio.h - whole-file reads and writes shared by --fix and the benchmark
 * emitter/runner, and private temporary directories. */
#ifndef GPULINT_FILEIO_H
#define GPULINT_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* The file's bytes plus a terminating NUL (free() it), or NULL. */
char *read_file(const char *path, long *size);
/* Writes a new temporary file beside `path` and renames it over `path` (over
 * the file a symbolic link points to; the link stays), so that a failed
 * write never leaves half a file; the mode of a file it replaces is kept.
 * A device or FIFO is written directly.  False with errno on failure. */
bool write_file(const char *path, const char *data, size_t n);
/* Byte offset of 1-based line:col (bytes) in the text src of size bytes, or
 * -1 when the position is not in it (past its end, or past the end of its
 * line). */
long text_offset(const char *src, long size, unsigned line, unsigned col);
/* All n bytes to fd (a write interrupted by a signal is resumed); false
 * with errno set (or 0 for a short write) when they could not be. */
bool write_all(int fd, const char *data, size_t n);
/* Is `path` inside directory `dir` (a textual prefix followed by '/'; a
 * trailing '/' of dir is ignored)? */
bool path_is_under(const char *path, const char *dir);
/* `path` with its "." and "dir/.." parts folded away (src/tree/../common/x.h
 * is src/common/x.h) into out, when the folded path names the same file
 * (no symbolic link made the difference); false, out untouched, when there
 * is nothing to fold, the result would not fit or is another file. */
bool path_fold_dots(const char *path, char *out, size_t n);
/* Is there a regular file at path (links followed)? */
bool is_regular_file(const char *path);
/* A new directory $TMPDIR/<prefix>-XXXXXX (mode 0700) into `out`; it is
 * registered for cleanup_now until remove_tree removes it. */
bool make_private_dir(const char *prefix, char *out, size_t n);
/* Removes a directory and everything under it (symbolic links are removed,
 * never followed). */
void remove_tree(const char *path);
/* Paths that a signal ending the run must remove (a directory with all
 * under it, or a temporary file), until forgotten; a few at a time. */
void cleanup_register(const char *path, bool dir);
void cleanup_forget(const char *path);
/* Removes every registered path.  Async-signal-safe: for the handler of a
 * signal that ends the run (and for an exit that skips the normal end). */
void cleanup_now(void);
/* GPULINT_KEEP_TEMP is set (non-empty): the run's private directories
 * (forwarding headers, CMake stand-ins) are left in $TMPDIR, so that a
 * benchmark can give another compiler the same headers. */
bool keep_temporary_files(void);

#endif
