/* mix64.h - splitmix64's finaliser: every input bit reaches every output
 * bit.  For hash tables and fingerprints, not for security. */
#ifndef GPULINT_MIX64_H
#define GPULINT_MIX64_H

#include <stdint.h>

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

#endif
