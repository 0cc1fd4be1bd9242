/* documents.h - inside the engine: the kept documents an editor's
 * language server keeps parsed (engine_lint_document), at most a fixed
 * number, the least recently analysed dropped first. */
#ifndef GPULINT_ENGINE_DOCUMENTS_H
#define GPULINT_ENGINE_DOCUMENTS_H

#include "engine/engine.h"
#include "frontend/frontend.h"
#include "variants/variant.h"

#include <stdbool.h>

typedef struct DocumentCache DocumentCache;

DocumentCache *document_cache_new(int capacity);
void document_cache_free(DocumentCache *c);
/* The kept document of `path`, made (and the least recently used one dropped
 * when the cache is full) when there is none. */
FrontendDocument *document_cache_get(DocumentCache *c, Frontend *fe, const char *path);
/* What the variants learned of the document `doc` (one of the cache's). */
VariantMemory *document_cache_memory(DocumentCache *c, const FrontendDocument *doc);
/* After a document's analysis: true when it learned flags its kept parse
 * lacks (a variant's second parse found them), with `out` and `info` freed
 * for an analysis again, whose kept parse has them, so that the next edits
 * reparse it instead of parsing afresh. */
bool document_memory_changed(VariantMemory *m, FileResult *out, DocumentInfo *info);
/* Drops the kept document of `path`; false when there was none. */
bool document_cache_close(DocumentCache *c, const char *path);
int document_cache_count(const DocumentCache *c);

#endif
