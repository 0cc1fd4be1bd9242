/* lsp_analysis.c - when documents are analysed and what happens to the
 * results: a debounce after each edit, one analysis at a time in the
 * worker process, results for an outdated version dropped (a newer edit
 * supersedes them; one that keeps the worker busy too long is killed),
 * crashes and hangs logged, and the results pushed (publishDiagnostics) or
 * handed to waiting pull requests (textDocument/diagnostic). */
#include "lsp/lsp_diagnostics.h"
#include "lsp/lsp_server.h"
#include "report/filter.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/clock.h"
#include "util/fnv1a.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A superseded analysis is allowed to finish when it is about to; after
 * this long it is cheaper to kill the worker and start afresh.  Killing it
 * also drops every document's kept parse (the next analyses parse in
 * full), so the wait is longer than a first parse usually takes. */
#define SUPERSEDE_KILL_SECONDS 5.0

void analysis_schedule(Server *s, Document *d, double delay)
{
    if (!d->lintable) { /* never analysed: a pull request (one kept across a re-open) is answered now */
        analysis_answer_waiting(s, d);
        return;
    }
    d->pending = true;
    d->due = monotonic_seconds() + delay;
}

#define DEBOUNCE_MIN_SECONDS 0.02

double analysis_debounce(const Server *s, const Document *d)
{
    if (s->debounce_fixed || d->last_seconds <= 0) return s->debounce;
    /* a fast analysis waits little, so that findings follow the typing; a
     * slow one waits for a pause, so that it is not superseded at once */
    double t = d->last_seconds / 2;
    return t < DEBOUNCE_MIN_SECONDS ? DEBOUNCE_MIN_SECONDS : t > s->debounce ? s->debounce : t;
}

void analysis_relint_all(Server *s)
{
    s->generation++; /* the worker's engine and kept parses are made afresh */
    for (int i = 0; i < s->docs.n; i++) {
        Document *d = s->docs.items[i];
        d->failed_version = -1;
        analysis_schedule(s, d, 0);
    }
    if (!s->push && s->client_refresh) s->refresh_pending = true;
}

static cJSON *report(Document *d, const char *previous_result_id)
{
    char rid[64];
    snprintf(rid, sizeof rid, "%d.%d", d->result_version, d->result_generation);
    cJSON *r = cJSON_CreateObject();
    if (previous_result_id && strcmp(previous_result_id, rid) == 0) {
        cJSON_AddStringToObject(r, "kind", "unchanged");
    } else {
        cJSON_AddStringToObject(r, "kind", "full");
        cJSON_AddItemToObject(r, "items", analysis_diagnostics_of(d, false));
    }
    cJSON_AddStringToObject(r, "resultId", rid);
    return r;
}

static bool up_to_date(const Document *d)
{
    return !d->lintable || (d->result_version == d->version && !d->pending) || d->failed_version == d->version;
}

void analysis_pull(Server *s, Document *d, const cJSON *id, const char *previous_result_id)
{
    if (up_to_date(d)) {
        lsp_respond(s, id, report(d, previous_result_id));
        return;
    }
    if (d->result_version >= 0 && s->client_refresh) {
        /* the last complete result now, the newer one when it is done
         * (the client pulls again on workspace/diagnostic/refresh) */
        lsp_respond(s, id, report(d, previous_result_id));
        s->refresh_pending = true;
        return;
    }
    *VEC_PUSH(d->waiting, d->nwaiting) = cJSON_Duplicate(id, true);
}

void analysis_answer_waiting(Server *s, Document *d)
{
    for (int i = 0; i < d->nwaiting; i++) {
        lsp_respond(s, d->waiting[i], report(d, NULL));
        cJSON_Delete(d->waiting[i]);
    }
    d->nwaiting = 0;
}

