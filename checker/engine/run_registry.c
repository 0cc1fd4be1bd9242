/* run_registry.c - see run_registry.h. */
#include "engine/run_registry.h"
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One finding per rule and location in a run: a fragment or header reached
 * from two translation units (or two calling kernels) may be described a
 * little differently by each; the first in file order is kept. */
static char *location_key(const Finding *f)
{
    if (!f->range.file) return NULL;
    size_t n = strlen(f->rule) + strlen(f->range.file) + 32;
    char *key = xmalloc(n);
    snprintf(key, n, "%s\x1f%s\x1f%u\x1f%u", f->rule, f->range.file, f->range.line, f->range.col);
    return key;
}

void run_registry_add(RunRegistry *reg, FindingList *findings)
{
    bool *keep = xcalloc(findings->n > 0 ? (size_t)findings->n : 1, sizeof *keep);
    for (int i = 0; i < findings->n; i++) {
        char *key = location_key(&findings->items[i]);
        keep[i] = !key || strmap_increment(&reg->seen, key) == 1;
        free(key);
    }
    findings_retain(findings, keep);
    free(keep);
    findings_assign_ids(findings, &reg->ids);
}

void run_registry_free(RunRegistry *reg)
{
    strmap_free(&reg->seen);
    strmap_free(&reg->ids);
}
