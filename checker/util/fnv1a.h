/* fnv1a.h - FNV-1a, 64 bits, over bytes: cache keys and change checks, not
 * a security boundary. */
#ifndef GPULINT_FNV1A_H
#define GPULINT_FNV1A_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A64_SEED 14695981039346656037ULL

/* h with the n bytes at p folded in (start from FNV1A64_SEED). */
static inline uint64_t fnv1a64(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

#endif