bool analysis_cancel(Server *s, const cJSON *id)
{
    for (int i = 0; i < s->docs.n; i++) {
        Document *d = s->docs.items[i];
        for (int j = 0; j < d->nwaiting; j++) {
            if (!cJSON_Compare(d->waiting[j], id, true)) continue;
            lsp_respond_error(s, id, RPC_REQUEST_CANCELLED, "cancelled");
            cJSON_Delete(d->waiting[j]);
            memmove(&d->waiting[j], &d->waiting[j + 1], (size_t)(d->nwaiting - j - 1) * sizeof *d->waiting);
            d->nwaiting--;
            return true;
        }
    }
    return false;
}

static void publish(Server *s, Document *d)
{
    if (!s->push) return;
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "uri", d->uri);
    cJSON_AddNumberToObject(p, "version", d->version);
    cJSON_AddItemToObject(p, "diagnostics", analysis_diagnostics_of(d, false));
    lsp_notify(s, "textDocument/publishDiagnostics", p);
}

cJSON *analysis_diagnostics_of(const Document *d, bool current_only)
{
    cJSON *out = cJSON_CreateArray();
    if (d->diagnostics && (!current_only || d->result_version == d->version)) lsp_diagnostics_add_unique(out, d->diagnostics);
    const cJSON *c;
    cJSON_ArrayForEach(c, d->contributed) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(c, "version");
        if (current_only && !(cJSON_IsNumber(v) && v->valueint == d->version)) continue;
        lsp_diagnostics_add_unique(out, cJSON_GetObjectItemCaseSensitive(c, "diagnostics"));
    }
    return out;
}

/* The findings the analysis of `from` placed in other open documents
 * (`headers` of the worker's answer): each document shows them, and drops
 * what `from` placed there before. */
static void update_contributions(Server *s, const Document *from, const cJSON *headers)
{
    for (int i = 0; i < s->docs.n; i++) {
        Document *h = s->docs.items[i];
        if (h == from) continue;
        const cJSON *mine = NULL, *x;
        cJSON_ArrayForEach(x, headers) {
            const char *uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "uri"));
            if (uri && strcmp(uri, h->uri) == 0) mine = x;
        }
        const cJSON *before = cJSON_GetObjectItemCaseSensitive(h->contributed, from->uri);
        if (!mine && !before) continue;
        if (mine && before && cJSON_Compare(mine, before, true)) continue;
        if (!h->contributed) h->contributed = cJSON_CreateObject();
        cJSON_DeleteItemFromObjectCaseSensitive(h->contributed, from->uri);
        if (mine) {
            cJSON *entry = cJSON_CreateObject();
            cJSON_AddItemToObject(entry, "version",
                                  cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(mine, "version"), true));
            cJSON_AddItemToObject(entry, "diagnostics",
                                  cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(mine, "diagnostics"), true));
            cJSON_AddItemToObject(entry, "uri", cJSON_CreateString(h->uri));
            cJSON_AddItemToObject(h->contributed, from->uri, entry);
        }
        h->result_generation++;
        publish(s, h);
        if (!s->push && s->client_refresh) s->refresh_pending = true; /* pull clients ask again */
    }
}

static bool includes(const Document *d, const char *canonical)
{
    for (int i = 0; i < d->nincluded; i++)
        if (strcmp(d->included[i], canonical) == 0) return true;
    return false;
}

void analysis_includers_changed(Server *s, const Document *d)
{
    for (int i = 0; i < s->docs.n; i++) {
        Document *other = s->docs.items[i];
        if (other != d && includes(other, d->canonical)) analysis_schedule(s, other, analysis_debounce(s, other));
    }
}

/* Replaces the document's result (taking `diagnostics`) and tells the client. */
static void set_result(Server *s, Document *d, cJSON *diagnostics)
{
    cJSON_Delete(d->diagnostics);
    d->diagnostics = diagnostics;
    d->result_version = d->version;
    d->result_generation++;
    publish(s, d);
    analysis_answer_waiting(s, d);
}

void analysis_closed(Server *s, Document *d)
{
    cJSON_Delete(d->diagnostics);
    d->diagnostics = NULL;
    cJSON_Delete(d->contributed);
    d->contributed = NULL;
    d->pending = false;
    publish(s, d); /* an empty set clears the editor's list */
    analysis_answer_waiting(s, d);
    update_contributions(s, d, NULL);
    analysis_includers_changed(s, d); /* they read it from disk now */
    *VEC_PUSH(s->closed, s->nclosed) = xstrdup(d->path);
}

