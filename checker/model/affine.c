/* affine.c - arithmetic on the symbolic values of affine.h.
 *
 * Coefficients come straight from source literals (a[9223372036854775807]),
 * so every operation on them is checked: a form whose coefficient would
 * overflow long long becomes opaque ("unknown") instead of wrapping, which
 * would be undefined behaviour and a wrong model. */
#include "model/affine.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

unsigned aff_builtin_deps(int sym)
{
    if (sym >= SYM_TID_X && sym <= SYM_TID_Z) return DEP_THREAD;
    if (sym >= SYM_BID_X && sym <= SYM_BID_Z) return DEP_BLOCK;
    if (sym >= SYM_BDIM_X && sym <= SYM_GDIM_Z) return DEP_DIM;
    return 0;
}

Affine aff_opaque(unsigned deps)
{
    Affine a;
    memset(&a, 0, sizeof a);
    a.exact = false;
    a.deps = deps;
    return a;
}

Affine aff_const(long long c)
{
    Affine a;
    memset(&a, 0, sizeof a);
    a.exact = true;
    if (c != 0) {
        a.nterms = 1;
        a.term[0].coef = c;
    }
    return a;
}

Affine aff_symbol(int sym, unsigned deps)
{
    Affine a = aff_const(0);
    a.nterms = 1;
    a.term[0].coef = 1;
    a.term[0].nfactors = 1;
    a.term[0].factor[0] = (short)sym;
    a.deps = deps | aff_builtin_deps(sym);
    return a;
}

static int term_cmp_factors(const AffTerm *x, const AffTerm *y)
{
    if (x->nfactors != y->nfactors) return x->nfactors < y->nfactors ? -1 : 1;
    for (int i = 0; i < x->nfactors; i++)
        if (x->factor[i] != y->factor[i]) return x->factor[i] < y->factor[i] ? -1 : 1;
    return 0;
}

/* Add one term into a canonical (sorted, merged) form.  False when the form
 * has no room for another term or a coefficient overflows (the form is then
 * unusable and the caller makes the result opaque). */
static bool add_term(Affine *a, const AffTerm *t)
{
    if (t->coef == 0) return true;
    int i = 0;
    while (i < a->nterms && term_cmp_factors(&a->term[i], t) < 0) i++;
    if (i < a->nterms && term_cmp_factors(&a->term[i], t) == 0) {
        if (__builtin_add_overflow(a->term[i].coef, t->coef, &a->term[i].coef)) return false;
        if (a->term[i].coef == 0) {
            memmove(&a->term[i], &a->term[i + 1], (size_t)(a->nterms - i - 1) * sizeof(AffTerm));
            a->nterms--;
        }
        return true;
    }
    if (a->nterms == AFF_MAX_TERMS) return false;
    memmove(&a->term[i + 1], &a->term[i], (size_t)(a->nterms - i) * sizeof(AffTerm));
    a->term[i] = *t;
    a->nterms++;
    return true;
}

Affine aff_join(const Affine *a, const Affine *b)
{
    return aff_opaque(a->deps | b->deps);
}

Affine aff_add(const Affine *a, const Affine *b)
{
    if (!a->exact || !b->exact) return aff_join(a, b);
    Affine r = *a;
    r.deps = a->deps | b->deps;
    for (int i = 0; i < b->nterms; i++)
        if (!add_term(&r, &b->term[i])) return aff_opaque(r.deps);
    return r;
}

Affine aff_scale(const Affine *a, long long k)
{
    if (!a->exact) return *a;
    if (k == 0) {
        Affine z = aff_const(0);
        z.deps = 0;
        return z;
    }
    Affine r = *a;
    for (int i = 0; i < r.nterms; i++)
        if (__builtin_mul_overflow(r.term[i].coef, k, &r.term[i].coef)) return aff_opaque(a->deps);
    return r;
}

Affine aff_neg(const Affine *a) { return aff_scale(a, -1); }

Affine aff_sub(const Affine *a, const Affine *b)
{
    Affine nb = aff_neg(b);
    return aff_add(a, &nb);
}

