/* oom.h - the one way gpulint stops when memory runs out. */
#ifndef GPULINT_OOM_H
#define GPULINT_OOM_H

#include <stddef.h>

/* Prints "gpulint: out of memory" and exits with status 2. */
_Noreturn void gpulint_out_of_memory(void);
/* malloc/calloc/realloc/strdup that never return NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