static void running_clear(Running *run)
{
    free(run->uri);
    for (int i = 0; i < run->nopen; i++) {
        SentDocument *o = &run->open[i];
        free(o->uri);
        free(o->path);
        free(o->canonical);
        free(o->text);
    }
    free(run->open);
    memset(run, 0, sizeof *run);
}

void analysis_free(Server *s)
{
    running_clear(&s->running);
    document_worker_free(&s->worker);
    free(s->worker_key);
    s->worker_key = NULL;
    for (int i = 0; i < s->nclosed; i++) free(s->closed[i]);
    free(s->closed);
    s->closed = NULL;
    s->nclosed = 0;
}

/* The worker drops the parses of closed documents (only when idle: it
 * reads requests one at a time). */
static void flush_closed(Server *s)
{
    for (int i = 0; i < s->nclosed; i++) {
        if (!document_worker_close_document(&s->worker, s->closed[i]))
            lsp_log(s, LOG_ERROR, "the analysis worker is gone; it restarts for the next analysis");
        free(s->closed[i]);
    }
    s->nclosed = 0;
}

/* The length of the absolute path the engine makes of d's path.  The
 * engine looks up settings, compile databases and includes through
 * PATH_MAX buffers, so a longer one cannot be analysed faithfully. */
static size_t absolute_path_length(const Document *d)
{
    size_t n = strlen(d->path);
    char cwd[PATH_MAX];
    if (d->path[0] != '/' && getcwd(cwd, sizeof cwd)) n += strlen(cwd) + 1;
    return n;
}

/* A URI for a message: a long one shortened in the middle. */
static void short_uri(char *out, size_t nout, const char *uri)
{
    size_t n = strlen(uri);
    if (n < 160) snprintf(out, nout, "%s", uri);
    else snprintf(out, nout, "%.100s...%s", uri, uri + n - 50);
}

static bool analysable(const Server *s, const Document *d)
{
    return d->len <= s->max_document && absolute_path_length(d) < PATH_MAX;
}

static char *canonical_path(const char *p)
{
    char *real = realpath(p, NULL);
    return real ? real : xstrdup(p);
}

/* The worker for the current settings: the rules and clang arguments are
 * its engine's options, fixed when it starts, and a new generation (a
 * configuration or compile database change) drops every kept parse, so a
 * change of any of them stops the idle worker and starts another. */
static bool worker_for_settings(Server *s, char *err, size_t nerr)
{
    cJSON *k = cJSON_CreateArray();
    cJSON_AddItemToArray(k, cJSON_Duplicate(s->rules, true));
    cJSON_AddItemToArray(k, cJSON_Duplicate(s->args, true));
    cJSON_AddItemToArray(k, cJSON_CreateNumber(s->generation));
    char *key = cJSON_PrintUnformatted(k);
    cJSON_Delete(k);
    if (s->worker.pid && s->worker_key && strcmp(key, s->worker_key) == 0) {
        free(key);
        return true;
    }
    document_worker_stop(&s->worker, false, NULL, 0);
    free(s->worker_key);
    s->worker_key = key;
    EngineOptions o = s->base;
    const char **extra = NULL, **rules = NULL;
    int nextra = 0, nrules = 0;
    for (int i = 0; i < o.frontend.nextra; i++) *VEC_PUSH(extra, nextra) = o.frontend.extra[i];
    const cJSON *a;
    cJSON_ArrayForEach(a, s->args) {
        if (cJSON_IsString(a)) *VEC_PUSH(extra, nextra) = a->valuestring;
    }
    for (int i = 0; i < o.nrules; i++) *VEC_PUSH(rules, nrules) = o.rules[i];
    cJSON_ArrayForEach(a, s->rules) {
        if (cJSON_IsString(a) && rule_by_id(a->valuestring)) *VEC_PUSH(rules, nrules) = a->valuestring;
    }
    o.frontend.extra = extra;
    o.frontend.nextra = nextra;
    o.rules = rules;
    o.nrules = nrules;
    bool ok = document_worker_start(&s->worker, &o, err, nerr); /* the worker copies them as it forks */
    free(extra);
    free(rules);
    return ok;
}

