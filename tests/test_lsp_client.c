/* test_lsp_client.c - a scripted LSP client that drives `gpulint lsp`
 * through its stdin/stdout as an editor would.
 *
 *   test_lsp_client GPULINT
 *       the protocol test (ctest lsp.client): lifecycle, diagnostics within
 *       2 s, incremental edits, quick fixes applied, pull diagnostics,
 *       settings, malformed input, wrong Content-Lengths, invalid UTF-8,
 *       huge documents, long paths, a crashing and a hanging analysis,
 *       cancellation, exit codes.
 *       Then kept parses: edits that reuse the preamble, an unsaved header
 *       open in the editor, findings shown on it, didClose dropping the
 *       parse (read from the server's --log).
 *   test_lsp_client --latency GPULINT FILE [CLANG-ARG...]
 *       opens FILE, then edits it 7 times below its #includes and prints
 *       the time from each edit to its diagnostics (no debounce). */
#include "lsp/lsp_documents.h"
#include "lsp/lsp_rpc.h"
#include "check.h"
#include "util/utf8.h"

#include <cjson/cJSON.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- client */

typedef struct {
    pid_t pid;
    int to;                  /* the server's stdin */
    RpcReader from;          /* its stdout */
    cJSON **got;             /* every message received, in order */
    bool *used;
    int ngot;
    bool invalid_utf8;       /* the server wrote bytes that are not UTF-8 */
} Client;

/* Starts `gpulint lsp` (with --log LOG when log is not NULL). */
static void start_logged(Client *c, const char *gpulint, const char *log)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out)) exit(2);
    memset(c, 0, sizeof *c);
    c->pid = fork();
    if (c->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        if (log) execl(gpulint, gpulint, "lsp", "--log", log, (char *)NULL);
        else execl(gpulint, gpulint, "lsp", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    c->to = in[1];
    rpc_reader_init(&c->from, out[0]);
}

static void start(Client *c, const char *gpulint)
{
    start_logged(c, gpulint, NULL);
}

static void send_raw(Client *c, const char *bytes, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(c->to, bytes + done, n - done);
        if (w <= 0) return;
        done += (size_t)w;
    }
}

static void send_msg(Client *c, cJSON *m)
{
    cJSON_AddStringToObject(m, "jsonrpc", "2.0");
    char *b = cJSON_PrintUnformatted(m);
    rpc_write(c->to, b, strlen(b));
    free(b);
    cJSON_Delete(m);
}

static void request(Client *c, int id, const char *method, cJSON *params)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddNumberToObject(m, "id", id);
    cJSON_AddStringToObject(m, "method", method);
    if (params) cJSON_AddItemToObject(m, "params", params);
    send_msg(c, m);
}

static void notify(Client *c, const char *method, cJSON *params)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "method", method);
    if (params) cJSON_AddItemToObject(m, "params", params);
    send_msg(c, m);
}

/* Reads messages until `deadline`; false when nothing more came. */
static bool pump(Client *c, double deadline)
{
    if (!rpc_buffered(&c->from)) {
        double left = deadline - now();
        if (left <= 0) return false;
        struct pollfd p = {c->from.fd, POLLIN, 0};
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) return false;
    }
    char *body, err[200];
    size_t len;
    if (rpc_read(&c->from, (size_t)1 << 30, &body, &len, err, sizeof err) != RPC_MESSAGE) return false;
    for (size_t i = 0; i < len;) {
        size_t k = utf8_sequence_length((const unsigned char *)body + i, len - i);
        if (!k) {
            c->invalid_utf8 = true;
            break;
        }
        i += k;
    }
    cJSON *m = cJSON_Parse(body);
    free(body);
    if (!m) return true;
    c->got = realloc(c->got, (size_t)(c->ngot + 1) * sizeof *c->got);
    c->used = realloc(c->used, (size_t)(c->ngot + 1) * sizeof *c->used);
    c->got[c->ngot] = m;
    c->used[c->ngot++] = false;
    return true;
}

typedef bool (*Match)(const cJSON *m, const void *arg);

/* The first unused message that matches, waiting up to `timeout` s. */
static const cJSON *wait_for(Client *c, Match match, const void *arg, double timeout)
{
    double deadline = now() + timeout;
    for (int i = 0;; i++) {
        while (i >= c->ngot)
            if (!pump(c, deadline)) return NULL;
        if (!c->used[i] && match(c->got[i], arg)) {
            c->used[i] = true;
            return c->got[i];
        }
    }
}

static bool is_response(const cJSON *m, const void *arg)
{
    const cJSON *id = cJSON_GetObjectItem(m, "id");
    return !cJSON_GetObjectItem(m, "method") &&
           (arg ? cJSON_IsNumber(id) && id->valueint == *(const int *)arg : cJSON_IsNull(id));
}

typedef struct {
    const char *uri;
    int min_version;
} PublishWanted;

static bool is_publish(const cJSON *m, const void *arg)
{
    const PublishWanted *w = arg;
    const cJSON *p = cJSON_GetObjectItem(m, "params");
    const cJSON *v = cJSON_GetObjectItem(p, "version");
    return cJSON_IsString(cJSON_GetObjectItem(m, "method")) &&
           strcmp(cJSON_GetObjectItem(m, "method")->valuestring, "textDocument/publishDiagnostics") == 0 &&
           strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "uri")), w->uri) == 0 &&
           (!cJSON_IsNumber(v) || v->valueint >= w->min_version);
}

static bool is_log_with(const cJSON *m, const void *arg)
{
    const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(m, "method"));
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(m, "params"), "message"));
    return method && (strcmp(method, "window/logMessage") == 0 || strcmp(method, "window/showMessage") == 0) && text &&
           strstr(text, arg);
}

static const cJSON *response(Client *c, int id, double timeout)
{
    return wait_for(c, is_response, &id, timeout);
}

static int error_code(const cJSON *resp)
{
    const cJSON *e = cJSON_GetObjectItem(resp, "error");
    return e ? cJSON_GetObjectItem(e, "code")->valueint : 0;
}

/* The diagnostics of the next publish for uri at min_version or later. */
static const cJSON *published(Client *c, const char *uri, int min_version, double timeout)
{
    PublishWanted w = {uri, min_version};
    const cJSON *m = wait_for(c, is_publish, &w, timeout);
    return m ? cJSON_GetObjectItem(cJSON_GetObjectItem(m, "params"), "diagnostics") : NULL;
}

