/* lsp_server.h - the language server's state, shared by the protocol loop
 * (lsp.c) and the analysis scheduling (lsp_analysis.c). */
#ifndef GPULINT_LSP_SERVER_H
#define GPULINT_LSP_SERVER_H

#include "lsp/lsp_documents.h"
#include "lsp/lsp_progress.h"
#include "isolate/document_worker.h"
#include "engine/engine.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

typedef enum { MODE_AUTO, MODE_PUSH, MODE_PULL, MODE_BOTH } DiagnosticMode;

/* JSON-RPC and LSP error codes. */
enum {
    RPC_PARSE_ERROR = -32700,
    RPC_INVALID_REQUEST = -32600,
    RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602,
    RPC_SERVER_NOT_INITIALIZED = -32002,
    RPC_REQUEST_CANCELLED = -32800,
};

/* window/logMessage types. */
enum { LOG_ERROR = 1, LOG_WARNING = 2, LOG_INFO = 3, LOG_DEBUG = 4 };

/* Another document open in the editor, as an analysis was sent with it. */
typedef struct {
    char *uri, *path, *canonical;
    char *text;
    size_t len;
    int version;
} SentDocument;

/* The analysis the worker runs: what was sent, so that its answer is read
 * against the texts it was computed from. */
typedef struct {
    char *uri;
    int version;
    double started;
    SentDocument *open;
    int nopen;
} Running;

typedef struct Server {
    int out_fd;
    bool out_broken;         /* the editor closed our stdout */
    FILE *log;               /* --log FILE, or NULL */
    bool initialized, shutdown_requested;
    PosEncoding enc;

    /* what the client can do */
    bool client_pull, client_show_document, client_refresh, client_watch_registration;
    bool client_progress;    /* window.workDoneProgress */
    DiagnosticMode mode;
    bool push;               /* publishDiagnostics (else pull only) */
    bool refresh_pending;    /* ask a pull client to pull again once results arrive */

    /* settings (initializationOptions, workspace/didChangeConfiguration) */
    cJSON *rules;            /* array of rule ids */
    cJSON *args;             /* array of clang arguments */
    char *docs_base;         /* rule pages: <docs_base>/<rule>.md */
    double debounce;         /* seconds: the most an edit waits (debounceMs) */
    bool debounce_fixed;     /* debounceMs was set: always that long (else adaptive, up to it) */
    double timeout;          /* seconds an analysis may take */
    size_t max_document;     /* bytes */

    DocumentSet docs;
    DocumentWorker worker;
    char *worker_key;        /* the rules, arguments and generation the worker was started with */
    Running running;         /* the analysis the worker runs (when it is busy) */
    int generation;          /* bumped when settings or watched files change: a new worker, no kept parses */
    char **closed;           /* paths closed while the worker was busy: it drops their parses when idle */
    int nclosed;
    EngineOptions base;      /* what every analysis starts from (data dir, PCH) */
    int next_request_id;     /* our requests to the client */
    int framing_repairs;     /* messages whose wrong Content-Length was repaired */
    Progress progress;       /* the running analysis's progress in the editor */
} Server;

/* Output: each is one message on stdout. */
void lsp_send(Server *s, cJSON *msg); /* takes ownership */
void lsp_respond(Server *s, const cJSON *id, cJSON *result);
void lsp_respond_error(Server *s, const cJSON *id, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void lsp_notify(Server *s, const char *method, cJSON *params);
/* Returns the request's number (its id is "gpulint-N"). */
int lsp_request(Server *s, const char *method, cJSON *params);
/* To the --log file; types up to LOG_INFO also as window/logMessage. */
void lsp_log(Server *s, int type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Analysis (lsp_analysis.c). */
void analysis_schedule(Server *s, Document *d, double delay);
/* How long an edit of d waits for more typing: debounceMs when set, else
 * half its last analysis's time, from 20 ms up to debounceMs's default. */
double analysis_debounce(const Server *s, const Document *d);
void analysis_relint_all(Server *s);
/* Starts what is due, stops what is superseded or over time. */
void analysis_tick(Server *s);
/* Reads what the worker sent (its socket is readable). */
void analysis_receive(Server *s);
/* Seconds until the next thing analysis_tick must do (-1: nothing). */
double analysis_next_wakeup(const Server *s);
/* textDocument/diagnostic: answers now, or when the current version's result arrives. */
void analysis_pull(Server *s, Document *d, const cJSON *id, const char *previous_result_id);
/* Answers the pull requests waiting on d (cancelled: with RequestCancelled). */
void analysis_answer_waiting(Server *s, Document *d);
bool analysis_cancel(Server *s, const cJSON *id);
/* The editor closed d (call before documents_close): its diagnostics are
 * cleared, its findings leave the headers they were shown on, files that
 * include it are analysed again, the worker drops its parse. */
void analysis_closed(Server *s, Document *d);
/* d's text changed (or d was opened): the open documents that include it
 * are analysed again, with its text. */
void analysis_includers_changed(Server *s, const Document *d);
/* d's diagnostics and the findings in d from analyses of files that include
 * it (a new array); with current_only, only those computed for d's current
 * text (what code actions may edit). */
cJSON *analysis_diagnostics_of(const Document *d, bool current_only);
void analysis_free(Server *s);

#endif
