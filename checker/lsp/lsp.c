/* lsp.c - `gpulint lsp`: the protocol loop.  One thread reads the editor's
 * messages and answers them at once; analyses run in a worker process
 * (isolate/document_worker.c) scheduled by lsp_analysis.c, so a slow parse never delays
 * an answer.  Bad input (broken framing, malformed JSON, unknown methods,
 * requests before initialize) is answered with a JSON-RPC error or logged,
 * and the server goes on. */
#include "lsp/lsp.h"
#include "lsp/lsp_diagnostics.h"
#include "lsp/lsp_rpc.h"
#include "lsp/lsp_server.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/utf8.h"
#include "util/clock.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_MESSAGE_BYTES ((size_t)256 << 20)

/* ---------------------------------------------------------------- output */

void lsp_send(Server *s, cJSON *msg)
{
    cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
    char *body = cJSON_PrintUnformatted(msg);
    cJSON_Delete(msg);
    if (!body) gpulint_out_of_memory();
    size_t n;
    char *clean = utf8_sanitize_n(body, strlen(body), &n);
    free(body);
    if (!s->out_broken && !rpc_write(s->out_fd, clean, n)) s->out_broken = true;
    if (s->log) fprintf(s->log, "-> %.300s%s\n", clean, n > 300 ? "..." : "");
    free(clean);
}

static cJSON *id_copy(const cJSON *id)
{
    return id ? cJSON_Duplicate(id, true) : cJSON_CreateNull();
}

void lsp_respond(Server *s, const cJSON *id, cJSON *result)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddItemToObject(m, "id", id_copy(id));
    cJSON_AddItemToObject(m, "result", result ? result : cJSON_CreateNull());
    lsp_send(s, m);
}

/* A formatted string of any length (a message may hold a long URI). */
static char *vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *text = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    if (n > 0) vsnprintf(text, (size_t)n + 1, fmt, again);
    else text[0] = 0;
    va_end(again);
    return text;
}

void lsp_respond_error(Server *s, const cJSON *id, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = vformat(fmt, ap);
    va_end(ap);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddItemToObject(m, "id", id_copy(id));
    cJSON *e = cJSON_AddObjectToObject(m, "error");
    cJSON_AddNumberToObject(e, "code", code);
    cJSON_AddStringToObject(e, "message", text);
    free(text);
    lsp_send(s, m);
}

void lsp_notify(Server *s, const char *method, cJSON *params)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "method", method);
    if (params) cJSON_AddItemToObject(m, "params", params);
    lsp_send(s, m);
}

int lsp_request(Server *s, const char *method, cJSON *params)
{
    char id[32];
    snprintf(id, sizeof id, "gpulint-%d", ++s->next_request_id);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "id", id);
    cJSON_AddStringToObject(m, "method", method);
    if (params) cJSON_AddItemToObject(m, "params", params);
    lsp_send(s, m);
    return s->next_request_id;
}

void lsp_log(Server *s, int type, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = vformat(fmt, ap);
    va_end(ap);
    if (s->log) {
        fprintf(s->log, "%s: %s\n", type == LOG_ERROR ? "error" : type == LOG_WARNING ? "warning" : "log", text);
        fflush(s->log);
    }
    if (type <= LOG_INFO) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddNumberToObject(p, "type", type);
        size_t n = strlen(text) + 10;
        char *msg = xmalloc(n);
        snprintf(msg, n, "gpulint: %s", text);
        cJSON_AddStringToObject(p, "message", msg);
        free(msg);
        lsp_notify(s, "window/logMessage", p);
    }
    free(text);
}

/* -------------------------------------------------------------- settings */

