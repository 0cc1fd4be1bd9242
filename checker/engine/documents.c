/* documents.c - see documents.h.  A kept translation unit holds the
 * file's AST and its preamble (tens to hundreds of MiB for a file with
 * heavy includes), hence the bound. */
#include "engine/documents.h"
#include "engine/engine.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char *path;
    FrontendDocument *doc;
    VariantMemory memory;      /* what the variants learned of it */
    unsigned long long used;   /* when last asked for (a counter) */
} Entry;

struct DocumentCache {
    Entry *entries;
    int n, capacity;
    unsigned long long clock;
};

DocumentCache *document_cache_new(int capacity)
{
    DocumentCache *c = xcalloc(1, sizeof *c);
    c->capacity = capacity > 0 ? capacity : 1;
    c->entries = xcalloc((size_t)c->capacity, sizeof *c->entries);
    return c;
}

static void drop(DocumentCache *c, int i)
{
    frontend_document_close(c->entries[i].doc);
    variant_memory_free(&c->entries[i].memory);
    free(c->entries[i].path);
    c->entries[i] = c->entries[--c->n];
}

void document_cache_free(DocumentCache *c)
{
    if (!c) return;
    while (c->n) drop(c, c->n - 1);
    free(c->entries);
    free(c);
}

FrontendDocument *document_cache_get(DocumentCache *c, Frontend *fe, const char *path)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->entries[i].path, path) == 0) {
            c->entries[i].used = ++c->clock;
            return c->entries[i].doc;
        }
    if (c->n == c->capacity) {
        int oldest = 0;
        for (int i = 1; i < c->n; i++)
            if (c->entries[i].used < c->entries[oldest].used) oldest = i;
        drop(c, oldest);
    }
    Entry *e = &c->entries[c->n++];
    e->path = xstrdup(path);
    e->doc = frontend_document_open(fe, path);
    memset(&e->memory, 0, sizeof e->memory);
    e->used = ++c->clock;
    return e->doc;
}

VariantMemory *document_cache_memory(DocumentCache *c, const FrontendDocument *doc)
{
    for (int i = 0; c && i < c->n; i++)
        if (c->entries[i].doc == doc) return &c->entries[i].memory;
    return NULL;
}

bool document_memory_changed(FrontendDocument *doc, VariantMemory *m, FileResult *out, DocumentInfo *info)
{
    if (!m || !m->changed) return false;
    m->changed = false;
    frontend_document_drop_slice(doc); /* the analysis again parses the whole text */
    file_result_free(out);
    document_info_free(info);
    memset(info, 0, sizeof *info);
    return true;
}

bool document_cache_close(DocumentCache *c, const char *path)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->entries[i].path, path) == 0) {
            drop(c, i);
            return true;
        }
    return false;
}

int document_cache_count(const DocumentCache *c)
{
    return c ? c->n : 0;
}

void document_info_free(DocumentInfo *info)
{
    for (int i = 0; i < info->nincluded; i++) free(info->included[i]);
    free(info->included);
    memset(info, 0, sizeof *info);
}

void document_info_take(DocumentInfo *info, FrontendReport *pr, int declared_files)
{
    info->reused = pr->reused;
    info->host_slice = pr->host_slice;
    info->parse_seconds = pr->parse_seconds;
    info->model_seconds = pr->model_seconds;
    info->declared_files = declared_files;
    info->included = pr->included;
    info->nincluded = pr->nincluded;
    pr->included = NULL;
    pr->nincluded = 0;
}

void document_check_slice(FrontendDocument *doc, const VariantMemory *m, const FileParse *p,
                          const FrontendBuffer *open, int nopen, DocumentInfo *info)
{
    if (m && m->changed) return;
    HostSliceUse checked =
        frontend_document_check_slice(doc, p->contents, p->size, p->with_args ? &p->fa : NULL, open, nopen);
    if (checked != HOST_SLICE_NONE) info->host_slice = checked;
}
