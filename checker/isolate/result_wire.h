/* result_wire.h - a FileResult as bytes and back, exactly: what a worker
 * process (worker.h) sends to the parent.  Every field round-trips: the
 * findings with their typed evidence, related locations, fixes, ids and
 * measured results; the problems; the counters; and the text the worker
 * logged for the file (-v, --dump-model), which the parent prints in file
 * order.  The language server's documents travel the same way (below).
 * The decoder trusts nothing: a malformed message is rejected, never
 * read out of bounds. */
#ifndef GPULINT_RESULT_WIRE_H
#define GPULINT_RESULT_WIRE_H

#include "engine/engine.h"
#include "finding/file_result.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *data;
    size_t len, cap;
} WireBuf;

void wire_buf_free(WireBuf *b);
/* Appends n bytes, growing the buffer by doubling. */
void wire_buf_append(WireBuf *b, const void *p, size_t n);
/* Appends the encoding of `r` and of `log` (log_len bytes, may be 0) to out. */
void result_encode(const FileResult *r, const char *log, size_t log_len, WireBuf *out);
/* Fills `r` (free with file_result_free) and *log (malloc'd, NUL-terminated,
 * log_len bytes; free it) from `len` bytes.  False on a malformed message:
 * then nothing needs freeing. */
bool result_decode(const char *data, size_t len, FileResult *r, char **log, size_t *log_len);

/* An editor's document to analyse (the language server): its path and text
 * and the other documents open in the editor, any bytes (NULs included). */
typedef struct {
    char *path, *text;       /* malloc'd, NUL-terminated (text may hold NULs before its end) */
    size_t len;
    FrontendBuffer *open;    /* paths and contents malloc'd likewise */
    int nopen;
    bool no_preamble;        /* parse without a precompiled preamble (one crashed libclang before) */
} DocumentRequest;
void document_request_encode(const char *path, const char *text, size_t len, const FrontendBuffer *open, int nopen,
                             bool no_preamble, WireBuf *out);
/* False on a malformed message (nothing to free then). */
bool document_request_decode(const char *data, size_t len, DocumentRequest *rq);
void document_request_free(DocumentRequest *rq);

/* A document's analysis: whether it succeeded, what engine_lint_document
 * said of the kept parse, then the result as result_encode writes it. */
void document_answer_encode(bool ok, const DocumentInfo *info, const FileResult *r, const char *log, size_t log_len,
                            WireBuf *out);
/* Fills *ok, `info` (document_info_free it), `r` and *log as result_decode
 * does; false on a malformed message (nothing to free then). */
bool document_answer_decode(const char *data, size_t len, bool *ok, DocumentInfo *info, FileResult *r, char **log,
                            size_t *log_len);

#endif
