/* oom.c - see oom.h. */
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void (*gpulint_out_of_memory_hook)(void);

void gpulint_out_of_memory(void)
{
    if (gpulint_out_of_memory_hook) gpulint_out_of_memory_hook();
    fputs("gpulint: error: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) gpulint_out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) gpulint_out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) gpulint_out_of_memory();
    return q;
}

char *xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p) gpulint_out_of_memory();
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}