static int count_rule(const cJSON *diags, const char *rule)
{
    int n = 0;
    const cJSON *d;
    cJSON_ArrayForEach(d, diags) {
        const char *code = cJSON_GetStringValue(cJSON_GetObjectItem(d, "code"));
        if (code && strcmp(code, rule) == 0) n++;
    }
    return n;
}

static int finish(Client *c, double timeout)
{
    close(c->to);
    int status = -1;
    double deadline = now() + timeout;
    while (now() < deadline) {
        pid_t r = waitpid(c->pid, &status, WNOHANG);
        if (r == c->pid) break;
        pump(c, now() + 0.05);
    }
    if (waitpid(c->pid, &status, WNOHANG) == 0) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, &status, 0);
        status = -1;
    }
    close(c->from.fd);
    rpc_reader_free(&c->from);
    for (int i = 0; i < c->ngot; i++) cJSON_Delete(c->got[i]);
    free(c->got);
    free(c->used);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ------------------------------------------------------------- helpers */

static cJSON *text_document(const char *uri, int version)
{
    cJSON *td = cJSON_CreateObject();
    cJSON_AddStringToObject(td, "uri", uri);
    if (version >= 0) cJSON_AddNumberToObject(td, "version", version);
    return td;
}

static void open_doc_as(Client *c, const char *uri, const char *language, const char *text)
{
    cJSON *td = text_document(uri, 1);
    cJSON_AddStringToObject(td, "languageId", language);
    cJSON_AddStringToObject(td, "text", text);
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", td);
    notify(c, "textDocument/didOpen", p);
}

static void open_doc(Client *c, const char *uri, const char *text, size_t len)
{
    cJSON *td = text_document(uri, 1);
    cJSON_AddStringToObject(td, "languageId", "cuda");
    /* cJSON strings end at NUL; documents here have none */
    (void)len;
    cJSON_AddStringToObject(td, "text", text);
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", td);
    notify(c, "textDocument/didOpen", p);
}

static cJSON *pos_json(LspPos p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", p.line);
    cJSON_AddNumberToObject(o, "character", p.character);
    return o;
}

/* Sends an incremental change and applies it to the local copy. */
static void change(Client *c, Document *d, LspPos a, LspPos b, const char *text)
{
    cJSON *ch = cJSON_CreateObject();
    cJSON *r = cJSON_AddObjectToObject(ch, "range");
    cJSON_AddItemToObject(r, "start", pos_json(a));
    cJSON_AddItemToObject(r, "end", pos_json(b));
    cJSON_AddStringToObject(ch, "text", text);
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", text_document(d->uri, ++d->version));
    cJSON_AddItemToArray(cJSON_AddArrayToObject(p, "contentChanges"), ch);
    notify(c, "textDocument/didChange", p);
    document_apply_change(d, true, a, b, text, strlen(text), POS_UTF16);
}

static LspPos pos_of(const cJSON *o)
{
    LspPos p = {(unsigned)cJSON_GetObjectItem(o, "line")->valueint,
                (unsigned)cJSON_GetObjectItem(o, "character")->valueint};
    return p;
}

static cJSON *initialize_params(const char *init_options)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddNumberToObject(p, "processId", getpid());
    cJSON_AddItemToObject(p, "capabilities", cJSON_CreateObject());
    if (init_options) cJSON_AddItemToObject(p, "initializationOptions", cJSON_Parse(init_options));
    return p;
}

static const char *const kernel_src =
    "// gpulint lsp test: caf\xC3\xA9 \xF0\x9F\x98\x80\n"
    "__global__ void scale(float *a, float s, int n) {\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) { /* \xC3\xA9\xF0\x9F\x98\x80 */ float v = a[i]; for (int k = 0; k < n; k++) v = v * 0.1 + s; a[i] = v; }\n"
    "}\n";
#define URI "file:///tmp/gpulint-lsp-test/scale.cu"

/* Before initialize, malformed input, unknown methods. */
static void test_bad_input(Client *c)
{
    request(c, 1, "textDocument/codeAction", cJSON_CreateObject());
    CHECK_EQ_LL(error_code(response(c, 1, 5)), -32002); /* ServerNotInitialized */

    request(c, 2, "initialize", initialize_params("{\"analysisTimeoutMs\": 1500}"));
    const cJSON *r = response(c, 2, 5);
    const cJSON *caps = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "capabilities");
    CHECK_EQ_LL(cJSON_GetObjectItem(cJSON_GetObjectItem(caps, "textDocumentSync"), "change")->valueint, 2);
    CHECK(cJSON_GetObjectItem(caps, "diagnosticProvider") != NULL);
    CHECK(cJSON_GetObjectItem(caps, "codeActionProvider") != NULL);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(caps, "positionEncoding")), "utf-16") == 0);
    notify(c, "initialized", cJSON_CreateObject());
    request(c, 3, "initialize", initialize_params(NULL));
    CHECK_EQ_LL(error_code(response(c, 3, 5)), -32600); /* twice */

    const char *bad_json = "Content-Length: 9\r\n\r\n{not json";
    send_raw(c, bad_json, strlen(bad_json));
    CHECK_EQ_LL(error_code(wait_for(c, is_response, NULL, 5)), -32700);
    const char *not_object = "Content-Length: 2\r\n\r\n[]";
    send_raw(c, not_object, strlen(not_object));
    CHECK_EQ_LL(error_code(wait_for(c, is_response, NULL, 5)), -32600);
    /* no framing at all, then a header block without Content-Length */
    const char *unframed = "{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":\"shutdown\"}\r\nX-Other: 1\r\n\r\n";
    send_raw(c, unframed, strlen(unframed));
    CHECK(wait_for(c, is_log_with, "input skipped", 5) != NULL);
    request(c, 4, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 4, 5)), -32601);
    request(c, 5, "$/noSuchRequest", NULL);
    CHECK_EQ_LL(error_code(response(c, 5, 5)), -32601);
    notify(c, "$/noSuchNotification", NULL); /* ignored: no answer */
    notify(c, "textDocument/didChange", cJSON_Parse("{\"textDocument\":{\"uri\":\"file:///nowhere.cu\"}}"));
    request(c, 6, "textDocument/codeAction", cJSON_Parse("{\"textDocument\":{}}"));
    CHECK_EQ_LL(error_code(response(c, 6, 5)), -32602);
    /* the 77 above was dropped with its broken frame */
    int id77 = 77;
    CHECK(wait_for(c, is_response, &id77, 0.2) == NULL);
}

