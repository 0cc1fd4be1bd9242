/* worker_proto.h - what the parent and a worker process say to each other
 * over their socket (internal to isolate/).
 *   parent -> worker: Request {magic, kind, length} + payload
 *       REQUEST_FILE: a path to lint (the CLI's and audits' pool, worker.c)
 *       REQUEST_FILE_REDUCED: a path, a NUL and why its first analysis
 *           ended: lint it again, leaner (engine_lint_file_reduced)
 *       REQUEST_DOCUMENT: result_wire.h's document request (an editor's
 *           buffer and the other open documents, document_worker.c)
 *       REQUEST_CLOSE: a path whose kept parse goes (no answer)
 *   worker -> parent: Frame {magic, kind, flags, length} + payload
 *       FRAME_RESULT: result_wire.h's encoding of the file's result
 *       FRAME_DOCUMENT: result_wire.h's document answer
 *       FRAME_SETUP_FAILED: why the worker could not set up its parser
 * End of file on the socket: the parent has no more work (worker side), or
 * the worker died (parent side: the reason comes from waitpid). */
#ifndef GPULINT_WORKER_PROTO_H
#define GPULINT_WORKER_PROTO_H

#include "isolate/result_wire.h"
#include "isolate/worker.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define WIRE_MAGIC 0x57504c47u            /* "GLPW" */
#define WORKER_MAX_FRAME (1u << 30)       /* a larger frame is a corrupt one */
#define WORKER_MAX_PATH (1u << 16)
#define WORKER_MAX_REQUEST (1u << 30)

enum { REQUEST_FILE = 1, REQUEST_DOCUMENT = 2, REQUEST_CLOSE = 3, REQUEST_FILE_REDUCED = 4 };
#define WORKER_MAX_REASON 1024u       /* the reason after a REQUEST_FILE_REDUCED's path */
enum { FRAME_RESULT = 1, FRAME_SETUP_FAILED = 2, FRAME_DOCUMENT = 3 };
/* The worker ends after this result: the parent starts a fresh one for the
 * next file (after a failed file, or when memory ran close to the limit). */
#define FRAME_LAST 1u

/* A worker that ran out of memory exits with this status. */
#define WORKER_EXIT_OUT_OF_MEMORY 86

typedef struct {
    uint32_t magic, kind, flags, pad;
    uint64_t length;
} Frame;

typedef struct {
    uint32_t magic, kind;
    uint64_t length;
} Request;

/* Runs the worker's loop on socket `fd`; never returns. */
_Noreturn void worker_child_main(int fd, const EngineOptions *eo, const PoolOptions *po);

/* Forks a worker on a new socket (*fd is the parent's end).  The child
 * closes close_fds[0..nclose) (the parent's other workers' sockets), runs
 * with TMPDIR=tmpdir when tmpdir is non-empty, and never returns.  0 (errno
 * set) when it cannot. */
pid_t worker_spawn(const EngineOptions *eo, const PoolOptions *po, const char *tmpdir, const int *close_fds,
                   int nclose, int *fd);
/* Sends one request whole (MSG_NOSIGNAL: a dead worker is an error, not a
 * SIGPIPE); false with errno set. */
bool worker_send_request(int fd, uint32_t kind, const void *payload, size_t len);

typedef enum { FRAME_MORE, FRAME_READY, FRAME_GONE, FRAME_CORRUPT } FrameStatus;
/* Reads what the worker has sent into `in` (one read: call when fd is
 * readable).  FRAME_READY: `in` starts with a whole frame, whose header is
 * *f and whose payload follows it; frame_consume drops it. */
FrameStatus frame_read(int fd, WireBuf *in, Frame *f);
void frame_consume(WireBuf *in, const Frame *f);

/* How a worker ended, in words ("analysis killed by signal 11 (...)"). */
void worker_describe_end(int status, bool timed_out, double timeout, unsigned long long memory, char *buf, size_t n);

/* write()/read() of exactly n bytes, retried on EINTR; false on an error or
 * (for reads) an end of file before n bytes. */
bool worker_write_all(int fd, const void *p, size_t n);
bool worker_read_all(int fd, void *p, size_t n);

/* Whether this build has AddressSanitizer (no address-space limit then). */
bool worker_under_sanitizer(void);

#endif
