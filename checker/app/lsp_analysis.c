/* lsp_analysis.c - when documents are analysed and what happens to the
 * results: a debounce after each edit, one analysis at a time in the
 * worker process, results for an outdated version dropped (a newer edit
 * supersedes them; one that keeps the worker busy too long is killed),
 * crashes and hangs logged, and the results pushed (publishDiagnostics) or
 * handed to waiting pull requests (textDocument/diagnostic). */
#include "app/lsp_server.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>

/* A superseded analysis is allowed to finish when it is about to; after
 * this long it is cheaper to kill the worker and start afresh. */
#define SUPERSEDE_KILL_SECONDS 1.0

void analysis_schedule(Server *s, Document *d, double delay)
{
    (void)s;
    if (!d->lintable) return;
    d->pending = true;
    d->due = monotonic_seconds() + delay;
}

void analysis_relint_all(Server *s)
{
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
        cJSON_AddItemToObject(r, "items", d->diagnostics ? cJSON_Duplicate(d->diagnostics, true) : cJSON_CreateArray());
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
    cJSON_AddItemToObject(p, "diagnostics", d->diagnostics ? cJSON_Duplicate(d->diagnostics, true) : cJSON_CreateArray());
    lsp_notify(s, "textDocument/publishDiagnostics", p);
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
    d->pending = false;
    publish(s, d); /* an empty set clears the editor's list */
    analysis_answer_waiting(s, d);
}

static void start(Server *s, Document *d)
{
    d->pending = false;
    if (d->len > s->max_document) {
        lsp_log(s, LOG_WARNING, "%s: not analysed: %zu bytes (the limit is %zu; setting maxDocumentBytes)", d->uri,
                d->len, s->max_document);
        set_result(s, d, cJSON_CreateArray());
        return;
    }
    if (!s->worker.pid) {
        char err[300];
        if (!worker_start(&s->worker, &s->base, err, sizeof err)) {
            lsp_log(s, LOG_ERROR, "cannot start the analysis worker: %s", err);
            d->failed_version = d->version;
            analysis_answer_waiting(s, d);
            return;
        }
    }
    cJSON *h = cJSON_CreateObject();
    cJSON_AddStringToObject(h, "uri", d->uri);
    cJSON_AddStringToObject(h, "path", d->path);
    cJSON_AddNumberToObject(h, "version", d->version);
    cJSON_AddStringToObject(h, "encoding", s->enc == POS_UTF8 ? "utf-8" : "utf-16");
    if (s->docs_base) cJSON_AddStringToObject(h, "docs_base", s->docs_base);
    cJSON_AddItemToObject(h, "rules", cJSON_Duplicate(s->rules, true));
    cJSON_AddItemToObject(h, "args", cJSON_Duplicate(s->args, true));
    bool sent = worker_send(&s->worker, h, d->text, d->len);
    cJSON_Delete(h);
    if (!sent) {
        char how[200];
        worker_stop(&s->worker, true, how, sizeof how);
        lsp_log(s, LOG_ERROR, "the analysis worker is gone (%s); it restarts for the next analysis", how);
        analysis_schedule(s, d, 0.2);
        return;
    }
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
    if (s->worker.busy) return 0.05; /* watch for supersession and time-outs */
    double due;
    if (!next_due(s, &due)) return -1;
    double t = due - monotonic_seconds();
    return t > 0 ? t : 0;
}

/* Whether the running analysis is still wanted. */
static bool running_wanted(Server *s)
{
    Document *d = documents_find(&s->docs, s->worker.uri);
    return d && d->version == s->worker.version;
}

void analysis_tick(Server *s)
{
    if (s->worker.busy) {
        double elapsed = monotonic_seconds() - s->worker.started;
        if (!running_wanted(s) && elapsed > SUPERSEDE_KILL_SECONDS) {
            lsp_log(s, LOG_DEBUG, "stopped a superseded analysis of %s after %.1f s", s->worker.uri, elapsed);
            worker_stop(&s->worker, true, NULL, 0);
        } else if (elapsed > s->timeout) {
            Document *d = documents_find(&s->docs, s->worker.uri);
            lsp_log(s, LOG_ERROR, "the analysis of %s (version %d) took over %.0f s and was stopped; it runs again after the next edit",
                    s->worker.uri, s->worker.version, s->timeout);
            if (d && d->version == s->worker.version) {
                d->failed_version = d->version;
                analysis_answer_waiting(s, d);
            }
            worker_stop(&s->worker, true, NULL, 0);
        }
        if (s->worker.busy) return;
    }
    double due;
    Document *d = next_due(s, &due);
    if (d && due <= monotonic_seconds()) start(s, d);
}

static void log_problems(Server *s, const cJSON *r)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(r, "problems")) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(p, "text");
        if (cJSON_IsString(t)) lsp_log(s, LOG_DEBUG, "%s", t->valuestring);
    }
}

void analysis_receive(Server *s)
{
    char uri_buf[4096], how[300];
    snprintf(uri_buf, sizeof uri_buf, "%s", s->worker.uri ? s->worker.uri : "");
    int version = s->worker.version;
    double elapsed = monotonic_seconds() - s->worker.started;
    cJSON *r = worker_receive(&s->worker, how, sizeof how);
    Document *d = documents_find(&s->docs, uri_buf);
    if (!r) {
        lsp_log(s, LOG_ERROR, "the analysis of %s (version %d) failed: the worker %s; the server goes on, and the "
                "document is analysed again after its next edit", uri_buf, version, how);
        if (d && d->version == version) {
            d->failed_version = version;
            analysis_answer_waiting(s, d);
        }
        return;
    }
    if (s->log)
        fprintf(s->log, "analysis: %s version %d done in %.0f ms (engine %.0f ms)\n", uri_buf, version, elapsed * 1e3,
                cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(r, "seconds")) * 1e3);
    log_problems(s, r);
    if (!d || d->version != version) { /* superseded by an edit, or closed */
        cJSON_Delete(r);
        return;
    }
    const cJSON *fatal = cJSON_GetObjectItemCaseSensitive(r, "fatal");
    if (cJSON_IsString(fatal)) lsp_log(s, LOG_WARNING, "%s: not analysed: %s", d->uri, fatal->valuestring);
    const cJSON *elsewhere = cJSON_GetObjectItemCaseSensitive(r, "elsewhere");
    if (cJSON_IsNumber(elsewhere) && elsewhere->valueint > 0)
        lsp_log(s, LOG_DEBUG, "%s: %d finding(s) in included files are shown when those files are open", d->uri,
                elsewhere->valueint);
    cJSON *diags = cJSON_DetachItemFromObjectCaseSensitive(r, "diagnostics");
    set_result(s, d, cJSON_IsArray(diags) ? diags : (cJSON_Delete(diags), cJSON_CreateArray()));
    cJSON_Delete(r);
    if (s->refresh_pending) {
        double due;
        if (!next_due(s, &due)) {
            s->refresh_pending = false;
            lsp_request(s, "workspace/diagnostic/refresh", NULL);
        }
    }
}
