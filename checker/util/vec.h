/* vec.h - growable arrays without a capacity field: the capacity is implied by
 * the count (it doubles at each power of two). */
#ifndef GPULINT_VEC_H
#define GPULINT_VEC_H

#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

static inline void *vec_grow(void *p, int n, size_t elem)
{
    if (n == 0 || (n & (n - 1)) == 0) {
        size_t cap = n ? 2 * (size_t)n : 4;
        void *q = realloc(p, cap * elem);
        if (!q) gpulint_out_of_memory();
        p = q;
    }
    memset((char *)p + (size_t)n * elem, 0, elem);
    return p;
}

/* Appends a zeroed element and returns a pointer to it. */
#define VEC_PUSH(arr, n) ((arr) = vec_grow((arr), (n), sizeof *(arr)), &(arr)[(n)++])

#endif
