/* strmap.h - a hash map from strings to counters, for sets that grow with
 * the input (finding keys, finding ids): constant time per lookup, where
 * strset.h searches a list.  The keys are copied into the map's arena.  A
 * zeroed StrMap is an empty map. */
#ifndef GPULINT_STRMAP_H
#define GPULINT_STRMAP_H

#include "util/arena.h"

#include <stddef.h>

typedef struct {
    const char *key;
    size_t hash;
    int value;
} StrMapEntry;

typedef struct {
    StrMapEntry *slots;
    size_t cap, n;            /* cap is 0 or a power of two */
    Arena keys;
} StrMap;

/* The counter of `key`, inserted as 0 when absent. */
int *strmap_get(StrMap *m, const char *key);
/* Increments the counter of `key` and returns its new value (1 the first time). */
int strmap_increment(StrMap *m, const char *key);
void strmap_free(StrMap *m);

#endif
