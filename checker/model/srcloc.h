/* srcloc.h - source positions, shared by the model and by findings (so that
 * code which only reports findings need not see the kernel model). */
#ifndef GPULINT_SRCLOC_H
#define GPULINT_SRCLOC_H

/* A source range, 1-based lines and byte columns; end is exclusive. */
typedef struct {
    const char *file;
    unsigned line, col, end_line, end_col;
} SrcRange;

#endif
