/* host_slice.h - an editor's reparse without the host statements that
 * feed no launch.
 *
 * A file whose host code instantiates heavy templates (a matrix reader,
 * thrust containers, CSR conversions in main) pays for those
 * instantiations on every reparse, although the model reads nothing of
 * them.  After a whole parse, host_slice_find lists the top-level
 * statements of the file's plain host functions that neither launch a
 * kernel (nor hold a lambda, nor name a kernel, nor call a function of the
 * file that does) nor feed one: no launch reads a variable they declare,
 * and before the last launch they touch no scalar, pointer or dim3
 * variable a kept statement reads.  The reparse sees them blanked (spaces,
 * line ends kept, so every position stays).  The caller (document.c) uses
 * the slice only after a parse of the sliced text gave the same model and
 * diagnostics as the whole text, and only while edits stay outside the
 * sliced functions and the preprocessor lines. */
#ifndef GPULINT_FRONTEND_HOST_SLICE_H
#define GPULINT_FRONTEND_HOST_SLICE_H

#include <stdbool.h>

struct CXTranslationUnitImpl; /* libclang's CXTranslationUnit, without its header for the tests */

typedef struct {
    unsigned long begin, end; /* bytes [begin, end) of the document's text */
} TextSpan;

typedef struct {
    TextSpan *dropped;        /* blanked in the reparse, in order, disjoint */
    int ndropped;
    TextSpan *functions;      /* the functions they are in: an edit there needs the whole text */
    int nfunctions;
    char *text;               /* the document's text the spans are of */
    unsigned long size;
} HostSlice;

/* Fills `out` from the parse `tu` of `text` (the file `path`); false, and
 * `out` empty, when nothing is worth leaving out. */
bool host_slice_find(struct CXTranslationUnitImpl *tu, const char *path, const char *text, unsigned long size, HostSlice *out);
/* What an edit of s->text into `text` did, for host_slice_follow. */
typedef enum {
    SLICE_EDIT_OUTSIDE,     /* none, or outside the sliced functions: the spans moved with it */
    SLICE_EDIT_IN_FUNCTION, /* inside a sliced function: the functions' spans moved, its dropped
                               spans gone (the slice is out of date) */
    SLICE_EDIT_DIRECTIVE    /* a preprocessor line: s is unchanged */
} SliceEdit;
SliceEdit host_slice_follow(HostSlice *s, const char *text, unsigned long size);
/* s->text with the dropped spans blanked, NUL-terminated (s->size bytes
 * before the NUL); the caller frees it. */
char *host_slice_text(const HostSlice *s);
void host_slice_clear(HostSlice *s);

#endif