static const cJSON *get(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

static const char *get_str(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* {"gpulint": {...}} or the object itself. */
static void apply_settings(Server *s, const cJSON *settings, bool at_initialize)
{
    if (!cJSON_IsObject(settings)) return;
    const cJSON *mine = get(settings, "gpulint");
    if (cJSON_IsObject(mine)) settings = mine;
    const cJSON *v = get(settings, "rules");
    if (v) {
        cJSON *rules = cJSON_CreateArray();
        char *list = cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
        const cJSON *item = cJSON_IsArray(v) ? v->child : NULL;
        for (char *tok = list ? strtok(list, ", ") : NULL; tok || item;
             tok = list ? strtok(NULL, ", ") : NULL, item = item ? item->next : NULL) {
            const char *id = tok ? tok : cJSON_IsString(item) ? item->valuestring : NULL;
            if (!id) continue;
            if (rule_by_id(id)) cJSON_AddItemToArray(rules, cJSON_CreateString(id));
            else lsp_log(s, LOG_WARNING, "unknown rule '%s' in the settings (ignored; see gpulint --list-rules)", id);
        }
        free(list);
        cJSON_Delete(s->rules);
        s->rules = rules;
    }
    if ((v = get(settings, "extraArgs")) && cJSON_IsArray(v)) {
        cJSON_Delete(s->args);
        s->args = cJSON_CreateArray();
        const cJSON *a;
        cJSON_ArrayForEach(a, v) {
            if (cJSON_IsString(a)) cJSON_AddItemToArray(s->args, cJSON_CreateString(a->valuestring));
        }
    }
    const char *base = get_str(settings, "ruleDocsBaseUrl");
    if (base) {
        free(s->docs_base);
        s->docs_base = *base ? xstrdup(base) : NULL;
    }
    if ((v = get(settings, "debounceMs")) && cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 60000) {
        s->debounce = v->valuedouble / 1000;
        s->debounce_fixed = true;
    }
    if ((v = get(settings, "analysisTimeoutMs")) && cJSON_IsNumber(v) && v->valuedouble >= 100)
        s->timeout = v->valuedouble / 1000;
    if ((v = get(settings, "maxDocumentBytes")) && cJSON_IsNumber(v) && v->valuedouble >= 0)
        s->max_document = v->valuedouble > 1e12 ? (size_t)1e12 : (size_t)v->valuedouble;
    const char *mode = get_str(settings, "diagnosticMode");
    if (mode && at_initialize) {
        if (strcmp(mode, "push") == 0) s->mode = MODE_PUSH;
        else if (strcmp(mode, "pull") == 0) s->mode = MODE_PULL;
        else if (strcmp(mode, "both") == 0) s->mode = MODE_BOTH;
        else s->mode = MODE_AUTO;
    }
}

/* -------------------------------------------------------------- handlers */

static bool has_string(const cJSON *arr, const char *want)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, arr) {
        if (cJSON_IsString(x) && strcmp(x->valuestring, want) == 0) return true;
    }
    return false;
}

static void on_initialize(Server *s, const cJSON *id, const cJSON *params)
{
    if (s->initialized) {
        lsp_respond_error(s, id, RPC_INVALID_REQUEST, "initialize was already received");
        return;
    }
    const cJSON *caps = get(params, "capabilities");
    s->enc = has_string(get(get(caps, "general"), "positionEncodings"), "utf-8") ? POS_UTF8 : POS_UTF16;
    s->client_pull = cJSON_IsObject(get(get(caps, "textDocument"), "diagnostic"));
    s->client_show_document = cJSON_IsTrue(get(get(get(caps, "window"), "showDocument"), "support"));
    s->client_refresh = cJSON_IsTrue(get(get(get(caps, "workspace"), "diagnostics"), "refreshSupport"));
    s->client_progress = cJSON_IsTrue(get(get(caps, "window"), "workDoneProgress"));
    s->client_watch_registration =
        cJSON_IsTrue(get(get(get(caps, "workspace"), "didChangeWatchedFiles"), "dynamicRegistration"));
    apply_settings(s, get(params, "initializationOptions"), true);
    s->push = s->mode == MODE_PUSH || s->mode == MODE_BOTH || (s->mode == MODE_AUTO && !s->client_pull);

    cJSON *r = cJSON_CreateObject();
    cJSON *c = cJSON_AddObjectToObject(r, "capabilities");
    cJSON_AddStringToObject(c, "positionEncoding", s->enc == POS_UTF8 ? "utf-8" : "utf-16");
    cJSON *sync = cJSON_AddObjectToObject(c, "textDocumentSync");
    cJSON_AddBoolToObject(sync, "openClose", true);
    cJSON_AddNumberToObject(sync, "change", 2); /* incremental */
    cJSON_AddBoolToObject(cJSON_AddObjectToObject(sync, "save"), "includeText", false);
    cJSON *ca = cJSON_AddObjectToObject(c, "codeActionProvider");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(ca, "codeActionKinds"), cJSON_CreateString("quickfix"));
    if (s->mode != MODE_PUSH) {
        cJSON *dp = cJSON_AddObjectToObject(c, "diagnosticProvider");
        cJSON_AddStringToObject(dp, "identifier", LSP_SOURCE);
        cJSON_AddBoolToObject(dp, "interFileDependencies", false);
        cJSON_AddBoolToObject(dp, "workspaceDiagnostics", false);
    }
    cJSON *ex = cJSON_AddObjectToObject(c, "executeCommandProvider");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(ex, "commands"), cJSON_CreateString(LSP_CMD_OPEN_DOCS));
    cJSON *info = cJSON_AddObjectToObject(r, "serverInfo");
    cJSON_AddStringToObject(info, "name", "gpulint");
    cJSON_AddStringToObject(info, "version", GPULINT_VERSION);
    s->initialized = true;
    lsp_respond(s, id, r);
}

