/* result_wire.h - a FileResult as bytes and back, exactly: what a worker
 * process (worker.h) sends to the parent.  Every field round-trips: the
 * findings with their typed evidence, related locations, fixes, ids and
 * measured results; the problems; the counters; and the text the worker
 * logged for the file (-v, --dump-model), which the parent prints in file
 * order.  The decoder trusts nothing: a malformed message is rejected, never
 * read out of bounds. */
#ifndef GPULINT_RESULT_WIRE_H
#define GPULINT_RESULT_WIRE_H

#include "finding/file_result.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *data;
    size_t len, cap;
} WireBuf;

void wire_buf_free(WireBuf *b);
/* Appends the encoding of `r` and of `log` (log_len bytes, may be 0) to out. */
void result_encode(const FileResult *r, const char *log, size_t log_len, WireBuf *out);
/* Fills `r` (free with file_result_free) and *log (malloc'd, NUL-terminated,
 * log_len bytes; free it) from `len` bytes.  False on a malformed message:
 * then nothing needs freeing. */
bool result_decode(const char *data, size_t len, FileResult *r, char **log, size_t *log_len);

#endif
