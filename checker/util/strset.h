/* strset.h - a small list of distinct strings (variable names, fields,
 * symbols), instead of building ",a,b," and searching it with strstr.  The
 * strings are not copied: they belong to an arena that outlives the list. */
#ifndef GPULINT_STRSET_H
#define GPULINT_STRSET_H

#include "util/arena.h"

#include <stdbool.h>

typedef struct {
    const char **items;
    int n;
} StrSet;

bool strset_contains(const StrSet *s, const char *str);
/* Adds str unless present; true when it was added. */
bool strset_add(StrSet *s, const char *str);
/* "a,b,c" (sep between items) in the arena; "" when empty. */
const char *strset_join(const StrSet *s, const char *sep, Arena *a);
/* Frees the array (not the strings). */
void strset_free(StrSet *s);

#endif
