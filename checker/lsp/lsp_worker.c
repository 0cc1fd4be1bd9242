/* lsp_worker.c - see lsp_worker.h. */
#include "lsp/lsp_worker.h"
#include "lsp/lsp_diagnostics.h"
#include "report/filter.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_REQUEST_BYTES ((size_t)512 << 20)

/* ------------------------------------------------------ the child's side */

/* The engine, rebuilt when the rules or clang arguments change. */
typedef struct {
    EngineOptions base;
    Engine *engine;
    char *key;               /* the rules and arguments it was made with, as JSON */
    const char **strings;    /* owned copies the engine's options point into */
    int nstrings;
    const char **extra;
    const char **rules;
} WorkerEngine;

static void engine_release(WorkerEngine *we)
{
    engine_free(we->engine);
    we->engine = NULL;
    for (int i = 0; i < we->nstrings; i++) free((char *)we->strings[i]);
    free(we->strings);
    free(we->extra);
    free(we->rules);
    free(we->key);
    we->strings = we->extra = we->rules = NULL;
    we->nstrings = 0;
    we->key = NULL;
}

static const char *keep(WorkerEngine *we, const char *s)
{
    char *c = xstrdup(s);
    *VEC_PUSH(we->strings, we->nstrings) = c;
    return c;
}

/* A new generation (the server saw a configuration or compile database
 * change) makes a new engine: its config and project caches and its kept
 * parses are dropped. */
static Engine *engine_for(WorkerEngine *we, const cJSON *rules, const cJSON *args, const cJSON *generation, char *err,
                          size_t nerr)
{
    cJSON *k = cJSON_CreateArray();
    cJSON_AddItemToArray(k, cJSON_Duplicate(rules, true));
    cJSON_AddItemToArray(k, cJSON_Duplicate(args, true));
    cJSON_AddItemToArray(k, generation ? cJSON_Duplicate(generation, true) : cJSON_CreateNull());
    char *key = cJSON_PrintUnformatted(k);
    cJSON_Delete(k);
    if (we->engine && strcmp(key, we->key) == 0) {
        free(key);
        return we->engine;
    }
    engine_release(we);
    we->key = key;
    EngineOptions o = we->base;
    int nextra = 0, nrules = 0;
    for (int i = 0; i < o.frontend.nextra; i++) *VEC_PUSH(we->extra, nextra) = o.frontend.extra[i];
    const cJSON *a;
    cJSON_ArrayForEach(a, args) {
        if (cJSON_IsString(a)) *VEC_PUSH(we->extra, nextra) = keep(we, a->valuestring);
    }
    for (int i = 0; i < o.nrules; i++) *VEC_PUSH(we->rules, nrules) = o.rules[i];
    cJSON_ArrayForEach(a, rules) {
        if (cJSON_IsString(a) && rule_by_id(a->valuestring)) *VEC_PUSH(we->rules, nrules) = keep(we, a->valuestring);
    }
    o.frontend.extra = we->extra;
    o.frontend.nextra = nextra;
    o.rules = we->rules;
    o.nrules = nrules;
    we->base.log = o.log;
    char e[512];
    we->engine = engine_new(&o, e, sizeof e);
    if (!we->engine) snprintf(err, nerr, "cannot set up the parser: %s", e);
    return we->engine;
}

static const char *json_str(const cJSON *o, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

static void add_problems(cJSON *out, const Problem *p, int n, const char *level)
{
    for (int i = 0; i < n; i++) {
        /* sized for the file's name, which may be long; the message is cut */
        const char *file = p[i].file ? p[i].file : "";
        size_t size = strlen(file) + strlen(level) + 1100;
        char *line = xmalloc(size);
        if (p[i].line)
            snprintf(line, size, "%s:%u:%u: %s: %.1000s", file, p[i].line, p[i].col, level, p[i].message);
        else
            snprintf(line, size, "%s%s%s: %.1000s", file, p[i].file ? ": " : "", level, p[i].message);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "level", level);
        cJSON_AddStringToObject(o, "text", line);
        cJSON_AddItemToArray(out, o);
        free(line);
    }
}