/* A message whose Content-Length is off by delta bytes. */
static void send_framed(Client *c, const char *body, long delta)
{
    char head[64];
    int n = snprintf(head, sizeof head, "Content-Length: %ld\r\n\r\n", (long)strlen(body) + delta);
    send_raw(c, head, (size_t)n);
    send_raw(c, body, strlen(body));
}

/* A wrong Content-Length costs at most its own message: one byte short (a
 * client counting characters in a non-ASCII message), a few bytes long,
 * long enough to swallow the next message, long with nothing after it
 * (answered without waiting for more input), broken JSON (a ParseError
 * with the request's id), and absurd lengths (logged, nothing allocated). */
static void test_framing_errors(Client *c)
{
    send_framed(c, "{\"jsonrpc\":\"2.0\",\"id\":40,\"method\":\"gpulint/caf\xC3\xA9\"}", -1);
    request(c, 41, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 40, 5)), -32601);
    CHECK_EQ_LL(error_code(response(c, 41, 5)), -32601);
    CHECK(wait_for(c, is_log_with, "is shorter than the message", 5) != NULL);

    send_framed(c, "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"gpulint/noSuchMethod\"}", 3);
    request(c, 43, "gpulint/noSuchMethod", NULL);
    request(c, 44, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 42, 5)), -32601);
    CHECK_EQ_LL(error_code(response(c, 43, 5)), -32601);
    CHECK_EQ_LL(error_code(response(c, 44, 5)), -32601);

    double t0 = now();
    send_framed(c, "{\"jsonrpc\":\"2.0\",\"id\":45,\"method\":\"gpulint/noSuchMethod\"}", 40);
    CHECK_EQ_LL(error_code(response(c, 45, 5)), -32601);
    CHECK(now() - t0 < 3.0);
    send_framed(c, "{\"jsonrpc\":\"2.0\",\"id\":46,\"method\":\"gpulint/noSuchMethod\"}", 400);
    request(c, 47, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 46, 5)), -32601);
    CHECK_EQ_LL(error_code(response(c, 47, 5)), -32601);

    send_framed(c, "{\"jsonrpc\":\"2.0\",\"id\":48,\"method\":\"gpulint/noSuchMethod\"", 0);
    request(c, 49, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 48, 5)), -32700);
    CHECK_EQ_LL(error_code(response(c, 49, 5)), -32601);

    const char *absurd = "Content-Length: 1000000000000\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":99}";
    send_raw(c, absurd, strlen(absurd));
    CHECK(wait_for(c, is_log_with, "1000000000000 bytes", 5) != NULL);
    request(c, 50, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 50, 5)), -32601);
    const char *negative = "Content-Length: -5\r\n\r\n{}";
    send_raw(c, negative, strlen(negative));
    CHECK(wait_for(c, is_log_with, "invalid Content-Length '-5'", 5) != NULL);
    request(c, 51, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 51, 5)), -32601);
    const char *words = "Content-Length: twelve\r\n\r\n";
    send_raw(c, words, strlen(words));
    CHECK(wait_for(c, is_log_with, "invalid Content-Length 'twelve'", 5) != NULL);
    const char *huge = "Content-Length: 99999999999999999999999\r\n\r\n";
    send_raw(c, huge, strlen(huge));
    CHECK(wait_for(c, is_log_with, "invalid Content-Length '99999999999999999999999'", 5) != NULL);
    request(c, 52, "gpulint/noSuchMethod", NULL);
    CHECK_EQ_LL(error_code(response(c, 52, 5)), -32601);
}

/* Open -> diagnostic within 2 s; quick fix applied -> gone; an
 * incremental edit of a literal -> gone; suppression edits; pull. */
