/* uncoalesced_row.h - what uncoalesced_row.c (row walks in a loop) shares
 * with uncoalesced_row_mapping.c (thread mappings whose lane picks the row,
 * no loop needed): one rule, two files. */
#ifndef GPULINT_UNCOALESCED_ROW_H
#define GPULINT_UNCOALESCED_ROW_H

#include "rules.h"

#define UNCOALESCED_ROW_ID "uncoalesced-row"

/* Access i read or wrote the same address on its line before (r[k] * r[k]):
 * one address, one finding.  Compares the byte offsets, or the data offsets
 * (over loaded values) when `data`. */
bool row_same_address_before(const Kernel *k, const Access *a, int i, bool data);

/* The mappings whose lane picks the row, over the accesses marked in
 * `candidate` (global, not a row walk): one finding per kernel and shape. */
void row_mappings_check(const Model *m, const Kernel *k, const RuleContext *ctx, const bool *candidate,
                        long long min_width);
/* A mapping finding's benchmark and prediction (evidence `mapping` set). */
bool row_mapping_bench(const Finding *f, BenchParams *p);
void row_mapping_predict(const Finding *f, CostPrediction *out);
extern const CostTable row_mapping_2d_cost, row_mapping_lane_cost;

#endif