/* Test hooks: a document containing the marker crashes or hangs the
 * analysis, so tests can prove the server survives both. */
static void test_hooks(const char *text)
{
    const char *crash = getenv("GPULINT_LSP_TEST_CRASH");
    const char *hang = getenv("GPULINT_LSP_TEST_HANG");
    if (crash && *crash && strstr(text, crash)) {
        fprintf(stderr, "gpulint lsp worker: GPULINT_LSP_TEST_CRASH: crashing on purpose (a test)\n");
        raise(SIGSEGV);
    }
    if (hang && *hang && strstr(text, hang))
        for (;;) pause();
}

/* Another document open in the editor, as the request sent it. */
typedef struct {
    const char *uri, *path;
    char *canonical;
    char *text;
    size_t len;
    const cJSON *version;
} OpenDoc;

static char *canonical_path(const char *p)
{
    char *real = realpath(p, NULL);
    return real ? real : xstrdup(p);
}

static bool same_file(const char *file, const void *canonical)
{
    char *c = canonical_path(file);
    bool same = strcmp(c, canonical) == 0;
    free(c);
    return same;
}

/* Findings in the open documents other than the analysed one (an included
 * header open in the editor): {"uri", "version", "diagnostics"} each. */
static void add_header_diagnostics(cJSON *out, const FileResult *r, const char *path, const OpenDoc *open, int nopen,
                                   const DiagnosticSetup *setup)
{
    cJSON *headers = cJSON_AddArrayToObject(out, "headers");
    for (int i = 0; i < nopen; i++) {
        if (strcmp(open[i].path, path) == 0) continue;
        int other;
        cJSON *d = lsp_diagnostics_in(r, open[i].path, same_file, open[i].canonical, open[i].text, open[i].len, setup,
                                      &other);
        if (cJSON_GetArraySize(d) == 0) {
            cJSON_Delete(d);
            continue;
        }
        cJSON *h = cJSON_CreateObject();
        cJSON_AddStringToObject(h, "uri", open[i].uri);
        cJSON_AddItemToObject(h, "version", cJSON_Duplicate(open[i].version, true));
        cJSON_AddItemToObject(h, "diagnostics", d);
        cJSON_AddItemToArray(headers, h);
    }
}

