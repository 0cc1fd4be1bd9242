/* cost_model.h - what a finding costs, read from measurements.
 *
 * The H100 calibration and example measurements (docs/measured/README.md)
 * compiled in as tables: for each rule, the speedup of the best fix as a
 * function of the finding's parameters (its evidence).  Between two
 * measured points the speedup is interpolated linearly in log2 of the
 * parameter (the measured parameters double: K 2,4,8; W 4,16,64,256);
 * outside the measured range it is clamped to the nearest point; and a
 * shape no measurement covers says so (the rule's own severity then
 * stands).  Severity follows the predicted speedup (cost_severity). */
#ifndef GPULINT_COST_MODEL_H
#define GPULINT_COST_MODEL_H

#include "finding/finding.h"

#include <stdbool.h>
#include <stddef.h>

/* The GPU every table was measured on. */
#define COST_MODEL_GPU "NVIDIA H100 80GB HBM3"
/* How a shape without a measurement reads (the start of its basis). */
#define COST_NO_MEASUREMENT "no measurement for this shape"

/* Severity thresholds on the predicted speedup. */
#define COST_HIGH_SPEEDUP 1.5
#define COST_MEDIUM_SPEEDUP 1.15
#define COST_LOW_SPEEDUP 1.05

typedef struct {
    bool known;          /* a measured shape applies */
    double speedup;      /* rounded to 2 decimals; 0 when !known */
    char basis[448];     /* which measurement(s) it was read from, or why none */
} CostPrediction;

/* One measured point: the parameter, the speedup of the best fix, and
 * the measurement's name in docs/measured/README.md. */
typedef struct {
    double x;
    double speedup;
    const char *source;
} CostPoint;

/* The prediction for a finding, from its rule and evidence. */
void cost_predict(const Finding *f, CostPrediction *out);
/* The severity a predicted speedup earns: high >= 1.5x, medium >= 1.15x,
 * low >= 1.05x, info below. */
Severity cost_severity(double speedup);
/* Reads a table (points in increasing x) at x: exact, interpolated in
 * log2(x) between the two neighbours, or clamped to the nearest end.
 * `param` names x in the basis ("K", "W").  Returns the speedup (rounded
 * to 2 decimals) and writes how it was read into basis. */
double cost_table_lookup(const CostPoint *points, int n, double x, const char *param, char *basis, size_t nbasis);

/* The threads of a finding's known block (evidence block_shape "32x1x1"),
 * else 0. */
long long block_shape_threads(const Finding *f);

#endif