static bool mul_terms(const AffTerm *x, const AffTerm *y, AffTerm *out)
{
    if (x->nfactors + y->nfactors > AFF_MAX_FACTORS) return false;
    memset(out, 0, sizeof *out);
    if (__builtin_mul_overflow(x->coef, y->coef, &out->coef)) return false;
    int i = 0, j = 0, n = 0;
    while (i < x->nfactors || j < y->nfactors) {
        if (j >= y->nfactors || (i < x->nfactors && x->factor[i] <= y->factor[j]))
            out->factor[n++] = x->factor[i++];
        else
            out->factor[n++] = y->factor[j++];
    }
    out->nfactors = (unsigned char)n;
    return true;
}

Affine aff_mul(const Affine *a, const Affine *b)
{
    if (!a->exact || !b->exact) return aff_join(a, b);
    Affine r = aff_const(0);
    r.deps = a->deps | b->deps;
    for (int i = 0; i < a->nterms; i++)
        for (int j = 0; j < b->nterms; j++) {
            AffTerm t;
            if (!mul_terms(&a->term[i], &b->term[j], &t) || !add_term(&r, &t))
                return aff_opaque(r.deps);
        }
    /* A product that folds to a constant (x*0) no longer depends on x. */
    if (r.nterms == 0) r.deps = 0;
    return r;
}

Affine aff_div_const(const Affine *a, long long k)
{
    if (!a->exact || k == 0) return aff_opaque(a->deps);
    Affine r = *a;
    for (int i = 0; i < r.nterms; i++) {
        /* LLONG_MIN / -1 (and its remainder) overflows. */
        if (k == -1 && r.term[i].coef == LLONG_MIN) return aff_opaque(a->deps);
        if (r.term[i].coef % k != 0) return aff_opaque(a->deps);
        r.term[i].coef /= k;
    }
    return r;
}

bool aff_is_const(const Affine *a, long long *value)
{
    if (!a->exact) return false;
    if (a->nterms == 0) {
        if (value) *value = 0;
        return true;
    }
    if (a->nterms == 1 && a->term[0].nfactors == 0) {
        if (value) *value = a->term[0].coef;
        return true;
    }
    return false;
}

bool aff_equal(const Affine *a, const Affine *b)
{
    if (a->exact != b->exact || a->deps != b->deps) return false;
    if (!a->exact) return true;
    if (a->nterms != b->nterms) return false;
    for (int i = 0; i < a->nterms; i++)
        if (a->term[i].coef != b->term[i].coef || term_cmp_factors(&a->term[i], &b->term[i]) != 0)
            return false;
    return true;
}

static int degree_in(const AffTerm *t, int sym)
{
    int d = 0;
    for (int i = 0; i < t->nfactors; i++)
        if (t->factor[i] == sym) d++;
    return d;
}

bool aff_mentions(const Affine *a, int sym)
{
    if (!a->exact) return false;
    for (int i = 0; i < a->nterms; i++)
        if (degree_in(&a->term[i], sym) > 0) return true;
    return false;
}

bool aff_coef(const Affine *a, int sym, Affine *coef)
{
    *coef = aff_const(0);
    if (!a->exact) {
        *coef = aff_opaque(a->deps);
        return false;
    }
    for (int i = 0; i < a->nterms; i++) {
        int d = degree_in(&a->term[i], sym);
        if (d == 0) continue;
        if (d > 1) return false;
        AffTerm t = a->term[i];
        int k = 0;
        for (int j = 0; j < t.nfactors; j++)
            if (t.factor[j] != sym) t.factor[k++] = t.factor[j];
        t.nfactors = (unsigned char)k;
        if (!add_term(coef, &t)) {
            *coef = aff_opaque(a->deps);
            return false;
        }
    }
    for (int i = 0; i < coef->nterms; i++)
        for (int j = 0; j < coef->term[i].nfactors; j++)
            coef->deps |= aff_builtin_deps(coef->term[i].factor[j]);
    return true;
}

Affine aff_drop_range(const Affine *a, int lo, int hi)
{
    if (!a->exact) return *a;
    Affine r = aff_const(0);
    r.deps = a->deps;
    for (int i = 0; i < a->nterms; i++) {
        bool hit = false;
        for (int j = 0; j < a->term[i].nfactors; j++)
            if (a->term[i].factor[j] >= lo && a->term[i].factor[j] <= hi) hit = true;
        if (!hit && !add_term(&r, &a->term[i])) return aff_opaque(a->deps);
    }
    return r;
}

