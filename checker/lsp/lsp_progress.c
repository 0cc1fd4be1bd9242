/* lsp_progress.c - see lsp_progress.h. */
#include "lsp/lsp_progress.h"
#include "lsp/lsp_server.h"
#include "util/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An analysis shorter than this shows no progress (it would only flicker). */
#define PROGRESS_AFTER_SECONDS 1.0

static void send_progress(Server *s, const char *kind, const char *message)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "token", s->progress.token);
    cJSON *v = cJSON_AddObjectToObject(p, "value");
    cJSON_AddStringToObject(v, "kind", kind);
    if (strcmp(kind, "begin") == 0) {
        cJSON_AddStringToObject(v, "title", "gpulint");
        cJSON_AddBoolToObject(v, "cancellable", false);
    }
    if (message) cJSON_AddStringToObject(v, "message", message);
    lsp_notify(s, "$/progress", p);
}

void progress_tick(Server *s, const char *name, double elapsed)
{
    if (!s->client_progress || s->progress.state != PROGRESS_IDLE || elapsed < PROGRESS_AFTER_SECONDS) return;
    snprintf(s->progress.token, sizeof s->progress.token, "gpulint-analysis-%d", s->next_request_id + 1);
    snprintf(s->progress.message, sizeof s->progress.message, "analysing %s (the last results stay until it is done)", name);
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "token", s->progress.token);
    s->progress.request = lsp_request(s, "window/workDoneProgress/create", p);
    s->progress.state = PROGRESS_CREATING;
}

void progress_answered(Server *s, int request, bool ok)
{
    if (s->progress.state == PROGRESS_IDLE || request != s->progress.request) return;
    if (s->progress.state == PROGRESS_CREATING && ok) {
        s->progress.state = PROGRESS_ACTIVE;
        send_progress(s, "begin", s->progress.message);
    } else if (s->progress.state == PROGRESS_FINISHED && ok) { /* done before the client answered */
        send_progress(s, "begin", s->progress.message);
        send_progress(s, "end", NULL);
        s->progress.state = PROGRESS_IDLE;
    } else {
        s->progress.state = PROGRESS_IDLE;
    }
}

void progress_end(Server *s)
{
    if (s->progress.state == PROGRESS_ACTIVE) {
        send_progress(s, "end", NULL);
        s->progress.state = PROGRESS_IDLE;
    } else if (s->progress.state == PROGRESS_CREATING) {
        s->progress.state = PROGRESS_FINISHED; /* the token's answer ends it */
    }
}
