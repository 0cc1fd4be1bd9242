/* lsp_worker.h - the language server analyses in a child process, so that
 * the server answers while libclang parses, a newer edit can stop an
 * analysis that is no longer wanted, and a crash or a hang in one analysis
 * costs that analysis only.
 *
 * The server and the worker speak the LSP framing over two pipes.  One
 * request is a JSON header
 *   {"uri", "path", "version", "encoding": "utf-16"|"utf-8", "docs_base",
 *    "rules": [ids], "args": [clang arguments], "generation",
 *    "open": [{"uri", "path", "version"}]}
 * then the document's bytes as they are (no JSON escaping, so any byte
 * survives), then one frame of bytes per "open" entry: the other documents
 * open in the editor, read instead of the files on disk.  The answer is one
 * JSON frame:
 *   {"uri", "version", "ok", "fatal"?, "diagnostics": [...], "elsewhere",
 *    "headers": [{"uri", "version", "diagnostics"}] (findings in the other
 *    open documents), "reused", "kept", "included": [canonical paths],
 *    "problems": [{"level", "text"}], "seconds"}.
 * The worker keeps each document's parse (engine_lint_document); a header
 * {"close": path} alone drops one, with no answer.  A new "generation"
 * (a configuration change) makes a new engine, dropping them all. */
#ifndef GPULINT_LSP_WORKER_H
#define GPULINT_LSP_WORKER_H

#include "lsp/lsp_rpc.h"
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
/* Sends one analysis: the header, the document's text, then the text of
 * each other open document the header's "open" list names; false when the
 * worker is gone. */
bool worker_send(Worker *w, const cJSON *header, const char *text, size_t len, const char *const *others,
                 const size_t *other_lens, int nothers);
/* Tells an idle worker that the editor closed `path`: its kept parse goes
 * (no answer). */
bool worker_close_document(Worker *w, const char *path);
/* Reads the answer (blocking); NULL when the worker died (w->pid is then
 * 0 and *how says how it ended). */
cJSON *worker_receive(Worker *w, char *how, size_t nhow);
/* Stops it (SIGKILL when kill is true, else closes its input and waits). */
void worker_stop(Worker *w, bool kill, char *how, size_t nhow);

#endif