static void on_initialized(Server *s)
{
    if (!s->client_watch_registration) return;
    /* a changed configuration or compile database re-lints open files */
    static const char *const globs[] = {"**/.gpulint.yaml", "**/.gpulint.yml", "**/compile_commands.json"};
    cJSON *p = cJSON_CreateObject();
    cJSON *reg = cJSON_CreateObject();
    cJSON_AddItemToArray(cJSON_AddArrayToObject(p, "registrations"), reg);
    cJSON_AddStringToObject(reg, "id", "gpulint-watched-files");
    cJSON_AddStringToObject(reg, "method", "workspace/didChangeWatchedFiles");
    cJSON *watchers = cJSON_AddArrayToObject(cJSON_AddObjectToObject(reg, "registerOptions"), "watchers");
    for (size_t i = 0; i < sizeof globs / sizeof *globs; i++) {
        cJSON *w = cJSON_CreateObject();
        cJSON_AddStringToObject(w, "globPattern", globs[i]);
        cJSON_AddItemToArray(watchers, w);
    }
    lsp_request(s, "client/registerCapability", p);
}

static const char *doc_uri(const cJSON *params)
{
    return get_str(get(params, "textDocument"), "uri");
}

static int get_int(const cJSON *o, const char *key, int fallback)
{
    const cJSON *v = get(o, key);
    return cJSON_IsNumber(v) && v->valuedouble >= INT_MIN && v->valuedouble <= INT_MAX ? v->valueint : fallback;
}

static void on_did_open(Server *s, const cJSON *params)
{
    const cJSON *td = get(params, "textDocument");
    const char *uri = get_str(td, "uri"), *text = get_str(td, "text");
    if (!uri || !text) {
        lsp_log(s, LOG_WARNING, "didOpen without textDocument.uri or text (ignored)");
        return;
    }
    /* cJSON keeps a string's bytes; a \u0000 escape would end it early */
    Document *d = documents_open(&s->docs, uri, get_str(td, "languageId"), get_int(td, "version", 0), text,
                                 strlen(text));
    analysis_schedule(s, d, 0);
    analysis_includers_changed(s, d); /* an open header is read from the editor */
}

static void on_did_change(Server *s, const cJSON *params)
{
    const char *uri = doc_uri(params);
    Document *d = uri ? documents_find(&s->docs, uri) : NULL;
    if (!d) {
        lsp_log(s, LOG_WARNING, "didChange for a document that is not open: %s", uri ? uri : "(no uri)");
        return;
    }
    const cJSON *c;
    cJSON_ArrayForEach(c, get(params, "contentChanges")) {
        const char *text = get_str(c, "text");
        if (!text) continue;
        LspPos a = {0, 0}, b = {0, 0};
        const cJSON *range = get(c, "range");
        bool has_range = range != NULL;
        if (has_range && !lsp_range_parse(range, &a, &b)) {
            lsp_log(s, LOG_WARNING, "didChange with an invalid range for %s (change ignored)", uri);
            continue;
        }
        document_apply_change(d, has_range, a, b, text, strlen(text), s->enc);
    }
    d->version = get_int(get(params, "textDocument"), "version", d->version + 1);
    analysis_schedule(s, d, analysis_debounce(s, d));
    analysis_includers_changed(s, d);
}

static void on_did_save(Server *s, const cJSON *params)
{
    const char *uri = doc_uri(params);
    Document *d = uri ? documents_find(&s->docs, uri) : NULL;
    if (d && d->pending) d->due = monotonic_seconds(); /* no need to wait for more typing */
}

