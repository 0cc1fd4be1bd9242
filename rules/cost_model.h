/* cost_model.h - what a finding costs, read from measurements.
 *
 * The H100 calibration and example measurements (docs/measured/README.md)
 * compiled in as tables: for each rule, the speedup of the best fix as a
 * function of the finding's parameters (its evidence).  Each rule owns its
 * tables and their reading (Rule.costs and Rule.predict in rules.h, beside
 * its check); this file holds what they share.  Between two
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

/* A measured table of a rule: the shape its points measure (markdown, one
 * line: a row of the rule's page), the parameter they are read by, and the
 * points in increasing x.  A table without a parameter (NULL) is one point:
 * a single measured shape, whatever the finding's values. */
typedef struct {
    const char *shape;
    const char *param;
    const CostPoint *points;
    int npoints;
} CostTable;

/* The points of a CostTable and their count, for its initializer:
 *   static const CostTable ROW = {"rows of W elements", "W", COST_POINTS({4, 1.00, "row-W4"}, ...)}; */
#define COST_POINTS(...) \
    (const CostPoint[]){__VA_ARGS__}, (int)(sizeof((const CostPoint[]){__VA_ARGS__}) / sizeof(CostPoint))

/* The prediction for a finding: its rule's predict (rules.h), or "no
 * measurement" for a rule without one. */
void cost_predict(const Finding *f, CostPrediction *out);
/* For a rule's predict: the table read at x (a table without a parameter
 * is read at its one point), the basis the shape (printf-style) then how
 * the table was read. */
void cost_predict_from(CostPrediction *out, const CostTable *t, double x, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* For a rule's predict: no measured shape applies, and why (printf-style);
 * the rule's own severity then stands. */
void cost_no_measurement(CostPrediction *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
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
