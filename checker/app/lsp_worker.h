/* lsp_worker.h - the language server analyses in a child process, so that
 * the server answers while libclang parses, a newer edit can stop an
 * analysis that is no longer wanted, and a crash or a hang in one analysis
 * costs that analysis only.
 *
 * The server and the worker speak the LSP framing over two pipes.  One
 * request is two frames: a JSON header
 *   {"uri", "path", "version", "encoding": "utf-16"|"utf-8", "docs_base",
 *    "rules": [ids], "args": [clang arguments]}
 * then the document's bytes as they are (no JSON escaping, so any byte
 * survives).  The answer is one JSON frame:
 *   {"uri", "version", "ok", "fatal"?, "diagnostics": [...], "elsewhere",
 *    "problems": [{"level", "text"}], "seconds"}. */
#ifndef GPULINT_LSP_WORKER_H
#define GPULINT_LSP_WORKER_H

#include "app/lsp_rpc.h"
#include "engine/engine.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;               /* 0: not running */
    int to_fd;
    RpcReader from;
    bool busy;
    double started;          /* when the current request was sent */
    char *uri;               /* what it analyses now */
    int version;
} Worker;

/* Starts the worker (fork); the engine options' strings must stay valid. */
bool worker_start(Worker *w, const EngineOptions *base, char *err, size_t nerr);
/* Sends one analysis; false when the worker is gone. */
bool worker_send(Worker *w, const cJSON *header, const char *text, size_t len);
/* Reads the answer (blocking); NULL when the worker died (w->pid is then
 * 0 and *how says how it ended). */
cJSON *worker_receive(Worker *w, char *how, size_t nhow);
/* Stops it (SIGKILL when kill is true, else closes its input and waits). */
void worker_stop(Worker *w, bool kill, char *how, size_t nhow);

#endif