Affine aff_subst(const Affine *a, int sym, long long value)
{
    if (!a->exact) return *a;
    Affine r = aff_const(0);
    r.deps = a->deps;
    for (int i = 0; i < a->nterms; i++) {
        AffTerm t = a->term[i];
        int k = 0;
        for (int j = 0; j < t.nfactors; j++) {
            if (t.factor[j] != sym) t.factor[k++] = t.factor[j];
            else if (__builtin_mul_overflow(t.coef, value, &t.coef)) return aff_opaque(a->deps);
        }
        t.nfactors = (unsigned char)k;
        if (!add_term(&r, &t)) return aff_opaque(a->deps);
    }
    return r;
}

Affine aff_subst_affine(const Affine *a, int sym, const Affine *value)
{
    if (!a->exact) return *a;
    if (!value->exact) return aff_mentions(a, sym) ? aff_opaque(a->deps | value->deps) : *a;
    Affine r = aff_const(0);
    for (int i = 0; i < a->nterms; i++) {
        AffTerm t = a->term[i];
        int k = 0, degree = 0;
        for (int j = 0; j < t.nfactors; j++) {
            if (t.factor[j] == sym) degree++;
            else t.factor[k++] = t.factor[j];
        }
        t.nfactors = (unsigned char)k;
        Affine part = aff_const(0);
        if (!add_term(&part, &t)) return aff_opaque(a->deps | value->deps);
        for (int d = 0; d < degree; d++) part = aff_mul(&part, value);
        r = aff_add(&r, &part);
        if (!r.exact) return aff_opaque(a->deps | value->deps);
    }
    r.deps = a->deps | value->deps;
    return r;
}

bool aff_eval(const Affine *a, const long long *vals, int nvals, long long other, long long *value)
{
    long long sum = 0;
    if (!a->exact) return false;
    for (int i = 0; i < a->nterms; i++) {
        long long p = a->term[i].coef;
        for (int j = 0; j < a->term[i].nfactors; j++) {
            int s = a->term[i].factor[j];
            if (__builtin_mul_overflow(p, (s >= 0 && s < nvals) ? vals[s] : other, &p)) return false;
        }
        if (__builtin_add_overflow(sum, p, &sum)) return false;
    }
    *value = sum;
    return true;
}

bool aff_bound(const Affine *a, const long long *maxima, int n, bool upper, long long *out)
{
    if (!a->exact) return false;
    long long sum = 0;
    for (int i = 0; i < a->nterms; i++) {
        long long p = a->term[i].coef;
        bool constant = a->term[i].nfactors == 0;
        if (upper ? p <= 0 : (!constant && p >= 0)) continue; /* at zero, the side that does not count */
        for (int j = 0; j < a->term[i].nfactors; j++) {
            int s = a->term[i].factor[j];
            if (s < 0 || s >= n || maxima[s] < 0 || __builtin_mul_overflow(p, maxima[s], &p)) return false;
        }
        if (__builtin_add_overflow(sum, p, &sum)) return false;
    }
    *out = sum;
    return true;
}

void aff_format(const Affine *a, AffNameFn name, void *ctx, char *buf, int size)
{
    int n = 0;
    if (size <= 0) return;
    buf[0] = 0;
    if (!a->exact) {
        snprintf(buf, (size_t)size, "<non-affine>");
        return;
    }
    if (a->nterms == 0) {
        snprintf(buf, (size_t)size, "0");
        return;
    }
    for (int i = 0; i < a->nterms && n < size; i++) {
        const AffTerm *t = &a->term[i];
        long long c = t->coef;
        const char *sign = c < 0 ? (i ? " - " : "-") : (i ? " + " : "");
        /* The magnitude in unsigned arithmetic: -LLONG_MIN does not fit. */
        unsigned long long m = c < 0 ? 0ULL - (unsigned long long)c : (unsigned long long)c;
        n += snprintf(buf + n, (size_t)(size - n), "%s", sign);
        if (n >= size) break;
        if (m != 1 || t->nfactors == 0)
            n += snprintf(buf + n, (size_t)(size - n), "%llu%s", m, t->nfactors ? "*" : "");
        for (int j = 0; j < t->nfactors && n < size; j++)
            n += snprintf(buf + n, (size_t)(size - n), "%s%s", j ? "*" : "", name ? name(t->factor[j], ctx) : "?");
    }
}
