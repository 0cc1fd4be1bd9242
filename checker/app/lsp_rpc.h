/* lsp_rpc.h - the base protocol of LSP: messages framed by a
 * "Content-Length: N" header block and N bytes of body, over file
 * descriptors.  The server speaks it with the editor (stdin/stdout) and
 * with its analysis worker (a pipe pair). */
#ifndef GPULINT_LSP_RPC_H
#define GPULINT_LSP_RPC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int fd;
    char *buf;
    size_t start, end, cap;  /* unread bytes are buf[start..end) */
} RpcReader;

typedef enum {
    RPC_MESSAGE,             /* *body holds a message (NUL-terminated; free it) */
    RPC_EOF,                 /* the stream ended (or failed) */
    RPC_BAD_FRAME,           /* a header block without a usable Content-Length: skipped, err says why */
    RPC_TOO_LARGE,           /* a body over the limit: skipped, err says how large */
} RpcStatus;

void rpc_reader_init(RpcReader *r, int fd);
void rpc_reader_free(RpcReader *r);
/* Whether bytes are already buffered (poll would not see them). */
bool rpc_buffered(const RpcReader *r);
/* Reads one message, blocking until it is complete. */
RpcStatus rpc_read(RpcReader *r, size_t max_body, char **body, size_t *len, char *err, size_t nerr);

/* Writes one framed message; false when the stream is gone. */
bool rpc_write(int fd, const char *body, size_t len);

/* A copy of s[0..n) in which every byte that is not part of valid UTF-8 is
 * replaced by U+FFFD, so that what the server writes is always UTF-8. */

#endif
