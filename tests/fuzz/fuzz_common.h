/* fuzz_common.h - what the fast fuzz targets (tests/fuzz/fuzz_<name>.c)
 * share: a private directory for the inputs a parser reads from disk only,
 * and an input cut into parts.  Header-only: each target is one file. */
#ifndef GPULINT_FUZZ_COMMON_H
#define GPULINT_FUZZ_COMMON_H

#include "util/fileio.h"
#include "util/oom.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_dir[PATH_MAX];

static inline void fuzz_remove_dir(void)
{
    if (fuzz_dir[0]) remove_tree(fuzz_dir);
}

/* $TMPDIR/gpulint-fuzz-<name>-XXXXXX, removed when the fuzzer exits
 * normally (a crash leaves it, beside the reproducer's evidence). */
static inline const char *fuzz_private_dir(const char *name)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "gpulint-fuzz-%s", name);
    if (!make_private_dir(prefix, fuzz_dir, sizeof fuzz_dir)) {
        fprintf(stderr, "fuzz_%s: cannot make a private directory under $TMPDIR\n", name);
        abort();
    }
    atexit(fuzz_remove_dir);
    return fuzz_dir;
}

/* fuzz_dir/name, in a buffer of the caller's. */
static inline const char *fuzz_path(char *out, size_t n, const char *name)
{
    if ((size_t)snprintf(out, n, "%s/%s", fuzz_dir, name) >= n) abort();
    return out;
}

/* A NUL-terminated copy of data[0..n) (the parsers read C strings). */
static inline char *fuzz_strndup(const uint8_t *data, size_t n)
{
    char *s = xmalloc(n + 1);
    if (n) memcpy(s, data, n);
    s[n] = 0;
    return s;
}

/* The next part of an input whose parts are separated by NUL bytes: its
 * bytes and length, *data and *size moved past it (and its NUL).  False
 * (and an empty part) when there is none left. */
static inline bool fuzz_next_part(const uint8_t **data, size_t *size, const uint8_t **part, size_t *len)
{
    *part = (const uint8_t *)"";
    *len = 0;
    if (!*data) return false;
    const uint8_t *nul = *size ? memchr(*data, 0, *size) : NULL;
    *part = *data;
    *len = nul ? (size_t)(nul - *data) : *size;
    if (nul) {
        *size -= *len + 1;
        *data = nul + 1;
    } else {
        *data = NULL;
        *size = 0;
    }
    return true;
}

#endif
