/* strmap.c - see strmap.h.  Open addressing with linear probing, kept at most
 * half full. */
#include "util/strmap.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

static size_t hash_string(const char *s)
{
    size_t h = (size_t)14695981039346656037ULL; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * (size_t)1099511628211ULL;
    return h;
}

static StrMapEntry *find_slot(StrMapEntry *slots, size_t cap, const char *key, size_t hash)
{
    size_t i = hash & (cap - 1);
    while (slots[i].key && (slots[i].hash != hash || strcmp(slots[i].key, key) != 0)) i = (i + 1) & (cap - 1);
    return &slots[i];
}

static void grow(StrMap *m)
{
    size_t cap = m->cap ? 2 * m->cap : 64;
    StrMapEntry *slots = xcalloc(cap, sizeof *slots);
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key) *find_slot(slots, cap, m->slots[i].key, m->slots[i].hash) = m->slots[i];
    free(m->slots);
    m->slots = slots;
    m->cap = cap;
}

int *strmap_get(StrMap *m, const char *key)
{
    if (2 * (m->n + 1) > m->cap) grow(m);
    size_t hash = hash_string(key);
    StrMapEntry *e = find_slot(m->slots, m->cap, key, hash);
    if (!e->key) {
        e->key = arena_strdup(&m->keys, key);
        e->hash = hash;
        e->value = 0;
        m->n++;
    }
    return &e->value;
}

int strmap_increment(StrMap *m, const char *key)
{
    return ++*strmap_get(m, key);
}

void strmap_free(StrMap *m)
{
    free(m->slots);
    arena_free(&m->keys);
    memset(m, 0, sizeof *m);
}
