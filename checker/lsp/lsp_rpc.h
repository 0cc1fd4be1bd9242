/* lsp_rpc.h - the base protocol of LSP: messages framed by a
 * "Content-Length: N" header block and N bytes of body, over file
 * descriptors.  The server speaks it with the editor (stdin/stdout). */
#ifndef GPULINT_LSP_RPC_H
#define GPULINT_LSP_RPC_H

#include <stdbool.h>
#include <stddef.h>

struct cJSON;

typedef struct {
    int fd;
    char *buf;
    size_t start, end, cap;  /* unread bytes are buf[start..end) */
    bool need_more;          /* what is buffered is an incomplete header: wait for the fd */
    unsigned long long discard; /* bytes of an oversized body still to drop (rpc_read_json) */
} RpcReader;

typedef enum {
    RPC_MESSAGE,             /* a message (see rpc_read and rpc_read_json) */
    RPC_EOF,                 /* the stream ended (or failed) */
    RPC_BAD_FRAME,           /* a header block without a usable Content-Length, or bytes that are not a
                                header: skipped up to the next Content-Length header, err says why */
    RPC_TOO_LARGE,           /* a body over the limit: skipped, err says how large */
    RPC_NOT_JSON,            /* rpc_read_json: a body that is not JSON: *body holds it, err says why */
    RPC_PENDING,             /* rpc_read_json: input dropped, nothing complete yet: call again when
                                the fd is readable */
} RpcStatus;

void rpc_reader_init(RpcReader *r, int fd);
void rpc_reader_free(RpcReader *r);
/* Whether bytes are buffered that a read could use now (poll would not see them). */
bool rpc_buffered(const RpcReader *r);
/* Reads one message, blocking until it is complete: *body holds exactly
 * Content-Length bytes (NUL-terminated; free it).  For a peer that frames
 * correctly (tests, clients): the body is taken as bytes, not as JSON. */
RpcStatus rpc_read(RpcReader *r, size_t max_body, char **body, size_t *len, char *err, size_t nerr);

/* Reads one JSON message from a peer that may get Content-Length wrong
 * (the editor): *msg holds it (free it with cJSON_Delete).  Where the body
 * and the length disagree, the JSON decides: a body with more than one
 * value ends after the first (the length was too long; what follows is
 * read as the next message), a body cut short is completed from the bytes
 * before the next header (too short); err then tells what was repaired.
 * A length too long for what came waits only RPC_STALL_MS for more bytes
 * once the bytes received hold a whole JSON value.  A body that stays
 * invalid is RPC_NOT_JSON, with its bytes in *body (free it), ending at
 * the next Content-Length header.  An oversized body is dropped up to its
 * length or the next header, whichever comes first, without allocating
 * it; when dropped input leaves nothing buffered, the answer is
 * RPC_PENDING instead of a wait, so the caller's loop goes on. */
RpcStatus rpc_read_json(RpcReader *r, size_t max_body, struct cJSON **msg, char **body, size_t *len, char *err,
                        size_t nerr);

/* How long a body read waits for bytes that may not come. */
#define RPC_STALL_MS 100

/* Writes one framed message; false when the stream is gone. */
bool rpc_write(int fd, const char *body, size_t len);

#endif