static void start(Server *s, Document *d)
{
    d->pending = false;
    char name[200];
    short_uri(name, sizeof name, d->uri);
    if (d->len > s->max_document) {
        lsp_log(s, LOG_WARNING, "%s: not analysed: %zu bytes (the limit is %zu; setting maxDocumentBytes)", name,
                d->len, s->max_document);
        set_result(s, d, cJSON_CreateArray());
        return;
    }
    size_t path_length = absolute_path_length(d);
    if (path_length >= PATH_MAX) {
        lsp_log(s, LOG_WARNING, "%s: not analysed: its path is %zu bytes long, over the system's limit of %d "
                "(PATH_MAX)", name, path_length, PATH_MAX - 1);
        set_result(s, d, cJSON_CreateArray());
        return;
    }
    char err[400];
    if (!worker_for_settings(s, err, sizeof err)) {
        lsp_log(s, LOG_ERROR, "cannot start the analysis worker: %s", err);
        d->failed_version = d->version;
        analysis_answer_waiting(s, d);
        return;
    }
    /* the other open documents: an included one is read from the editor */
    Running *run = &s->running;
    running_clear(run);
    FrontendBuffer *open = NULL;
    int nopen = 0;
    for (int i = 0; i < s->docs.n; i++) {
        const Document *o = s->docs.items[i];
        if (o == d || !analysable(s, o) || strcmp(o->path, d->path) == 0) continue;
        SentDocument *sd = VEC_PUSH(run->open, run->nopen);
        char *text = xmalloc(o->len + 1);
        memcpy(text, o->text, o->len);
        text[o->len] = 0;
        *sd = (SentDocument){xstrdup(o->uri), xstrdup(o->path), xstrdup(o->canonical), text, o->len, o->version};
        *VEC_PUSH(open, nopen) = (FrontendBuffer){sd->path, sd->text, sd->len};
    }
    bool sent = document_worker_send(&s->worker, d->path, d->text, d->len, open, nopen, d->no_preamble, err, sizeof err);
    free(open);
    if (!sent) {
        running_clear(run);
        lsp_log(s, LOG_ERROR, "the analysis worker is gone (%s); it restarts for the next analysis", err);
        analysis_schedule(s, d, 0.2);
        return;
    }
    run->uri = xstrdup(d->uri);
    run->version = d->version;
    run->started = monotonic_seconds();
    if (s->log) fprintf(s->log, "analysis: %s version %d started (%zu bytes)\n", d->uri, d->version, d->len);
}

/* The document that is due first, or NULL. */
static Document *next_due(const Server *s, double *due)
{
    Document *best = NULL;
    for (int i = 0; i < s->docs.n; i++) {
        Document *d = s->docs.items[i];
        if (!d->pending || d->failed_version == d->version) continue;
        if (!best || d->due < best->due) best = d;
    }
    if (best) *due = best->due;
    return best;
}

double analysis_next_wakeup(const Server *s)
{
    if (s->worker.busy) return 0.05; /* watch for newer edits and time-outs */
    double due;
    if (!next_due(s, &due)) return -1;
    double t = due - monotonic_seconds();
    return t > 0 ? t : 0;
}

/* Whether the running analysis is still wanted. */
static bool running_wanted(Server *s)
{
    Document *d = documents_find(&s->docs, s->running.uri);
    return d && d->version == s->running.version;
}

