/* computed_include.h - `#include` lines whose operand is a macro, read as
 * text: `#include STR(INCLUDE_PATH/inc_types.h)` (a stringising macro over a
 * folder the build names) and `#include COMPARE` after `#define COMPARE
 * STR(INCLUDE_PATH/inc_compare.cl)` or `#define COMPARE "inc_compare.cl"`.
 * The file they name is taken as a quoted include of the part after the
 * folder ("inc_types.h"), so that the include graph (fragments.c) and the
 * project's discovery (include_scan.c) see it. */
#ifndef GPULINT_COMPUTED_INCLUDE_H
#define GPULINT_COMPUTED_INCLUDE_H

#include <stdbool.h>
#include <stddef.h>

#define COMPUTED_INCLUDE_MACROS 16
#define COMPUTED_INCLUDE_NAME 64
#define COMPUTED_INCLUDE_PATH 256

/* The macros of one file so far that name an include. */
typedef struct {
    char names[COMPUTED_INCLUDE_MACROS][COMPUTED_INCLUDE_NAME];
    char spellings[COMPUTED_INCLUDE_MACROS][COMPUTED_INCLUDE_PATH];
    int n;
} ComputedIncludes;

/* A `#define` line's text after the keyword: remembered when its body
 * names an include as above. */
void computed_include_define(ComputedIncludes *ci, const char *after_define);

/* An `#include` operand (after the keyword and its spaces) that is no
 * "..." or <...>: the file it names into out; false when it names none
 * this can read. */
bool computed_include_spelling(const ComputedIncludes *ci, const char *operand, char *out, size_t n);

#endif