static void test_diagnostics_and_fixes(Client *c)
{
    DocumentSet set = {0};
    Document *d = documents_open(&set, URI, "cuda", 1, kernel_src, strlen(kernel_src));
    double t0 = now();
    open_doc(c, URI, kernel_src, strlen(kernel_src));
    const cJSON *diags = published(c, URI, 1, 2.0);
    double open_latency = now() - t0;
    CHECK(diags != NULL);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 1);
    printf("open -> diagnostics: %.0f ms\n", open_latency * 1e3);
    const cJSON *diag = diags ? diags->child : NULL;
    while (diag && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(diag, "code")), "double-literal") != 0)
        diag = diag->next;
    if (!diag) {
        documents_free(&set);
        return;
    }
    /* the range in UTF-16: é is one unit, the emoji two */
    const char *line3 = strstr(kernel_src, "    if (i < n)");
    unsigned byte_col = (unsigned)(strstr(line3, "0.1") - line3);
    const cJSON *range = cJSON_GetObjectItem(diag, "range");
    LspPos a = pos_of(cJSON_GetObjectItem(range, "start")), b = pos_of(cJSON_GetObjectItem(range, "end"));
    CHECK_EQ_LL(a.line, 3);
    CHECK_EQ_LL(a.character, byte_col - 1 - 2);
    CHECK_EQ_LL(b.character, a.character + 3);
    CHECK_EQ_LL(cJSON_GetObjectItem(diag, "severity")->valueint, 2);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(diag, "source")), "gpulint") == 0);
    const char *href = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(diag, "codeDescription"), "href"));
    CHECK(href && strstr(href, "/docs/rules/double-literal.md") != NULL);
    const char *msg = cJSON_GetStringValue(cJSON_GetObjectItem(diag, "message"));
    CHECK(msg && strstr(msg, "\n") && strstr(msg, "literal=0.1"));
    const char *fp = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(diag, "data"), "fingerprint"));
    CHECK(fp && *fp);

    /* pull diagnostics agree with the push */
    request(c, 10, "textDocument/diagnostic", cJSON_Parse("{\"textDocument\":{\"uri\":\"" URI "\"}}"));
    const cJSON *pull = cJSON_GetObjectItem(response(c, 10, 5), "result");
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(pull, "kind")), "full") == 0);
    CHECK_EQ_LL(count_rule(cJSON_GetObjectItem(pull, "items"), "double-literal"), 1);

    /* code actions at the literal */
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", text_document(URI, -1));
    cJSON_AddItemToObject(p, "range", cJSON_Duplicate(range, true));
    cJSON_AddItemToObject(cJSON_AddObjectToObject(p, "context"), "diagnostics", cJSON_CreateArray());
    request(c, 11, "textDocument/codeAction", p);
    const cJSON *actions = cJSON_GetObjectItem(response(c, 11, 5), "result");
    const cJSON *fix = NULL, *nolint = NULL, *in_file = NULL, *docs = NULL, *x;
    cJSON_ArrayForEach(x, actions) {
        const char *title = cJSON_GetStringValue(cJSON_GetObjectItem(x, "title"));
        if (cJSON_IsTrue(cJSON_GetObjectItem(x, "isPreferred"))) fix = x;
        else if (strstr(title, "on this line")) nolint = x;
        else if (strstr(title, "in this file")) in_file = x;
        else if (cJSON_GetObjectItem(x, "command")) docs = x;
    }
    CHECK(fix && nolint && in_file && docs);
    if (!fix || !nolint || !in_file || !docs) {
        documents_free(&set);
        return;
    }
    const cJSON *edits = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(fix, "edit"), "changes"), URI);
    CHECK_EQ_LL(cJSON_GetArraySize(edits), 1);
    const cJSON *e = cJSON_GetArrayItem(edits, 0);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(e, "newText")), "0.1f") == 0);
    const cJSON *nl = cJSON_GetArrayItem(
        cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(nolint, "edit"), "changes"), URI), 0);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(nl, "newText")), " // NOLINT(double-literal)") == 0);
    LspPos nl_at = pos_of(cJSON_GetObjectItem(cJSON_GetObjectItem(nl, "range"), "start"));
    CHECK_EQ_LL(nl_at.line, 3);
    CHECK_EQ_LL(nl_at.character, lsp_line_end(d->text, d->len, 3, POS_UTF16).character);
    CHECK_EQ_LL(cJSON_GetArraySize(cJSON_GetObjectItem(
                    cJSON_GetObjectItem(cJSON_GetObjectItem(in_file, "edit"), "changes"), URI)),
                2);

    /* apply the quick fix as an editor would: an incremental change */
    const cJSON *er = cJSON_GetObjectItem(e, "range");
    t0 = now();
    change(c, d, pos_of(cJSON_GetObjectItem(er, "start")), pos_of(cJSON_GetObjectItem(er, "end")), "0.1f");
    CHECK(strstr(d->text, "v * 0.1f + s") != NULL);
    diags = published(c, URI, d->version, 3);
    CHECK(diags != NULL);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 0);
    printf("quick fix -> diagnostics: %.0f ms (300 ms debounce)\n", (now() - t0) * 1e3);

    /* type a new double literal, then fix it by editing the literal */
    LspPos end = lsp_line_end(d->text, d->len, 2, POS_UTF16);
    change(c, d, end, end, " float t = a[0] * 0.5;");
    diags = published(c, URI, d->version, 3);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 1);
    LspPos lit = lsp_pos_of_offset(d->text, d->len, (size_t)(strstr(d->text, "0.5;") - d->text), POS_UTF16);
    LspPos lit_end = {lit.line, lit.character + 3};
    change(c, d, lit, lit_end, "0.5f");
    diags = published(c, URI, d->version, 3);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 0);

    /* several quick edits: only the last version's result is published */
    int first = d->version + 1;
    for (int i = 0; i < 4; i++) change(c, d, lit, lit, " ");
    diags = published(c, URI, first, 3);
    CHECK(diags != NULL);
    PublishWanted any = {URI, 0};
    int publishes = 1;
    while (wait_for(c, is_publish, &any, 0.6)) publishes++;
    CHECK_EQ_LL(publishes, 1);

    /* the rule's page through the command */
    cJSON *cmd = cJSON_Duplicate(cJSON_GetObjectItem(docs, "command"), true);
    request(c, 12, "workspace/executeCommand", cmd);
    CHECK(response(c, 12, 5) != NULL);
    CHECK(wait_for(c, is_log_with, "double-literal.md", 5) != NULL);

    /* settings: only uniform-branch -> the literal goes; all rules again -> back */
    lit = lsp_pos_of_offset(d->text, d->len, (size_t)(strstr(d->text, "0.5f;") - d->text), POS_UTF16);
    change(c, d, lit, (LspPos){lit.line, lit.character + 4}, "0.5");
    CHECK_EQ_LL(count_rule(published(c, URI, d->version, 3), "double-literal"), 1);
    notify(c, "workspace/didChangeConfiguration",
           cJSON_Parse("{\"settings\":{\"gpulint\":{\"rules\":[\"uniform-branch\", \"no-such-rule\"]}}}"));
    CHECK(wait_for(c, is_log_with, "no-such-rule", 5) != NULL);
    CHECK_EQ_LL(count_rule(published(c, URI, d->version, 5), "double-literal"), 0);
    notify(c, "workspace/didChangeConfiguration", cJSON_Parse("{\"settings\":{\"gpulint\":{\"rules\":[]}}}"));
    CHECK_EQ_LL(count_rule(published(c, URI, d->version, 5), "double-literal"), 1);
    notify(c, "workspace/didChangeWatchedFiles",
           cJSON_Parse("{\"changes\":[{\"uri\":\"file:///tmp/.gpulint.yaml\",\"type\":2}]}"));
    CHECK_EQ_LL(count_rule(published(c, URI, d->version, 5), "double-literal"), 1);

    /* a pull request for a version still being debounced, cancelled */
    change(c, d, lit, lit, " ");
    request(c, 13, "textDocument/diagnostic", cJSON_Parse("{\"textDocument\":{\"uri\":\"" URI "\"}}"));
    notify(c, "$/cancelRequest", cJSON_Parse("{\"id\":13}"));
    CHECK_EQ_LL(error_code(response(c, 13, 5)), -32800);

    /* close: the diagnostics are cleared */
    cJSON *cp = cJSON_CreateObject();
    cJSON_AddItemToObject(cp, "textDocument", text_document(URI, -1));
    notify(c, "textDocument/didClose", cp);
    PublishWanted w = {URI, 0};
    const cJSON *m = NULL;
    while ((m = wait_for(c, is_publish, &w, 3)) &&
           cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(m, "params"), "diagnostics")) != 0) {
    }
    CHECK(m != NULL);
    documents_free(&set);
}