static cJSON *analyse(WorkerEngine *we, const cJSON *h, const char *text, size_t len, const OpenDoc *open, int nopen)
{
    const char *path = json_str(h, "path", "untitled.cu");
    DiagnosticSetup setup = {strcmp(json_str(h, "encoding", "utf-16"), "utf-8") == 0 ? POS_UTF8 : POS_UTF16,
                             json_str(h, "docs_base", NULL)};
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "uri", json_str(h, "uri", ""));
    cJSON_AddItemToObject(out, "version", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(h, "version"), true));
    test_hooks(text);
    char err[600];
    Engine *e = engine_for(we, cJSON_GetObjectItemCaseSensitive(h, "rules"), cJSON_GetObjectItemCaseSensitive(h, "args"),
                           cJSON_GetObjectItemCaseSensitive(h, "generation"), err, sizeof err);
    if (!e) {
        cJSON_AddBoolToObject(out, "ok", false);
        cJSON_AddStringToObject(out, "fatal", err);
        cJSON_AddArrayToObject(out, "diagnostics");
        return out;
    }
    FrontendBuffer *buffers = nopen ? xcalloc((size_t)nopen, sizeof *buffers) : NULL;
    for (int i = 0; i < nopen; i++) buffers[i] = (FrontendBuffer){open[i].path, open[i].text, open[i].len};
    FileResult r;
    DocumentInfo info;
    bool ok = engine_lint_document(e, path, text, len, buffers, nopen, &r, &info);
    free(buffers);
    /* What the command line would report of this buffer: fingerprints,
     * NOLINT suppressions, .gpulint.yaml selection and severity overrides.
     * A fresh filter per analysis, so edited headers and config files are
     * read again; no --min-severity: info findings become hints. */
    FilterOptions fo;
    memset(&fo, 0, sizeof fo);
    Filter *filter = filter_new(&fo, &r.problems);
    if (filter) {
        engine_filter_result(filter, &r, text, len);
        filter_free(filter);
    }
    int elsewhere = 0;
    cJSON_AddBoolToObject(out, "ok", ok);
    if (!ok && r.problems.nerrors) cJSON_AddStringToObject(out, "fatal", r.problems.errors[0].message);
    cJSON_AddItemToObject(out, "diagnostics", lsp_diagnostics_from_result(&r, path, text, len, &setup, &elsewhere));
    cJSON_AddNumberToObject(out, "elsewhere", elsewhere);
    add_header_diagnostics(out, &r, path, open, nopen, &setup);
    cJSON_AddBoolToObject(out, "reused", info.reused);
    cJSON_AddNumberToObject(out, "kept", info.kept);
    cJSON *included = cJSON_AddArrayToObject(out, "included");
    for (int i = 0; i < info.nincluded; i++) {
        char *c = canonical_path(info.included[i]);
        cJSON_AddItemToArray(included, cJSON_CreateString(c));
        free(c);
    }
    cJSON *problems = cJSON_AddArrayToObject(out, "problems");
    add_problems(problems, r.problems.errors, r.problems.nerrors, "error");
    add_problems(problems, r.problems.notes, r.problems.nnotes, "note");
    cJSON_AddNumberToObject(out, "seconds", r.seconds);
    document_info_free(&info);
    file_result_free(&r);
    return out;
}

/* One request: a close (no text, no answer) or an analysis (the text, then
 * one frame per other open document).  False when the input ended. */
static bool serve_one(WorkerEngine *we, RpcReader *in, int out_fd)
{
    char *head = NULL, *text = NULL, err[200];
    size_t hl, tl;
    if (rpc_read(in, MAX_REQUEST_BYTES, &head, &hl, err, sizeof err) != RPC_MESSAGE) return false;
    cJSON *h = cJSON_Parse(head);
    free(head);
    const char *closed = json_str(h, "close", NULL);
    if (closed) {
        if (we->engine) engine_close_document(we->engine, closed);
        cJSON_Delete(h);
        return true;
    }
    bool ok = rpc_read(in, MAX_REQUEST_BYTES, &text, &tl, err, sizeof err) == RPC_MESSAGE;
    OpenDoc *open = NULL;
    int nopen = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(h, "open")) {
        if (!ok) break;
        OpenDoc *d = VEC_PUSH(open, nopen);
        memset(d, 0, sizeof *d);
        d->uri = json_str(o, "uri", "");
        d->path = json_str(o, "path", "");
        d->canonical = canonical_path(d->path);
        d->version = cJSON_GetObjectItemCaseSensitive(o, "version");
        ok = rpc_read(in, MAX_REQUEST_BYTES, &d->text, &d->len, err, sizeof err) == RPC_MESSAGE;
    }
    bool written = false;
    if (ok) {
        cJSON *out = h ? analyse(we, h, text, tl, open, nopen) : NULL;
        char *body = out ? cJSON_PrintUnformatted(out) : xstrdup("{\"ok\":false,\"fatal\":\"bad request\"}");
        written = rpc_write(out_fd, body, strlen(body));
        free(body);
        cJSON_Delete(out);
    }
    for (int i = 0; i < nopen; i++) {
        free(open[i].canonical);
        free(open[i].text);
    }
    free(open);
    cJSON_Delete(h);
    free(text);
    return ok && written;
}

