/* instantiation_decls.h - explicit instantiation definitions read as
 * declarations, for speed.
 *
 * `template void reduce<float>(...);` (often dozens, through a macro) makes
 * clang instantiate the function and everything it calls: in arrayfire's
 * sum.cu that is 1.1 of its 1.3 s of parse.  gpulint reads which
 * instantiations exist from the tokens (frontend/templates.c) and analyses
 * the patterns with the arguments substituted: it never reads clang's
 * instantiated bodies (libclang does not show them).  So the files of a
 * translation unit's include closure that instantiate explicitly are given
 * to clang with `extern ` before each such `template` (an explicit
 * instantiation declaration: "instantiated elsewhere"), from memory; the
 * files on disk are never changed.  Only the columns after the inserted
 * word on those lines move, and nothing gpulint reports lies there. */
#ifndef GPULINT_INSTANTIATION_DECLS_H
#define GPULINT_INSTANTIATION_DECLS_H

#include "frontend/frontend.h"

#include <stddef.h>

/* The byte offsets of the `template` keywords of `text` that begin an
 * explicit instantiation definition: `template` not followed by '<', not
 * after `extern`, '.', '->' or '::' (a disambiguator), outside comments,
 * string and character literals.  *offsets is the caller's to free;
 * returns how many. */
int explicit_instantiation_offsets(const char *text, size_t n, size_t **offsets);

/* `text` with "extern " inserted at each offset (ascending); *out_n gets
 * the new length.  The caller frees the result. */
char *declare_instantiations(const char *text, size_t n, const size_t *offsets, int count, size_t *out_n);

/* The texts clang gets for a translation unit: each file of `paths` that
 * instantiates, read and rewritten, as buffers for the other files
 * (frontend_set_other_buffers).  An editor's `open` buffers (nopen of
 * them; their text, not the disk's) are among them too, rewritten where
 * they instantiate.  The main file (`main_path`, absolute) is not among
 * them: its rewritten text goes to *main_text (NULL when it does not
 * instantiate), from `text` (its contents as the engine read them; NULL:
 * the file on disk). */
typedef struct {
    FrontendBuffer *items; int n;
    char *main_text; size_t main_size;
} DeclaredTexts;
void declared_texts_build(const char *const *paths, int n, const char *main_path, const char *text, size_t size,
                          const FrontendBuffer *open, int nopen, DeclaredTexts *out);
void declared_texts_free(DeclaredTexts *d);

#endif
