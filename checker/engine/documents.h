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
bool document_memory_changed(FrontendDocument *doc, VariantMemory *m, FileResult *out, DocumentInfo *info);
/* The document's info from its parse's report (the included files' list taken). */
void document_info_take(DocumentInfo *info, FrontendReport *pr, int declared_files);
/* Once the engine is done with a document's analysis `p`: its slice of host
 * code checked (frontend_document_check_slice), with what was checked in
 * info->host_slice; not when the document is analysed again at once with
 * what this analysis learnt (the check's parse would skew that one). */
void document_check_slice(FrontendDocument *doc, const VariantMemory *m, const FileParse *p,
                          const FrontendBuffer *open, int nopen, DocumentInfo *info);
/* Drops the kept document of `path`; false when there was none. */
bool document_cache_close(DocumentCache *c, const char *path);
int document_cache_count(const DocumentCache *c);

#endif