/* OpenCL C documents (.cl, or the language id opencl) are analysed too. */
static void test_opencl(Client *c)
{
    const char *rows = "__kernel void row_sums(__global const float* m, __global float* out, int w)\n"
                       "{\n"
                       "    int r = get_global_id(0);\n"
                       "    float s = 0.0f;\n"
                       "    for (int j = 0; j < w; j++) s += m[r * w + j];\n"
                       "    out[r] = s;\n"
                       "}\n";
    open_doc_as(c, "file:///tmp/gpulint-lsp-test/rows.cl", "opencl", rows);
    CHECK_EQ_LL(count_rule(published(c, "file:///tmp/gpulint-lsp-test/rows.cl", 1, 10), "uncoalesced-row"), 1);
    open_doc_as(c, "untitled:Untitled-7", "opencl", rows);
    CHECK_EQ_LL(count_rule(published(c, "untitled:Untitled-7", 1, 10), "uncoalesced-row"), 1);
}

/* Invalid UTF-8, a huge document, a crash and a hang: the server goes on. */
static void test_robustness(Client *c)
{
    /* raw bytes 0xFF 0xC3 in a comment (the JSON body is not valid UTF-8) */
    const char *head = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                       "{\"uri\":\"file:///tmp/gpulint-lsp-test/bad.cu\",\"languageId\":\"cuda\",\"version\":1,"
                       "\"text\":\"// \xFF\xC3 bytes\\n__global__ void k(float *a) { a[0] = a[0] * 0.5; }\\n\"}}}";
    char frame[1024];
    int n = snprintf(frame, sizeof frame, "Content-Length: %zu\r\n\r\n%s", strlen(head), head);
    send_raw(c, frame, (size_t)n);
    CHECK_EQ_LL(count_rule(published(c, "file:///tmp/gpulint-lsp-test/bad.cu", 1, 5), "double-literal"), 1);

    /* 20 MiB: not analysed (over the 16 MiB default), logged, cleared */
    size_t big = (size_t)20 << 20;
    char *text = malloc(big + 1);
    memset(text, ' ', big);
    memcpy(text, "// huge\n", 8);
    text[big] = 0;
    open_doc(c, "file:///tmp/gpulint-lsp-test/huge.cu", text, big);
    free(text);
    CHECK(wait_for(c, is_log_with, "not analysed", 10) != NULL);
    CHECK(published(c, "file:///tmp/gpulint-lsp-test/huge.cu", 1, 5) != NULL);

    /* the worker crashes (test hook), then analyses the next document */
    const char *crash = "// CRASH_THE_WORKER\n__global__ void k(float *a) { a[0] = a[0] * 0.5; }\n";
    open_doc(c, "file:///tmp/gpulint-lsp-test/crash.cu", crash, strlen(crash));
    CHECK(wait_for(c, is_log_with, "failed: the worker", 10) != NULL);
    /* a crash the first time only (libclang building the preamble of some
     * files): the same version again at once, without one */
    const char *once = "// CRASH_ONCE_THE_WORKER\n__global__ void k(float *a) { a[0] = a[0] * 0.5; }\n";
    open_doc(c, "file:///tmp/gpulint-lsp-test/crash_once.cu", once, strlen(once));
    CHECK(wait_for(c, is_log_with, "analysed again without a precompiled preamble", 10) != NULL);
    CHECK_EQ_LL(count_rule(published(c, "file:///tmp/gpulint-lsp-test/crash_once.cu", 1, 10), "double-literal"), 1);
    const char *hang = "// HANG_THE_WORKER\n__global__ void k(float *a) { a[0] = a[0] * 0.5; }\n";
    open_doc(c, "file:///tmp/gpulint-lsp-test/hang.cu", hang, strlen(hang));
    request(c, 20, "shutdown_is_not_this", NULL); /* the server answers while the worker hangs */
    CHECK_EQ_LL(error_code(response(c, 20, 1)), -32601);
    CHECK(wait_for(c, is_log_with, "was stopped", 10) != NULL);
    const char *ok = "__global__ void k(float *a) { a[0] = a[0] * 0.5; }\n";
    open_doc(c, "file:///tmp/gpulint-lsp-test/after.cu", ok, strlen(ok));
    CHECK_EQ_LL(count_rule(published(c, "file:///tmp/gpulint-lsp-test/after.cu", 1, 5), "double-literal"), 1);
    CHECK(!c->invalid_utf8);
}

/* A long URI (over 4,096 bytes, its path shorter than PATH_MAX) is
 * analysed; a path longer than PATH_MAX is refused with a message; both
 * pull requests are answered. */
static void test_long_paths(Client *c)
{
    const char *src = "__global__ void k(float *a) { a[0] = a[0] * 0.5; }\n";
    size_t cap = 8192;
    char *uri = malloc(cap);
    int n = snprintf(uri, cap, "file:///tmp/gpulint-lsp-test/");
    for (int i = 0; i < 800; i++) n += snprintf(uri + n, cap - (size_t)n, "%%C3%%A9");
    snprintf(uri + n, cap - (size_t)n, "/long.cu");
    CHECK(strlen(uri) > 4096);
    open_doc(c, uri, src, strlen(src));
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", text_document(uri, -1));
    request(c, 60, "textDocument/diagnostic", p);
    const cJSON *r = cJSON_GetObjectItem(response(c, 60, 10), "result");
    CHECK_EQ_LL(count_rule(cJSON_GetObjectItem(r, "items"), "double-literal"), 1);

    n = snprintf(uri, cap, "file:///tmp/gpulint-lsp-test/");
    for (int i = 0; i < 25; i++) n += snprintf(uri + n, cap - (size_t)n, "%0200d/", i);
    snprintf(uri + n, cap - (size_t)n, "deep.cu");
    CHECK(strlen(uri) > 5000);
    open_doc(c, uri, src, strlen(src));
    p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", text_document(uri, -1));
    request(c, 61, "textDocument/diagnostic", p);
    r = cJSON_GetObjectItem(response(c, 61, 10), "result");
    CHECK(r && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(r, "kind")), "full") == 0);
    CHECK_EQ_LL(cJSON_GetArraySize(cJSON_GetObjectItem(r, "items")), 0);
    CHECK(wait_for(c, is_log_with, "(PATH_MAX)", 5) != NULL);
    free(uri);
}

/* Lines of the server's log that contain both needles. */
static int log_lines(const char *log, const char *a, const char *b)
{
    FILE *f = fopen(log, "r");
    if (!f) return 0;
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f)) n += strstr(line, a) && strstr(line, b);
    fclose(f);
    return n;
}

