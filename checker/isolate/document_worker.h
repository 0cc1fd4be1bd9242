/* document_worker.h - one long-lived worker process for an editor's
 * documents (the language server), on the same process setup, wire format
 * and failure wording as the pool of worker.h.  The server stays free to
 * answer the editor while libclang parses: requests are sent, the worker's
 * socket is polled with the server's input, and the answer is read when it
 * is there.  The worker keeps each document's parse for the next edit
 * (engine_lint_document); a crash, a hang or memory running out costs one
 * analysis, and the next one starts a fresh worker.
 *
 * Engine options are fixed when the worker starts: other settings (rules,
 * clang arguments) mean stopping it and starting another. */
#ifndef GPULINT_DOCUMENT_WORKER_H
#define GPULINT_DOCUMENT_WORKER_H

#include "isolate/result_wire.h"
#include "isolate/worker.h"

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;               /* 0: not running */
    int fd;
    bool busy;               /* an analysis was sent and its answer not read */
    WireBuf in;              /* the answer as it arrives */
    PoolOptions po;          /* memory limit (timeouts are the caller's) */
    char run_dir[PATH_MAX];  /* the workers' TMPDIR, kept across restarts, removed by document_worker_free */
} DocumentWorker;

/* The answer to one document. */
typedef struct {
    bool ok;                 /* engine_lint_document's result */
    DocumentInfo info;
    FileResult result;
    char *log;               /* what the engine logged (may be empty) */
} DocumentAnswer;
void document_answer_free(DocumentAnswer *a);

void document_worker_init(DocumentWorker *w, const PoolOptions *po);
/* Starts the worker when none runs (its engine made from eo, which needs to
 * stay valid only for this call); false with the reason in err. */
bool document_worker_start(DocumentWorker *w, const EngineOptions *eo, char *err, size_t nerr);
/* Sends one document to analyse (the worker must be idle): false with the
 * reason in err when it cannot (the worker is then stopped). */
bool document_worker_send(DocumentWorker *w, const char *path, const char *text, size_t len, const FrontendBuffer *open,
                          int nopen, bool no_preamble, char *err, size_t nerr);
/* Drops the kept parse of `path` (an idle worker; no answer). */
bool document_worker_close_document(DocumentWorker *w, const char *path);
/* The socket to poll for the answer; -1 when no analysis is running. */
int document_worker_fd(const DocumentWorker *w);

typedef enum { DOCUMENT_PENDING, DOCUMENT_DONE, DOCUMENT_LOST } DocumentStatus;
/* Reads what the worker has sent (call when its fd is readable).  DONE:
 * *a holds the answer.  LOST: the worker died or sent garbage; it is gone
 * and *how says how. */
DocumentStatus document_worker_receive(DocumentWorker *w, DocumentAnswer *a, char *how, size_t nhow);
/* Stops the worker: SIGKILL when kill is true, else it ends at the end of
 * its input.  *how (may be NULL) says how it ended ("" when none ran). */
void document_worker_stop(DocumentWorker *w, bool kill, char *how, size_t nhow);
/* Stops it and removes its temporary directory. */
void document_worker_free(DocumentWorker *w);

#endif