void analysis_tick(Server *s)
{
    if (s->worker.busy) {
        const Running *run = &s->running;
        double elapsed = monotonic_seconds() - run->started;
        if (!running_wanted(s) && elapsed > SUPERSEDE_KILL_SECONDS) {
            lsp_log(s, LOG_DEBUG, "stopped a superseded analysis of %s after %.1f s", run->uri, elapsed);
            document_worker_stop(&s->worker, true, NULL, 0);
        } else if (elapsed > s->timeout) {
            Document *d = documents_find(&s->docs, run->uri);
            lsp_log(s, LOG_ERROR, "the analysis of %s (version %d) took over %.0f s and was stopped; it runs again after the next edit",
                    run->uri, run->version, s->timeout);
            if (d && d->version == run->version) {
                d->failed_version = d->version;
                analysis_answer_waiting(s, d);
            }
            document_worker_stop(&s->worker, true, NULL, 0);
        }
        if (s->worker.busy) {
            char name[200];
            short_uri(name, sizeof name, run->uri);
            progress_tick(s, name, elapsed);
            return;
        }
    }
    progress_end(s);
    if (s->nclosed) flush_closed(s);
    double due;
    Document *d = next_due(s, &due);
    if (d && due <= monotonic_seconds()) start(s, d);
}

/* The errors and notes of the analysis, one line each, to the log. */
static void log_problems(Server *s, const Problem *p, int n, const char *level)
{
    for (int i = 0; i < n; i++) {
        const char *file = p[i].file ? p[i].file : "";
        if (p[i].line)
            lsp_log(s, LOG_DEBUG, "%s:%u:%u: %s: %.1000s", file, p[i].line, p[i].col, level, p[i].message);
        else
            lsp_log(s, LOG_DEBUG, "%s%s%s: %.1000s", file, p[i].file ? ": " : "", level, p[i].message);
    }
}

static bool same_file(const char *file, const void *canonical)
{
    char *c = canonical_path(file);
    bool same = strcmp(c, canonical) == 0;
    free(c);
    return same;
}

/* Findings in the open documents other than the analysed one (an included
 * header open in the editor), placed against the texts the analysis read:
 * [{"uri", "version", "diagnostics"}]. */
static cJSON *header_diagnostics(const FileResult *r, const Running *run, const char *path,
                                 const DiagnosticSetup *setup)
{
    cJSON *headers = cJSON_CreateArray();
    for (int i = 0; i < run->nopen; i++) {
        const SentDocument *o = &run->open[i];
        if (strcmp(o->path, path) == 0) continue;
        int other;
        cJSON *d = lsp_diagnostics_in(r, o->path, same_file, o->canonical, o->text, o->len, setup, &other);
        if (cJSON_GetArraySize(d) == 0) {
            cJSON_Delete(d);
            continue;
        }
        cJSON *h = cJSON_CreateObject();
        cJSON_AddStringToObject(h, "uri", o->uri);
        cJSON_AddNumberToObject(h, "version", o->version);
        cJSON_AddItemToObject(h, "diagnostics", d);
        cJSON_AddItemToArray(headers, h);
    }
    return headers;
}

/* What the command line would report of this buffer: fingerprints, NOLINT
 * suppressions, .gpulint.yaml selection and severity overrides.  A fresh
 * filter per analysis, so edited headers and config files are read again;
 * no --min-severity: info findings become hints. */
static void filter_as_cli(FileResult *r, const Document *d)
{
    FilterOptions fo;
    memset(&fo, 0, sizeof fo);
    Filter *filter = filter_new(&fo, &r->problems);
    if (!filter) return;
    engine_filter_result(filter, r, d->text, d->len);
    filter_free(filter);
}

/* The current version's answer: the document's diagnostics, those it gives
 * the other open documents, and what it includes. */
