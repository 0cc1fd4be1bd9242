/* run_registry.h - what makes the files of one run one report: a finding
 * that an earlier file already reported at the same place for the same
 * rule (a header or fragment included by two files) is dropped, and ids
 * are made unique across the run (-2, -3... for the same rule, file name
 * and position in two directories, in report order).
 * Hash sets: linear in the number of findings. */
#ifndef GPULINT_RUN_REGISTRY_H
#define GPULINT_RUN_REGISTRY_H

#include "finding/finding.h"

typedef struct {
    StrMap seen;             /* rule and location of every finding kept */
    StrMap ids;              /* base id -> how many findings have it */
} RunRegistry;

/* A zeroed RunRegistry is empty. */
void run_registry_add(RunRegistry *reg, FindingList *findings);
void run_registry_free(RunRegistry *reg);

#endif
