/* arena.h - bump allocator for a model's strings and small objects, freed at
 * once when the translation unit is done. */
#ifndef GPULINT_ARENA_H
#define GPULINT_ARENA_H

#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct {
    ArenaBlock *head;
} Arena;

void *arena_alloc(Arena *a, size_t size);
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);

#endif
