/* run_registry.c - see run_registry.h. */
#include "engine/run_registry.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

void run_registry_add(RunRegistry *reg, FindingList *findings)
{
    bool *keep = xcalloc(findings->n > 0 ? (size_t)findings->n : 1, sizeof *keep);
    for (int i = 0; i < findings->n; i++) {
        char *key = finding_key(&findings->items[i]);
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