/* Waits until the log has `n` lines with both needles. */
static bool wait_log(Client *c, const char *log, const char *a, const char *b, int n, double timeout)
{
    double deadline = now() + timeout;
    while (log_lines(log, a, b) < n) {
        if (now() > deadline) return false;
        pump(c, now() + 0.05);
    }
    return log_lines(log, a, b) == n;
}

static void write_file(const char *dir, const char *name, const char *text, char *path, size_t npath)
{
    snprintf(path, npath, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Waits for publishes of uri until one has `count` diagnostics of rule. */
static bool published_count(Client *c, const char *uri, const char *rule, int count, double timeout)
{
    double deadline = now() + timeout;
    for (;;) {
        double left = deadline - now();
        const cJSON *d = left > 0 ? published(c, uri, 0, left) : NULL;
        if (!d) return false;
        if (count_rule(d, rule) == count) return true;
    }
}

/* Kept parses (the preamble) across edits, an unsaved header open in the
 * editor, findings shown on that header, didClose dropping the parse. */
static void test_kept_parses(const char *gpulint)
{
    char dir[] = "/tmp/gpulint-lsp-preamble-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(false);
        return;
    }
    char header[512], main_file[512], other[512], log[512];
    const char *header_text = "#define STRIDE 1\n__device__ float twice(float x) { return x * 2.0f; }\n";
    write_file(dir, "params.h", header_text, header, sizeof header);
    write_file(dir, "main.cu",
               "#include \"params.h\"\n"
               "__global__ void k(const float *in, float *out, int n) {\n"
               "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
               "    if (i < n) out[i] = twice(in[i * STRIDE]);\n"
               "}\n",
               main_file, sizeof main_file);
    write_file(dir, "other.cu", "__global__ void g(float *a) { a[threadIdx.x] += 1.0f; }\n", other, sizeof other);
    snprintf(log, sizeof log, "%s/lsp.log", dir);
    char *main_uri = lsp_path_to_uri(main_file), *header_uri = lsp_path_to_uri(header), *other_uri = lsp_path_to_uri(other);
    long size;
    FILE *f = fopen(main_file, "rb");
    char main_text[4096] = "";
    size = f ? (long)fread(main_text, 1, sizeof main_text - 1, f) : 0;
    if (f) fclose(f);
    main_text[size] = 0;

    Client c;
    start_logged(&c, gpulint, log);
    request(&c, 1, "initialize", initialize_params("{\"debounceMs\": 0}"));
    CHECK(response(&c, 1, 10) != NULL);
    notify(&c, "initialized", cJSON_CreateObject());
    DocumentSet set = {0};
    Document *d = documents_open(&set, main_uri, "cuda", 1, main_text, (size_t)size);
    open_doc(&c, main_uri, main_text, (size_t)size);
    const cJSON *diags = published(&c, main_uri, 1, 10);
    CHECK(diags != NULL);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 0);
    CHECK_EQ_LL(count_rule(diags, "uncoalesced-adjacent"), 0);

    /* add and remove a finding over several edits below the #include:
     * each reparses the kept TU, each result is right */
    LspPos end = lsp_line_end(d->text, d->len, 2, POS_UTF16);
    change(&c, d, end, end, " float t = in[0] * 0.5; out[0] = t;");
    CHECK_EQ_LL(count_rule(published(&c, main_uri, d->version, 10), "double-literal"), 1);
    LspPos lit = lsp_pos_of_offset(d->text, d->len, (size_t)(strstr(d->text, "0.5;") - d->text), POS_UTF16);
    change(&c, d, lit, (LspPos){lit.line, lit.character + 3}, "0.5f");
    CHECK_EQ_LL(count_rule(published(&c, main_uri, d->version, 10), "double-literal"), 0);
    change(&c, d, lit, (LspPos){lit.line, lit.character + 4}, "0.5");
    CHECK_EQ_LL(count_rule(published(&c, main_uri, d->version, 10), "double-literal"), 1);
    change(&c, d, end, (LspPos){end.line, end.character + 35}, "");
    diags = published(&c, main_uri, d->version, 10);
    CHECK_EQ_LL(count_rule(diags, "double-literal"), 0);
    CHECK(strstr(d->text, "0.5") == NULL);
    CHECK_EQ_LL(log_lines(log, "main.cu", "parsed afresh"), 1);
    CHECK_EQ_LL(log_lines(log, "main.cu", "kept parse reused"), 4);

    /* the header open in the editor, changed and not saved: the includer's
     * finding follows the editor's text */
    open_doc_as(&c, header_uri, "cpp", header_text);
    CHECK(published_count(&c, main_uri, "uncoalesced-adjacent", 0, 10));
    cJSON *ch = cJSON_Parse("{\"textDocument\":{\"version\":2},\"contentChanges\":[{\"range\":{\"start\":{\"line\":0,"
                            "\"character\":15},\"end\":{\"line\":0,\"character\":16}},\"text\":\"2\"}]}");
    cJSON_AddStringToObject(cJSON_GetObjectItem(ch, "textDocument"), "uri", header_uri);
    notify(&c, "textDocument/didChange", ch);
    CHECK(published_count(&c, main_uri, "uncoalesced-adjacent", 1, 10));
    /* a finding inside the header is shown on the header */
    ch = cJSON_Parse("{\"textDocument\":{\"version\":3},\"contentChanges\":[{\"range\":{\"start\":{\"line\":1,"
                     "\"character\":45},\"end\":{\"line\":1,\"character\":49}},\"text\":\"2.0\"}]}");
    cJSON_AddStringToObject(cJSON_GetObjectItem(ch, "textDocument"), "uri", header_uri);
    notify(&c, "textDocument/didChange", ch);
    CHECK(published_count(&c, header_uri, "double-literal", 1, 10));

    /* a changed compile database or config drops every kept parse */
    char main_version[64];
    snprintf(main_version, sizeof main_version, "main.cu version %d ", d->version);
    int afresh = log_lines(log, main_version, "parsed afresh");
    notify(&c, "workspace/didChangeWatchedFiles",
           cJSON_Parse("{\"changes\":[{\"uri\":\"file:///tmp/compile_commands.json\",\"type\":2}]}"));
    CHECK(wait_log(&c, log, main_version, "parsed afresh", afresh + 1, 10));

    /* didClose drops the kept parse: two kept, then one */
    open_doc(&c, other_uri, "__global__ void g(float *a) { a[threadIdx.x] += 1.0f; }\n", 0);
    CHECK(published(&c, other_uri, 1, 10) != NULL);
    CHECK_EQ_LL(log_lines(log, "other.cu version 1", "2 documents kept parsed"), 1);
    cJSON *cp = cJSON_CreateObject();
    cJSON_AddItemToObject(cp, "textDocument", text_document(main_uri, -1));
    notify(&c, "textDocument/didClose", cp);
    /* its findings leave the header */
    CHECK(published_count(&c, header_uri, "double-literal", 0, 10));
    ch = cJSON_Parse("{\"textDocument\":{\"version\":2},\"contentChanges\":[{\"text\":"
                     "\"__global__ void g(float *a) { a[threadIdx.x] += 2.0f; }\\n\"}]}");
    cJSON_AddStringToObject(cJSON_GetObjectItem(ch, "textDocument"), "uri", other_uri);
    notify(&c, "textDocument/didChange", ch);
    CHECK(published(&c, other_uri, 2, 10) != NULL);
    CHECK_EQ_LL(log_lines(log, "other.cu version 2", "1 document kept parsed"), 1);

    request(&c, 2, "shutdown", NULL);
    CHECK(response(&c, 2, 10) != NULL);
    notify(&c, "exit", NULL);
    CHECK_EQ_LL(finish(&c, 10), 0);
    documents_free(&set);
    free(main_uri);
    free(header_uri);
    free(other_uri);
    unlink(header);
    unlink(main_file);
    unlink(other);
    unlink(log);
    rmdir(dir);
}