static void on_did_close(Server *s, const cJSON *params)
{
    const char *uri = doc_uri(params);
    Document *d = uri ? documents_find(&s->docs, uri) : NULL;
    if (!d) return;
    analysis_closed(s, d);
    documents_close(&s->docs, uri);
}

static void on_code_action(Server *s, const cJSON *id, const cJSON *params)
{
    const char *uri = doc_uri(params);
    LspPos a, b;
    if (!uri || !lsp_range_parse(get(params, "range"), &a, &b)) {
        lsp_respond_error(s, id, RPC_INVALID_PARAMS, "codeAction needs textDocument.uri and range");
        return;
    }
    Document *d = documents_find(&s->docs, uri);
    cJSON *diags = d ? analysis_diagnostics_of(d, true) : NULL;
    const cJSON *only = get(get(params, "context"), "only");
    lsp_respond(s, id, d ? lsp_code_actions(d, diags, a, b, only, s->enc) : cJSON_CreateArray());
    cJSON_Delete(diags);
}

static void on_diagnostic(Server *s, const cJSON *id, const cJSON *params)
{
    const char *uri = doc_uri(params);
    if (!uri) {
        lsp_respond_error(s, id, RPC_INVALID_PARAMS, "textDocument/diagnostic needs textDocument.uri");
        return;
    }
    Document *d = documents_find(&s->docs, uri);
    if (!d) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "kind", "full");
        cJSON_AddArrayToObject(r, "items");
        lsp_respond(s, id, r);
        return;
    }
    analysis_pull(s, d, id, get_str(params, "previousResultId"));
}

static void on_execute_command(Server *s, const cJSON *id, const cJSON *params)
{
    const char *cmd = get_str(params, "command");
    const cJSON *args = get(params, "arguments");
    const cJSON *href = cJSON_IsArray(args) ? args->child : NULL;
    if (!cmd || strcmp(cmd, LSP_CMD_OPEN_DOCS) != 0 || !cJSON_IsString(href)) {
        lsp_respond_error(s, id, RPC_INVALID_PARAMS, "unknown command or arguments (known: %s [url])", LSP_CMD_OPEN_DOCS);
        return;
    }
    if (s->client_show_document) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "uri", href->valuestring);
        cJSON_AddBoolToObject(p, "external", strncmp(href->valuestring, "file:", 5) != 0);
        lsp_request(s, "window/showDocument", p);
    } else {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddNumberToObject(p, "type", LOG_INFO);
        size_t n = strlen(href->valuestring) + 40;
        char *msg = xmalloc(n);
        snprintf(msg, n, "gpulint rule documentation: %s", href->valuestring);
        cJSON_AddStringToObject(p, "message", msg);
        free(msg);
        lsp_notify(s, "window/showMessage", p);
    }
    lsp_respond(s, id, NULL);
}

/* --------------------------------------------------------------- dispatch */

typedef enum { HANDLED, EXIT_NOW } Outcome;

static Outcome dispatch(Server *s, const char *method, const cJSON *id, const cJSON *params)
{
    bool request = id != NULL;
    if (strcmp(method, "exit") == 0) return EXIT_NOW;
    if (strcmp(method, "initialize") == 0) {
        if (request) on_initialize(s, id, params);
        return HANDLED;
    }
    if (!s->initialized) {
        if (request) lsp_respond_error(s, id, RPC_SERVER_NOT_INITIALIZED, "the server is not initialized yet");
        return HANDLED;
    }
    if (s->shutdown_requested && request) {
        lsp_respond_error(s, id, RPC_INVALID_REQUEST, "the server is shutting down");
        return HANDLED;
    }
    if (request) {
        if (strcmp(method, "shutdown") == 0) {
            s->shutdown_requested = true;
            lsp_respond(s, id, NULL);
        } else if (strcmp(method, "textDocument/codeAction") == 0) on_code_action(s, id, params);
        else if (strcmp(method, "textDocument/diagnostic") == 0) on_diagnostic(s, id, params);
        else if (strcmp(method, "workspace/executeCommand") == 0) on_execute_command(s, id, params);
        else lsp_respond_error(s, id, RPC_METHOD_NOT_FOUND, "method not found: %.200s", method);
        return HANDLED;
    }
    if (strcmp(method, "initialized") == 0) on_initialized(s);
    else if (strcmp(method, "textDocument/didOpen") == 0) on_did_open(s, params);
    else if (strcmp(method, "textDocument/didChange") == 0) on_did_change(s, params);
    else if (strcmp(method, "textDocument/didSave") == 0) on_did_save(s, params);
    else if (strcmp(method, "textDocument/didClose") == 0) on_did_close(s, params);
    else if (strcmp(method, "$/cancelRequest") == 0) {
        const cJSON *cid = get(params, "id");
        if (cid) analysis_cancel(s, cid); /* other requests are answered already */
    } else if (strcmp(method, "workspace/didChangeConfiguration") == 0) {
        apply_settings(s, get(params, "settings"), false);
        analysis_relint_all(s);
    } else if (strcmp(method, "workspace/didChangeWatchedFiles") == 0) {
        analysis_relint_all(s);
    }
    /* other notifications ($/setTrace, $/progress, ...) need no answer */
    return HANDLED;
}

