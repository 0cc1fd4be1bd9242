/* cost_model.c - what every rule's costs share: reading a measured table
 * (exact, log2-interpolated, clamped), the basis a prediction states, the
 * severity thresholds, and the dispatch to the finding's rule.  The tables
 * themselves and how each rule reads a finding's evidence against them are
 * the rule's (Rule.costs, Rule.predict: rules/<id>.c); every point is a row
 * of docs/measured/README.md, named by its `source`. */
#include "rules/cost_model.h"
#include "rules.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static double round2(double x)
{
    return floor(x * 100.0 + 0.5) / 100.0;
}

Severity cost_severity(double speedup)
{
    if (speedup >= COST_HIGH_SPEEDUP) return SEV_HIGH;
    if (speedup >= COST_MEDIUM_SPEEDUP) return SEV_MEDIUM;
    if (speedup >= COST_LOW_SPEEDUP) return SEV_LOW;
    return SEV_INFO;
}

double cost_table_lookup(const CostPoint *p, int n, double x, const char *param, char *basis, size_t nbasis)
{
    if (x <= p[0].x || n == 1) {
        if (x == p[0].x)
            snprintf(basis, nbasis, "%s (%.2fx)", p[0].source, p[0].speedup);
        else if (n == 1)
            snprintf(basis, nbasis, "%s (%.2fx); only %s=%g was measured", p[0].source, p[0].speedup, param, p[0].x);
        else
            snprintf(basis, nbasis, "%s (%.2fx); %s=%g is below the measured %s=%g..%g", p[0].source, p[0].speedup,
                     param, x, param, p[0].x, p[n - 1].x);
        return round2(p[0].speedup);
    }
    if (x >= p[n - 1].x) {
        if (x == p[n - 1].x)
            snprintf(basis, nbasis, "%s (%.2fx)", p[n - 1].source, p[n - 1].speedup);
        else
            snprintf(basis, nbasis, "%s (%.2fx); %s=%g is beyond the measured %s=%g..%g", p[n - 1].source,
                     p[n - 1].speedup, param, x, param, p[0].x, p[n - 1].x);
        return round2(p[n - 1].speedup);
    }
    int i = 1;
    while (p[i].x < x) i++;
    if (p[i].x == x) {
        snprintf(basis, nbasis, "%s (%.2fx)", p[i].source, p[i].speedup);
        return round2(p[i].speedup);
    }
    const CostPoint *a = &p[i - 1], *b = &p[i];
    double t = (log2(x) - log2(a->x)) / (log2(b->x) - log2(a->x));
    double s = a->speedup + t * (b->speedup - a->speedup);
    snprintf(basis, nbasis, "interpolated at %s=%g between %s (%.2fx) and %s (%.2fx)", param, x, a->source,
             a->speedup, b->source, b->speedup);
    return round2(s);
}

/* The prediction's basis: a description of the shape, then how the
 * table was read. */
void cost_predict_from(CostPrediction *out, const CostTable *t, double x, const char *fmt, ...)
{
    char shape[160], read[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(shape, sizeof shape, fmt, ap);
    va_end(ap);
    if (!t->param) x = t->points[0].x; /* one measured shape: no parameter to read */
    out->known = true;
    out->speedup = cost_table_lookup(t->points, t->npoints, x, t->param ? t->param : "", read, sizeof read);
    snprintf(out->basis, sizeof out->basis, "%.150s: %.250s", shape, read);
}

void cost_no_measurement(CostPrediction *out, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    out->known = false;
    out->speedup = 0;
    snprintf(out->basis, sizeof out->basis, "%s (%.250s)", COST_NO_MEASUREMENT, why);
}

long long block_shape_threads(const Finding *f)
{
    long long x, y, z;
    const char *s = evidence_str(f, "block_shape", "");
    return sscanf(s, "%lldx%lldx%lld", &x, &y, &z) == 3 && x > 0 && y > 0 && z > 0 ? x * y * z : 0;
}

void cost_predict(const Finding *f, CostPrediction *out)
{
    memset(out, 0, sizeof *out);
    const Rule *r = rule_by_id(f->rule);
    if (r && r->predict) r->predict(f, out);
    else cost_no_measurement(out, "rule %s has no measurements", f->rule);
}