static void worker_main(int in_fd, int out_fd, const EngineOptions *base)
{
    WorkerEngine we;
    memset(&we, 0, sizeof we);
    we.base = *base;
    RpcReader in;
    rpc_reader_init(&in, in_fd);
    while (serve_one(&we, &in, out_fd)) {
    }
    rpc_reader_free(&in);
    engine_release(&we);
}

/* ----------------------------------------------------- the server's side */

bool worker_start(Worker *w, const EngineOptions *base, char *err, size_t nerr)
{
    int req[2], resp[2];
    if (pipe(req) != 0) {
        snprintf(err, nerr, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe(resp) != 0) {
        snprintf(err, nerr, "pipe: %s", strerror(errno));
        close(req[0]);
        close(req[1]);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, nerr, "fork: %s", strerror(errno));
        close(req[0]);
        close(req[1]);
        close(resp[0]);
        close(resp[1]);
        return false;
    }
    if (pid == 0) {
        /* The protocol's stdin and stdout belong to the server. */
        close(req[1]);
        close(resp[0]);
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            dup2(devnull, STDOUT_FILENO);
            close(devnull);
        }
        signal(SIGPIPE, SIG_IGN);
        worker_main(req[0], resp[1], base);
        close(req[0]);
        close(resp[1]);
        exit(0);
    }
    close(req[0]);
    close(resp[1]);
    fcntl(req[1], F_SETFD, FD_CLOEXEC);
    fcntl(resp[0], F_SETFD, FD_CLOEXEC);
    memset(w, 0, sizeof *w);
    w->pid = pid;
    w->to_fd = req[1];
    rpc_reader_init(&w->from, resp[0]);
    return true;
}

bool worker_send(Worker *w, const cJSON *header, const char *text, size_t len, const char *const *others,
                 const size_t *other_lens, int nothers)
{
    char *h = cJSON_PrintUnformatted(header);
    bool ok = rpc_write(w->to_fd, h, strlen(h)) && rpc_write(w->to_fd, text, len);
    for (int i = 0; ok && i < nothers; i++) ok = rpc_write(w->to_fd, others[i], other_lens[i]);
    free(h);
    if (ok) {
        w->busy = true;
        w->started = monotonic_seconds();
        free(w->uri);
        w->uri = xstrdup(json_str(header, "uri", ""));
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(header, "version");
        w->version = cJSON_IsNumber(v) ? v->valueint : 0;
    }
    return ok;
}

bool worker_close_document(Worker *w, const char *path)
{
    cJSON *h = cJSON_CreateObject();
    cJSON_AddStringToObject(h, "close", path);
    char *body = cJSON_PrintUnformatted(h);
    cJSON_Delete(h);
    bool ok = rpc_write(w->to_fd, body, strlen(body));
    free(body);
    return ok;
}

static void describe_status(int status, char *how, size_t nhow)
{
    if (WIFSIGNALED(status)) snprintf(how, nhow, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status)) snprintf(how, nhow, "exited with status %d", WEXITSTATUS(status));
    else snprintf(how, nhow, "ended");
}

void worker_stop(Worker *w, bool kill_it, char *how, size_t nhow)
{
    if (how && nhow) how[0] = 0;
    if (!w->pid) return;
    if (kill_it) kill(w->pid, SIGKILL);
    close(w->to_fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (how) describe_status(status, how, nhow);
    close(w->from.fd);
    rpc_reader_free(&w->from);
    free(w->uri);
    memset(w, 0, sizeof *w);
}

cJSON *worker_receive(Worker *w, char *how, size_t nhow)
{
    char *body, err[200];
    size_t len;
    RpcStatus st = rpc_read(&w->from, MAX_REQUEST_BYTES, &body, &len, err, sizeof err);
    if (st != RPC_MESSAGE) {
        worker_stop(w, st != RPC_EOF, how, nhow);
        return NULL;
    }
    w->busy = false;
    cJSON *j = cJSON_Parse(body);
    free(body);
    if (!j) {
        worker_stop(w, true, how, nhow);
        snprintf(how, nhow, "sent an unreadable answer");
    }
    return j;
}