/* The "id" of a message that is not valid JSON (cut short, or run into
 * the next message) where its top level spells one, so that the client's
 * request gets its error; NULL otherwise. */
static cJSON *broken_message_id(const char *b, size_t n)
{
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (b[i] == '{' || b[i] == '[') depth++;
        else if (b[i] == '}' || b[i] == ']') depth--;
        if (b[i] != '"') continue;
        size_t j = i + 1;
        while (j < n && b[j] != '"') j += b[j] == '\\' ? 2 : 1;
        if (j >= n) return NULL;
        bool key_id = depth == 1 && j == i + 3 && memcmp(b + i + 1, "id", 2) == 0;
        i = j;
        if (!key_id) continue;
        size_t k = j + 1;
        while (k < n && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r' || b[k] == '\n')) k++;
        if (k >= n || b[k] != ':') continue;
        k++;
        while (k < n && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r' || b[k] == '\n')) k++;
        size_t v = k;
        if (k < n && b[k] == '"') {
            for (k++; k < n && b[k] != '"'; k += b[k] == '\\' ? 2 : 1) {
            }
            if (k >= n) return NULL;
            k++;
        } else {
            while (k < n && ((b[k] >= '0' && b[k] <= '9') || b[k] == '-' || b[k] == '+' || b[k] == '.' ||
                             b[k] == 'e' || b[k] == 'E'))
                k++;
        }
        cJSON *id = k > v ? cJSON_ParseWithLength(b + v, k - v) : NULL;
        if (cJSON_IsNumber(id) || cJSON_IsString(id)) return id;
        cJSON_Delete(id);
        return NULL;
    }
    return NULL;
}

/* Handles one message (and frees it). */
static Outcome handle_message(Server *s, cJSON *msg)
{
    Outcome out = HANDLED;
    const cJSON *id = get(msg, "id");
    const char *method = get_str(msg, "method");
    if (!cJSON_IsObject(msg)) {
        lsp_respond_error(s, NULL, RPC_INVALID_REQUEST, "a message must be a JSON object");
    } else if (id && !cJSON_IsString(id) && !cJSON_IsNumber(id) && !cJSON_IsNull(id)) {
        lsp_respond_error(s, NULL, RPC_INVALID_REQUEST, "id must be a number or a string");
    } else if (!method) {
        if (get(msg, "result") || get(msg, "error")) {
            /* the answer to one of our requests: only a progress token's is awaited */
            int n = 0;
            if (cJSON_IsString(id) && sscanf(id->valuestring, "gpulint-%d", &n) == 1)
                progress_answered(s, n, get(msg, "error") == NULL);
        } else {
            lsp_respond_error(s, id, RPC_INVALID_REQUEST, "a request needs a method");
        }
    } else {
        if (s->log) fprintf(s->log, "<- %s%s\n", method, id ? " (request)" : "");
        out = dispatch(s, method, id, get(msg, "params"));
    }
    cJSON_Delete(msg);
    return out;
}

/* ------------------------------------------------------------------ loop */

static int serve(Server *s)
{
    RpcReader in;
    rpc_reader_init(&in, STDIN_FILENO);
    int status = 1;
    for (;;) {
        analysis_tick(s);
        if (s->out_broken) break;
        double wake = analysis_next_wakeup(s);
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {document_worker_fd(&s->worker), POLLIN, 0}};
        bool buffered = rpc_buffered(&in);
        int timeout = buffered ? 0 : wake < 0 ? -1 : (int)(wake * 1000) + 1;
        int n = poll(fds, 2, timeout);
        if (n < 0 && errno != EINTR) break;
        if (fds[1].fd >= 0 && fds[1].revents) analysis_receive(s);
        if (!(fds[0].revents || rpc_buffered(&in))) continue;
        cJSON *msg;
        char *body, err[300];
        size_t len;
        RpcStatus st = rpc_read_json(&in, MAX_MESSAGE_BYTES, &msg, &body, &len, err, sizeof err);
        if (st == RPC_EOF) {
            lsp_log(s, LOG_DEBUG, "the input ended%s", s->shutdown_requested ? "" : " without shutdown and exit");
            status = s->shutdown_requested ? 0 : 1;
            break;
        }
        if (st == RPC_PENDING) continue;
        if (st == RPC_NOT_JSON) {
            cJSON *id = broken_message_id(body, len);
            free(body);
            lsp_log(s, LOG_ERROR, "message skipped: %s", err);
            lsp_respond_error(s, id, RPC_PARSE_ERROR, "parse error: %s", err);
            cJSON_Delete(id);
            continue;
        }
        if (st != RPC_MESSAGE) {
            lsp_log(s, LOG_ERROR, "input skipped: %s", err);
            if (st == RPC_TOO_LARGE) lsp_respond_error(s, NULL, RPC_INVALID_REQUEST, "%s", err);
            continue;
        }
        if (err[0]) { /* a wrong Content-Length, repaired: the client's bug, shown once */
            bool first = s->framing_repairs++ == 0;
            lsp_log(s, first ? LOG_WARNING : LOG_DEBUG, "%s; it is read as far as its JSON goes%s", err,
                    first ? " (later ones are logged with --log only)" : "");
        }
        Outcome o = handle_message(s, msg);
        if (o == EXIT_NOW) {
            status = s->shutdown_requested ? 0 : 1;
            break;
        }
    }
    rpc_reader_free(&in);
    return status;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int lsp_main(const LspArgs *args, LspDataDirFinder find_data_dir)
{
    Server s;
    memset(&s, 0, sizeof s);
    s.out_fd = STDOUT_FILENO;
    s.debounce = 0.3;
    s.timeout = 60;
    s.max_document = (size_t)16 << 20;
    s.rules = cJSON_CreateArray();
    s.args = cJSON_CreateArray();
    s.base.frontend.headers = HEADERS_AUTO;
    s.base.frontend.use_pch = true;
    PoolOptions no_limits = {.jobs = 1}; /* time is watched here (s.timeout); memory as the editor's machine allows */
    document_worker_init(&s.worker, &no_limits);
    for (int i = 0; i < args->nclang_args; i++) cJSON_AddItemToArray(s.args, cJSON_CreateString(args->clang_args[i]));
    /* each --rules= as if the editor had sent it, in order */
    for (int i = 0; i < args->nrules; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "rules", args->rules[i]);
        apply_settings(&s, o, false);
        cJSON_Delete(o);
    }
    const char *log_path = args->log_path;
    if (log_path) {
        s.log = fopen(log_path, "a");
        if (!s.log) fprintf(stderr, "gpulint lsp: warning: cannot open the log %s: %s\n", log_path, strerror(errno));
        else setvbuf(s.log, NULL, _IOLBF, 0);
    }
    char data_dir[PATH_MAX], pch[PATH_MAX], docs[PATH_MAX + 32];
    find_data_dir(data_dir, sizeof data_dir, pch, sizeof pch);
    s.base.frontend.data_dir = data_dir;
    s.base.frontend.pch_path = pch[0] ? pch : NULL;
    s.base.frontend.extra = args->extra;
    s.base.frontend.nextra = args->nextra;
    snprintf(docs, sizeof docs, "%s/docs/rules", data_dir);
    if (is_dir(docs)) s.docs_base = lsp_path_to_uri(docs);
    signal(SIGPIPE, SIG_IGN); /* a closed pipe is an error from write, not death */

    int status = serve(&s);

    char how[300];
    bool busy = s.worker.busy;
    document_worker_stop(&s.worker, busy, how, sizeof how); /* an idle worker ends by itself */
    if (how[0] && !busy) lsp_log(&s, LOG_DEBUG, "the worker process did not end cleanly: %s", how);
    documents_free(&s.docs);
    analysis_free(&s);
    cJSON_Delete(s.rules);
    cJSON_Delete(s.args);
    free(s.docs_base);
    if (s.log) {
        fprintf(s.log, "exit %d\n", status);
        fclose(s.log);
    }
    return status;
}
