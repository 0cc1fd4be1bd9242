/* owner_status.c - see owner_status.h. */
#include "report/owner_status.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct OwnerStatus {
    OwnerStatusEmit emit;
    void *ctx;
    StrMap emitted;          /* real path of each emitted file -> its status + 1 */
    char **reasons; int nreasons;   /* a failed owner's first reason, by status slot (below) */
    StrMap failed_reason;    /* real path of a failed owner -> index in reasons + 1 */
    FileResult **held; int nheld;   /* waiting for their owners, in arrival order */
};

OwnerStatus *owner_status_new(OwnerStatusEmit emit, void *ctx)
{
    OwnerStatus *s = xcalloc(1, sizeof *s);
    s->emit = emit;
    s->ctx = ctx;
    return s;
}

static const char *real_or_same(const char *path, char *buf)
{
    return realpath(path, buf) ? buf : path;
}

/* The owner failed: so did the header analysed through it. */
static void follow_failed_owner(OwnerStatus *s, FileResult *r, int reason)
{
    if (r->status == FILE_FAILED) return;
    diag_error(&r->problems, r->path, 0, 0, "not analysed: it is analysed through %s, which failed (%s)", r->through,
               s->reasons[reason]);
    free(r->reasons);
    r->reasons = NULL;
    r->nreasons = 0;
    file_status_compute(r, false);
}

static void emit(OwnerStatus *s, FileResult *r);

/* r's owner has been emitted: adjust r and emit it. */
static void release(OwnerStatus *s, FileResult *r)
{
    char buf[PATH_MAX];
    int *reason = strmap_get(&s->failed_reason, real_or_same(r->through, buf));
    if (*reason) follow_failed_owner(s, r, *reason - 1);
    emit(s, r);
}

static void emit(OwnerStatus *s, FileResult *r)
{
    char buf[PATH_MAX];
    const char *self = real_or_same(r->path, buf);
    *strmap_get(&s->emitted, self) = 1;
    if (r->status == FILE_FAILED) {
        *VEC_PUSH(s->reasons, s->nreasons) = xstrdup(r->nreasons ? r->reasons[0] : "the file could not be analysed");
        *strmap_get(&s->failed_reason, self) = s->nreasons;
    }
    char *key = xstrdup(self);
    s->emit(s->ctx, r); /* r belongs to the callee now */
    /* the headers that waited for this file */
    for (int i = 0; i < s->nheld;) {
        FileResult *h = s->held[i];
        char hb[PATH_MAX];
        if (strcmp(real_or_same(h->through, hb), key) != 0) {
            i++;
            continue;
        }
        memmove(&s->held[i], &s->held[i + 1], (size_t)(s->nheld - i - 1) * sizeof *s->held);
        s->nheld--;
        release(s, h);
        free(h);
        i = 0; /* release may have emitted others */
    }
    free(key);
}

void owner_status_add(OwnerStatus *s, FileResult *r)
{
    char buf[PATH_MAX];
    if (r->through && !*strmap_get(&s->emitted, real_or_same(r->through, buf))) {
        FileResult *copy = xmalloc(sizeof *copy);
        *copy = *r;
        *VEC_PUSH(s->held, s->nheld) = copy;
        return;
    }
    if (r->through) release(s, r);
    else emit(s, r);
}

void owner_status_finish(OwnerStatus *s)
{
    for (int i = 0; i < s->nheld; i++) {
        s->emit(s->ctx, s->held[i]);
        free(s->held[i]);
    }
    free(s->held);
    for (int i = 0; i < s->nreasons; i++) free(s->reasons[i]);
    free(s->reasons);
    strmap_free(&s->emitted);
    strmap_free(&s->failed_reason);
    free(s);
}
