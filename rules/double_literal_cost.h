/* double_literal_cost.h - the costs of double-literal, which
 * double_literal_cost.c keeps apart from the check (double_literal.c). */
#ifndef GPULINT_DOUBLE_LITERAL_COST_H
#define GPULINT_DOUBLE_LITERAL_COST_H

#include "rules.h"

/* The measured tables (NULL-terminated), for Rule.costs. */
extern const CostTable *const double_literal_costs[];
/* Rule.predict: the class of the finding's expression in its context. */
void double_literal_predict(const Finding *f, CostPrediction *out);

#endif
