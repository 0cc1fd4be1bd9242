/* baseline.c - see baseline.h. */
#include "report/baseline.h"

#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BASELINE_VERSION 1

struct Baseline {
    StrMap left;             /* fingerprint -> how many are still held back */
    int taken;
};

Baseline *baseline_load(const char *path, Diagnostics *d)
{
    long size;
    char *text = read_file(path, &size);
    if (!text) {
        diag_error(d, path, 0, 0, "--baseline: cannot read: %s", strerror(errno));
        return NULL;
    }
    cJSON *doc = cJSON_Parse(text);
    free(text);
    cJSON *entries = doc ? cJSON_GetObjectItemCaseSensitive(doc, "entries") : NULL;
    cJSON *version = doc ? cJSON_GetObjectItemCaseSensitive(doc, "version") : NULL;
    if (!cJSON_IsArray(entries) || !cJSON_IsNumber(version) || version->valueint != BASELINE_VERSION) {
        diag_error(d, path, 0, 0, "--baseline: not a gpulint baseline (version %d, written by --write-baseline)",
                   BASELINE_VERSION);
        cJSON_Delete(doc);
        return NULL;
    }
    Baseline *b = xcalloc(1, sizeof *b);
    cJSON *e;
    cJSON_ArrayForEach(e, entries)
    {
        cJSON *fp = cJSON_GetObjectItemCaseSensitive(e, "fingerprint");
        cJSON *count = cJSON_GetObjectItemCaseSensitive(e, "count");
        if (!cJSON_IsString(fp)) continue;
        int add = cJSON_IsNumber(count) && count->valueint > 0 ? count->valueint : 1;
        int *left = strmap_get(&b->left, fp->valuestring);
        /* saturating: two entries of one fingerprint at INT_MAX overflowed */
        *left = *left > INT_MAX - add ? INT_MAX : *left + add;
    }
    cJSON_Delete(doc);
    return b;
}

bool baseline_take(Baseline *b, const char *fingerprint)
{
    int *left = strmap_get(&b->left, fingerprint);
    if (*left <= 0) return false;
    (*left)--;
    b->taken++;
    return true;
}

int baseline_taken(const Baseline *b)
{
    return b->taken;
}

void baseline_free(Baseline *b)
{
    if (!b) return;
    strmap_free(&b->left);
    free(b);
}

typedef struct {
    char *rule, *path, *fingerprint;
    int count;
} Entry;

struct BaselineWriter {
    StrMap index;            /* fingerprint -> 1 + entry index */
    Entry *entries; int n;
};

BaselineWriter *baseline_writer_new(void)
{
    return xcalloc(1, sizeof(BaselineWriter));
}

void baseline_record(BaselineWriter *w, const char *rule, const char *path, const char *fingerprint)
{
    int *slot = strmap_get(&w->index, fingerprint);
    if (*slot == 0) {
        *VEC_PUSH(w->entries, w->n) = (Entry){xstrdup(rule), xstrdup(path), xstrdup(fingerprint), 0};
        *slot = w->n;
    }
    w->entries[*slot - 1].count++;
}

static int cmp_entry(const void *a, const void *b)
{
    const Entry *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    if (!c) c = strcmp(x->rule, y->rule);
    return c ? c : strcmp(x->fingerprint, y->fingerprint);
}

bool baseline_write(BaselineWriter *w, const char *path, const char *tool_version, Diagnostics *d)
{
    if (w->n > 1) qsort(w->entries, (size_t)w->n, sizeof *w->entries, cmp_entry);
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "version", BASELINE_VERSION);
    cJSON_AddStringToObject(doc, "tool", "gpulint");
    cJSON_AddStringToObject(doc, "tool_version", tool_version);
    cJSON *arr = cJSON_AddArrayToObject(doc, "entries");
    for (int i = 0; i < w->n; i++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "rule", w->entries[i].rule);
        cJSON_AddStringToObject(e, "path", w->entries[i].path);
        cJSON_AddStringToObject(e, "fingerprint", w->entries[i].fingerprint);
        cJSON_AddNumberToObject(e, "count", w->entries[i].count);
        cJSON_AddItemToArray(arr, e);
    }
    char *text = cJSON_Print(doc);
    cJSON_Delete(doc);
    bool ok = false;
    if (text) {
        size_t n = strlen(text);
        char *withnl = xmalloc(n + 2);
        memcpy(withnl, text, n);
        withnl[n] = '\n';
        ok = write_file(path, withnl, n + 1);
        free(withnl);
    }
    if (!ok) diag_error(d, path, 0, 0, "--write-baseline: cannot write: %s", strerror(errno));
    cJSON_free(text);
    return ok;
}

void baseline_writer_free(BaselineWriter *w)
{
    if (!w) return;
    for (int i = 0; i < w->n; i++) {
        free(w->entries[i].rule);
        free(w->entries[i].path);
        free(w->entries[i].fingerprint);
    }
    free(w->entries);
    strmap_free(&w->index);
    free(w);
}