static bool is_server_request(const cJSON *m, const void *arg)
{
    const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(m, "method"));
    return method && strcmp(method, arg) == 0 && cJSON_GetObjectItem(m, "id");
}

static bool is_progress(const cJSON *m, const void *arg)
{
    const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(m, "method"));
    const cJSON *v = cJSON_GetObjectItem(cJSON_GetObjectItem(m, "params"), "value");
    const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(v, "kind"));
    return method && strcmp(method, "$/progress") == 0 && kind && strcmp(kind, arg) == 0;
}

/* Answers a request of the server's with a null result. */
static void answer(Client *c, const cJSON *req)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddItemToObject(m, "id", cJSON_Duplicate(cJSON_GetObjectItem(req, "id"), true));
    cJSON_AddNullToObject(m, "result");
    send_msg(c, m);
}

static void replace_text(Client *c, const char *uri, int version, const char *text)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddItemToObject(p, "textDocument", text_document(uri, version));
    cJSON *ch = cJSON_CreateObject();
    cJSON_AddStringToObject(ch, "text", text);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(p, "contentChanges"), ch);
    notify(c, "textDocument/didChange", p);
}

static const cJSON *pull(Client *c, int id, const char *previous, double timeout)
{
    cJSON *p = cJSON_Parse("{\"textDocument\":{\"uri\":\"" URI "\"}}");
    if (previous) cJSON_AddStringToObject(p, "previousResultId", previous);
    request(c, id, "textDocument/diagnostic", p);
    return cJSON_GetObjectItem(response(c, id, timeout), "result");
}

/* A pull client with refresh and progress support: while an analysis runs
 * a pull is answered at once from the last result, a long analysis shows
 * progress, and a newer result makes the server ask for a pull again. */
static void test_scheduling(const char *gpulint)
{
    Client c;
    start(&c, gpulint);
    cJSON *p = initialize_params("{\"analysisTimeoutMs\": 5000}");
    cJSON *caps = cJSON_GetObjectItem(p, "capabilities");
    cJSON_AddItemToObject(caps, "textDocument", cJSON_Parse("{\"diagnostic\":{}}"));
    cJSON_AddItemToObject(caps, "workspace", cJSON_Parse("{\"diagnostics\":{\"refreshSupport\":true}}"));
    cJSON_AddItemToObject(caps, "window", cJSON_Parse("{\"workDoneProgress\":true}"));
    request(&c, 1, "initialize", p);
    CHECK(response(&c, 1, 5) != NULL);
    notify(&c, "initialized", cJSON_CreateObject());
    open_doc(&c, URI, kernel_src, strlen(kernel_src));
    const cJSON *first = pull(&c, 2, NULL, 30);
    CHECK(first && count_rule(cJSON_GetObjectItem(first, "items"), "double-literal") == 1);
    char rid[64];
    snprintf(rid, sizeof rid, "%s", first ? cJSON_GetStringValue(cJSON_GetObjectItem(first, "resultId")) : "");

    /* an analysis that hangs until it is stopped (5 s): the pull does not wait for it */
    size_t n = strlen(kernel_src);
    char *text = malloc(n + 64);
    snprintf(text, n + 64, "%s// HANG_THE_WORKER\n", kernel_src);
    replace_text(&c, URI, 2, text);
    double asked = now();
    const cJSON *stale = pull(&c, 3, rid, 4);
    CHECK(stale && now() - asked < 4);
    CHECK(stale && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(stale, "kind")), "unchanged") == 0);
    /* after a second it says so in the progress area, until it is stopped */
    const cJSON *create = wait_for(&c, is_server_request, "window/workDoneProgress/create", 10);
    CHECK(create != NULL);
    if (create) answer(&c, create);
    const cJSON *begin = wait_for(&c, is_progress, "begin", 10);
    const char *what = begin ? cJSON_GetStringValue(cJSON_GetObjectItem(
                                   cJSON_GetObjectItem(cJSON_GetObjectItem(begin, "params"), "value"), "message"))
                             : NULL;
    CHECK(what && strstr(what, "analysing") && strstr(what, "scale.cu"));
    CHECK(wait_for(&c, is_progress, "end", 15) != NULL);

    /* the fix: its result arrives, and the server asks for a pull */
    char *fixed = malloc(n + 2);
    const char *lit = strstr(kernel_src, "0.1");
    snprintf(fixed, n + 2, "%.*s0.1f%s", (int)(lit - kernel_src), kernel_src, lit + 3);
    replace_text(&c, URI, 3, fixed);
    const cJSON *refresh = wait_for(&c, is_server_request, "workspace/diagnostic/refresh", 30);
    CHECK(refresh != NULL);
    if (refresh) answer(&c, refresh);
    const cJSON *fresh = pull(&c, 4, rid, 5);
    CHECK(fresh && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(fresh, "kind")), "full") == 0);
    CHECK(fresh && count_rule(cJSON_GetObjectItem(fresh, "items"), "double-literal") == 0);
    free(text);
    free(fixed);
    request(&c, 5, "shutdown", NULL);
    CHECK(response(&c, 5, 5) != NULL);
    notify(&c, "exit", NULL);
    CHECK_EQ_LL(finish(&c, 10), 0);
}

