/* shape_comment.h - what a comment by a block shape says of it. */
#ifndef GPULINT_SHAPE_COMMENT_H
#define GPULINT_SHAPE_COMMENT_H

#include <stdbool.h>
#include <stddef.h>

/* A comment on the SHAPE_COMMENT_LINES lines above line `line` of text
 * that says the shape there was chosen by measuring ("tuned",
 * "measured", "works better", "faster", ...): its words in out; false
 * when there is none. */
#define SHAPE_COMMENT_LINES 3u
bool shape_tuned_comment(const char *text, size_t size, unsigned line, char *out, size_t n);

#endif
