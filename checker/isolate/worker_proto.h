/* worker_proto.h - what the parent and a worker process say to each other
 * over their socket (internal to worker.c and worker_child.c).
 *   parent -> worker: Request {magic, path length} + path bytes
 *   worker -> parent: Frame {magic, kind, flags, length} + payload
 *       FRAME_RESULT: result_wire.h's encoding of the file's result
 *       FRAME_SETUP_FAILED: why the worker could not set up its parser
 * End of file on the socket: the parent has no more files (worker side), or
 * the worker died (parent side: the reason comes from waitpid). */
#ifndef GPULINT_WORKER_PROTO_H
#define GPULINT_WORKER_PROTO_H

#include "isolate/worker.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WIRE_MAGIC 0x57504c47u            /* "GLPW" */
#define WORKER_MAX_FRAME (1u << 30)       /* a larger frame is a corrupt one */
#define WORKER_MAX_PATH (1u << 16)

enum { FRAME_RESULT = 1, FRAME_SETUP_FAILED = 2 };
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
    uint32_t magic, length;
} Request;

/* Runs the worker's loop on socket `fd`; never returns. */
_Noreturn void worker_child_main(int fd, const EngineOptions *eo, const PoolOptions *po);

/* write()/read() of exactly n bytes, retried on EINTR; false on an error or
 * (for reads) an end of file before n bytes. */
bool worker_write_all(int fd, const void *p, size_t n);
bool worker_read_all(int fd, void *p, size_t n);

/* Whether this build has AddressSanitizer (no address-space limit then). */
bool worker_under_sanitizer(void);

#endif