static int protocol_test(const char *gpulint)
{
    Client c;
    /* The worker processes' temporary files (killed ones included, by the
     * crash and hang hooks) go in a directory the server removes. */
    char tmp[] = "/tmp/gpulint-lsp-tmpdir-XXXXXX";
    CHECK(mkdtemp(tmp) != NULL);
    setenv("TMPDIR", tmp, 1);
    /* the worker's test hooks: documents holding these crash or hang it */
    setenv("GPULINT_TEST_CRASH_ON", "CRASH_THE_WORKER", 1);
    setenv("GPULINT_TEST_HANG_ON", "HANG_THE_WORKER", 1);
    setenv("GPULINT_TEST_CRASH_ONCE_ON", "CRASH_ONCE_THE_WORKER", 1);
    start(&c, gpulint);
    test_bad_input(&c);
    test_framing_errors(&c);
    test_diagnostics_and_fixes(&c);
    test_opencl(&c);
    test_robustness(&c);
    test_long_paths(&c);
    request(&c, 30, "shutdown", NULL);
    const cJSON *r = response(&c, 30, 5);
    CHECK(r && cJSON_IsNull(cJSON_GetObjectItem(r, "result")));
    request(&c, 31, "textDocument/diagnostic", cJSON_Parse("{\"textDocument\":{\"uri\":\"" URI "\"}}"));
    CHECK_EQ_LL(error_code(response(&c, 31, 5)), -32600);
    notify(&c, "exit", NULL);
    CHECK_EQ_LL(finish(&c, 10), 0);

    /* exit without shutdown: 1; the input ending without exit: 1 */
    start(&c, gpulint);
    request(&c, 1, "initialize", initialize_params(NULL));
    CHECK(response(&c, 1, 5) != NULL);
    notify(&c, "exit", NULL);
    CHECK_EQ_LL(finish(&c, 10), 1);
    start(&c, gpulint);
    CHECK_EQ_LL(finish(&c, 10), 1);

    /* UTF-8 positions when the client offers them */
    start(&c, gpulint);
    cJSON *p = initialize_params("{\"diagnosticMode\": \"push\"}");
    cJSON_AddItemToObject(cJSON_GetObjectItem(p, "capabilities"), "general",
                          cJSON_Parse("{\"positionEncodings\":[\"utf-8\",\"utf-16\"]}"));
    request(&c, 1, "initialize", p);
    const cJSON *caps = cJSON_GetObjectItem(cJSON_GetObjectItem(response(&c, 1, 5), "result"), "capabilities");
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(caps, "positionEncoding")), "utf-8") == 0);
    CHECK(cJSON_GetObjectItem(caps, "diagnosticProvider") == NULL);
    open_doc(&c, URI, kernel_src, strlen(kernel_src));
    const cJSON *diags = published(&c, URI, 1, 5);
    const char *line3 = strstr(kernel_src, "    if (i < n)");
    const cJSON *start_pos = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(diags, 0), "range"), "start");
    CHECK(start_pos && pos_of(start_pos).character == (unsigned)(strstr(line3, "0.1") - line3));
    request(&c, 2, "shutdown", NULL);
    CHECK(response(&c, 2, 5) != NULL);
    notify(&c, "exit", NULL);
    CHECK_EQ_LL(finish(&c, 10), 0);

    test_kept_parses(gpulint);
    test_scheduling(gpulint);
    CHECK(rmdir(tmp) == 0); /* fails when anything was left in it */
    return check_summary();
}

/* ---------------------------------------------------------------- latency */

static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n ? v[n / 2] : 0;
}

static int latency(const char *gpulint, const char *file, char **args, int nargs)
{
    long size;
    FILE *f = fopen(file, "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = calloc(1, (size_t)size + 1);
    if (fread(text, 1, (size_t)size, f) != (size_t)size) return 2;
    fclose(f);
    char path[4096];
    if (!realpath(file, path)) return 2;
    char *uri = lsp_path_to_uri(path);
    Client c;
    start(&c, gpulint);
    cJSON *o = cJSON_CreateObject();
    cJSON *a = cJSON_AddArrayToObject(o, "extraArgs");
    for (int i = 0; i < nargs; i++) cJSON_AddItemToArray(a, cJSON_CreateString(args[i]));
    cJSON_AddNumberToObject(o, "debounceMs", 0);
    char *opts = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    request(&c, 1, "initialize", initialize_params(opts));
    free(opts);
    response(&c, 1, 10);
    DocumentSet set = {0};
    Document *d = documents_open(&set, uri, "cuda", 1, text, (size_t)size);
    double t0 = now();
    open_doc(&c, uri, text, (size_t)size);
    const cJSON *diags = published(&c, uri, 1, 60);
    double open_ms = (now() - t0) * 1e3;
    /* typing below the #includes (the preamble stays valid), then at the
     * top of the file (it is rebuilt) */
    double body[7], top[3];
    for (int i = 0; i < 7; i++) {
        LspPos end = lsp_text_end(d->text, d->len, POS_UTF16);
        t0 = now();
        change(&c, d, end, end, "\n");
        published(&c, uri, d->version, 60);
        body[i] = (now() - t0) * 1e3;
    }
    for (int i = 0; i < 3; i++) {
        t0 = now();
        change(&c, d, (LspPos){0, 0}, (LspPos){0, 0}, "\n");
        published(&c, uri, d->version, 60);
        top[i] = (now() - t0) * 1e3;
    }
    printf("%s: %d diagnostics; open %.0f ms; edit -> diagnostics median %.0f ms (below the #includes), %.0f ms "
           "(at the top of the file); no debounce\n",
           file, cJSON_GetArraySize(diags), open_ms, median(body, 7), median(top, 3));
    request(&c, 2, "shutdown", NULL);
    response(&c, 2, 10);
    notify(&c, "exit", NULL);
    finish(&c, 10);
    documents_free(&set);
    free(uri);
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 4 && strcmp(argv[1], "--latency") == 0) return latency(argv[2], argv[3], argv + 4, argc - 4);
    if (argc != 2) {
        fprintf(stderr, "usage: test_lsp_client GPULINT | --latency GPULINT FILE [CLANG-ARG...]\n");
        return 2;
    }
    return protocol_test(argv[1]);
}
