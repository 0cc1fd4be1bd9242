/* fileio.h - whole-file reads and writes shared by --fix and the benchmark
 * emitter/runner. */
#ifndef GPULINT_FILEIO_H
#define GPULINT_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* The file's bytes plus a terminating NUL (free() it), or NULL. */
char *read_file(const char *path, long *size);
bool write_file(const char *path, const char *data, size_t n);

#endif
