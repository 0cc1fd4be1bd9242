/* oom.h - the one way gpulint stops when memory runs out. */
#ifndef GPULINT_OOM_H
#define GPULINT_OOM_H

#include <stddef.h>

/* Prints "gpulint: out of memory" and exits with status 2; or, when
 * gpulint_out_of_memory_hook is set, calls it (it must not return: a worker
 * process ends with its own status, see isolate/worker.c). */
_Noreturn void gpulint_out_of_memory(void);
extern void (*gpulint_out_of_memory_hook)(void);
/* malloc/calloc/realloc/strdup that never return NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The first n bytes of s (which need not end in a NUL), NUL-terminated. */
char *xstrndup(const char *s, size_t n);

#endif
