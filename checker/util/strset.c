/* strset.c - see strset.h.  Linear search: the sets are a handful of names. */
#include "util/strset.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

bool strset_contains(const StrSet *s, const char *str)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->items[i], str) == 0) return true;
    return false;
}

bool strset_add(StrSet *s, const char *str)
{
    if (!str || strset_contains(s, str)) return false;
    *VEC_PUSH(s->items, s->n) = str;
    return true;
}

const char *strset_join(const StrSet *s, const char *sep, Arena *a)
{
    size_t len = 1, seplen = strlen(sep);
    for (int i = 0; i < s->n; i++) len += strlen(s->items[i]) + seplen;
    char *out = arena_alloc(a, len), *p = out;
    *p = 0;
    for (int i = 0; i < s->n; i++) {
        if (i) {
            memcpy(p, sep, seplen);
            p += seplen;
        }
        size_t l = strlen(s->items[i]);
        memcpy(p, s->items[i], l);
        p += l;
    }
    *p = 0;
    return out;
}

void strset_free(StrSet *s)
{
    free(s->items);
    s->items = NULL;
    s->n = 0;
}