static void take_answer(Server *s, Document *d, DocumentAnswer *a)
{
    FileResult *r = &a->result;
    filter_as_cli(r, d);
    log_problems(s, r->problems.errors, r->problems.nerrors, "error");
    log_problems(s, r->problems.notes, r->problems.nnotes, "note");
    if (!a->ok && r->problems.nerrors)
        lsp_log(s, LOG_WARNING, "%s: not analysed: %s", d->uri, r->problems.errors[0].message);
    /* the command line's reason not to parse it (no GPU code of its own):
     * said once, until an edit makes it worth a parse */
    bool not_parsed = r->context && strstr(r->context, ENGINE_NOT_PARSED);
    if (not_parsed && !d->said_not_parsed) lsp_log(s, LOG_INFO, "%s: %s", d->uri, r->context);
    d->said_not_parsed = not_parsed;
    DiagnosticSetup setup = {s->enc, s->docs_base};
    int elsewhere = 0;
    cJSON *diags = lsp_diagnostics_from_result(r, d->path, d->text, d->len, &setup, &elsewhere);
    if (elsewhere > 0)
        lsp_log(s, LOG_DEBUG, "%s: %d finding(s) in included files are shown when those files are open", d->uri,
                elsewhere);
    unsigned long long key = FNV1A64_SEED;
    for (int i = 0; i < a->info.nincluded; i++)
        key = fnv1a64(key, a->info.included[i], strlen(a->info.included[i]) + 1);
    if (key != d->included_key || d->nincluded != a->info.nincluded) {
        for (int i = 0; i < d->nincluded; i++) free(d->included[i]);
        d->nincluded = 0;
        for (int i = 0; i < a->info.nincluded; i++)
            *VEC_PUSH(d->included, d->nincluded) = canonical_path(a->info.included[i]);
        d->included_key = key;
    }
    set_result(s, d, diags);
    cJSON *headers = header_diagnostics(r, &s->running, d->path, &setup);
    update_contributions(s, d, headers);
    cJSON_Delete(headers);
}

/* The log's words for DocumentInfo.host_slice. */
static const char *const slice_words[] = {"", "host statements that feed no launch left out; ",
                                          "a slice of the host code checked and kept; ",
                                          "a slice of the host code checked and refused; "};

void analysis_receive(Server *s)
{
    char how[400];
    DocumentAnswer a;
    DocumentStatus st = document_worker_receive(&s->worker, &a, how, sizeof how);
    if (st == DOCUMENT_PENDING) return;
    const Running *run = &s->running;
    Document *d = documents_find(&s->docs, run->uri);
    bool current = d && d->version == run->version;
    if (st == DOCUMENT_LOST && current && !d->no_preamble) {
        /* libclang can crash building some files' precompiled preamble: the
         * same version again at once, parsed whole (slower edits, but
         * diagnostics) */
        lsp_log(s, LOG_WARNING, "the analysis of %s (version %d) failed: the worker process ended (%s); analysed again "
                "without a precompiled preamble (each edit then parses the whole file)", run->uri, run->version, how);
        d->no_preamble = true;
        running_clear(&s->running);
        progress_end(s);
        analysis_schedule(s, d, 0);
        return;
    }
    if (st == DOCUMENT_LOST) {
        lsp_log(s, LOG_ERROR, "the analysis of %s (version %d) failed: the worker process ended (%s); the server goes "
                "on, and the document is analysed again after its next edit", run->uri, run->version, how);
        if (current) {
            d->failed_version = run->version;
            analysis_answer_waiting(s, d);
        }
        running_clear(&s->running);
        progress_end(s);
        return;
    }
    if (s->log) {
        fprintf(s->log,
                "analysis: %s version %d done in %.0f ms (engine %.0f ms: parse %.0f ms, model %.0f ms, the rest %.0f ms; %s; "
                "%s%d document%s kept parsed)\n",
                run->uri, run->version, (monotonic_seconds() - run->started) * 1e3, a.result.seconds * 1e3,
                a.info.parse_seconds * 1e3, a.info.model_seconds * 1e3,
                (a.result.seconds - a.info.parse_seconds - a.info.model_seconds) * 1e3,
                a.info.reused ? "kept parse reused" : "parsed afresh", slice_words[a.info.host_slice], a.info.kept,
                a.info.kept == 1 ? "" : "s");
        if (a.log && a.log[0]) fputs(a.log, s->log);
    }
    if (current) {
        take_answer(s, d, &a);
        d->last_seconds = monotonic_seconds() - run->started;
    } /* else superseded by an edit, or closed */
    document_answer_free(&a);
    running_clear(&s->running);
    progress_end(s);
    if (s->refresh_pending) {
        double due;
        if (!next_due(s, &due)) {
            s->refresh_pending = false;
            lsp_request(s, "workspace/diagnostic/refresh", NULL);
        }
    }
}
