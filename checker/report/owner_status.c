/* owner_status.c - see owner_status.h.  Held results are chained per owner
 * (a map from the owner's real path to its first held result), so a run of
 * thousands of headers analysed through one file stays linear. */
#include "report/owner_status.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FileResult *r;           /* NULL once emitted */
    int next;                /* the next held result of the same owner, -1: none */
} Held;

struct OwnerStatus {
    OwnerStatusEmit emit;
    void *ctx;
    StrMap emitted;          /* real path of each emitted file -> 1 */
    StrMap failed_reason;    /* real path of a failed file -> index in reasons + 1 */
    char **reasons; int nreasons;
    char **failed_keys;      /* per reason: the failed file's real path */
    StrMap first_held;       /* real path of an owner not yet emitted -> index in held + 1 */
    StrMap last_held;        /* ... and of the last of its chain + 1 */
    Held *held; int nheld;
    bool hold_for_retry;     /* a result whose owner failed waits for a retry */
    FileResult **retry; int nretry;
    StrMap retried;          /* real path of a retried file -> the failed owner's reason index + 1 */
};

OwnerStatus *owner_status_new(OwnerStatusEmit emit, void *ctx)
{
    OwnerStatus *s = xcalloc(1, sizeof *s);
    s->emit = emit;
    s->ctx = ctx;
    return s;
}

/* The key a file is known by: its real path, else the path as given. */
static char *key_of(const char *path)
{
    char buf[PATH_MAX];
    return xstrdup(realpath(path, buf) ? buf : path);
}

/* The owner failed: so did the header analysed through it. */
static void follow_failed_owner(FileResult *r, const char *reason)
{
    if (r->status == FILE_FAILED) return;
    diag_error(&r->problems, r->path, 0, 0, "not analysed: it is analysed through %s, which failed (%s)", r->through,
               reason);
    free(r->reasons);
    r->reasons = NULL;
    r->nreasons = 0;
    file_status_compute(r, false);
}

static void emit(OwnerStatus *s, FileResult *r, char *key);

/* r's owner (key owner) has been emitted: r follows its outcome, or waits
 * for a retry through another translation unit. */
static void release(OwnerStatus *s, FileResult *r, const char *owner)
{
    int reason = *strmap_get(&s->failed_reason, owner);
    char *key = key_of(r->path);
    int retried = *strmap_get(&s->retried, key);
    if (reason && s->hold_for_retry && !retried) {
        FileResult *copy = xmalloc(sizeof *copy);
        *copy = *r;
        *VEC_PUSH(s->retry, s->nretry) = copy;
        *strmap_get(&s->retried, key) = reason;
        free(key);
        return;
    }
    if (reason) {
        follow_failed_owner(r, s->reasons[reason - 1]);
    } else if (retried) {
        diag_note(&r->problems, r->path, 0, 0, "analysed through %s: the first translation unit that reaches it "
                  "failed (%s)", r->through, s->reasons[retried - 1]);
        r->problems.notes[r->problems.nnotes - 1].informational = true;
    }
    emit(s, r, key);
}

/* Emits r (known by key, which this takes), then the results held for it. */
static void emit(OwnerStatus *s, FileResult *r, char *key)
{
    *strmap_get(&s->emitted, key) = 1;
    if (r->status == FILE_FAILED) {
        int n = s->nreasons;
        *VEC_PUSH(s->failed_keys, n) = xstrdup(key);
        *VEC_PUSH(s->reasons, s->nreasons) = xstrdup(r->nreasons ? r->reasons[0] : "the file could not be analysed");
        *strmap_get(&s->failed_reason, key) = s->nreasons;
    }
    s->emit(s->ctx, r); /* r's contents belong to the callee now */
    /* the chain's start, read before release() adds keys (the map may grow) */
    int *slot = strmap_get(&s->first_held, key), first = *slot - 1;
    *slot = 0;
    *strmap_get(&s->last_held, key) = 0;
    for (int i = first; i >= 0; i = s->held[i].next) {
        FileResult *h = s->held[i].r;
        s->held[i].r = NULL;
        release(s, h, key);
        free(h);
    }
    free(key);
}

void owner_status_add(OwnerStatus *s, FileResult *r)
{
    if (!r->through) {
        emit(s, r, key_of(r->path));
        return;
    }
    char *owner = key_of(r->through);
    if (*strmap_get(&s->emitted, owner)) {
        release(s, r, owner);
        free(owner);
        return;
    }
    /* wait for the owner: appended to its chain, in arrival order */
    FileResult *copy = xmalloc(sizeof *copy);
    *copy = *r;
    Held *h = VEC_PUSH(s->held, s->nheld);
    h->r = copy;
    h->next = -1;
    int *first = strmap_get(&s->first_held, owner), *last = strmap_get(&s->last_held, owner);
    if (!*first) *first = s->nheld;
    else s->held[*last - 1].next = s->nheld - 1;
    *last = s->nheld;
    free(owner);
}

void owner_status_hold_for_retry(OwnerStatus *s)
{
    s->hold_for_retry = true;
}

int owner_status_retries(OwnerStatus *s, char ***paths, char ***failed, int *nfailed)
{
    int n = 0;
    *paths = NULL;
    for (int i = 0; i < s->nretry; i++) {
        *VEC_PUSH(*paths, n) = xstrdup(s->retry[i]->path);
        file_result_free(s->retry[i]); /* the first pass's result: nothing but its owner's name */
        free(s->retry[i]);
    }
    free(s->retry);
    s->retry = NULL;
    s->nretry = 0;
    s->hold_for_retry = false;
    *failed = NULL;
    *nfailed = 0;
    for (int i = 0; i < s->nreasons; i++) *VEC_PUSH(*failed, *nfailed) = xstrdup(s->failed_keys[i]);
    return n;
}

void owner_status_finish(OwnerStatus *s)
{
    for (int i = 0; i < s->nretry; i++) { /* never retried: they fail with their owner */
        char *key = key_of(s->retry[i]->path);
        follow_failed_owner(s->retry[i], s->reasons[*strmap_get(&s->retried, key) - 1]);
        free(key);
        s->emit(s->ctx, s->retry[i]);
        free(s->retry[i]);
    }
    free(s->retry);
    for (int i = 0; i < s->nheld; i++) { /* owners that never came: as they are */
        if (!s->held[i].r) continue;
        s->emit(s->ctx, s->held[i].r);
        free(s->held[i].r);
    }
    free(s->held);
    for (int i = 0; i < s->nreasons; i++) {
        free(s->reasons[i]);
        free(s->failed_keys[i]);
    }
    free(s->reasons);
    free(s->failed_keys);
    strmap_free(&s->emitted);
    strmap_free(&s->failed_reason);
    strmap_free(&s->first_held);
    strmap_free(&s->last_held);
    strmap_free(&s->retried);
    free(s);
}
