/* affine.h - symbolic integer values over thread/block indices, loop counters
 * and uniform symbols.
 *
 * An Affine is a small polynomial  sum_i coef_i * prod_j sym_ij  with integer
 * coefficients.  Products of uniform symbols (blockIdx.x*blockDim.x*width) are
 * kept as terms, so "the coefficient of threadIdx.x" can itself be symbolic
 * (e.g. `width`).  When an expression cannot be represented (division by a
 * symbol, a loaded value, a coefficient that overflows long long, ...) `exact`
 * is false and only `deps` is meaningful.
 * Pure C, no libclang: unit-tested on its own (tests/test_affine.c). */
#ifndef GPULINT_AFFINE_H
#define GPULINT_AFFINE_H

#include <stdbool.h>

/* Fixed symbol ids for the CUDA built-in variables; other ids are per kernel. */
enum {
    SYM_TID_X = 0, SYM_TID_Y, SYM_TID_Z,
    SYM_BID_X, SYM_BID_Y, SYM_BID_Z,
    SYM_BDIM_X, SYM_BDIM_Y, SYM_BDIM_Z,
    SYM_GDIM_X, SYM_GDIM_Y, SYM_GDIM_Z,
    SYM_FIRST_USER
};

/* What a value depends on (a union over all its inputs). */
enum {
    DEP_THREAD   = 1u << 0, /* threadIdx */
    DEP_BLOCK    = 1u << 1, /* blockIdx */
    DEP_DIM      = 1u << 2, /* blockDim / gridDim */
    DEP_LOOP     = 1u << 3, /* changes between loop iterations */
    DEP_PARAM    = 1u << 4, /* a kernel parameter */
    DEP_CONSTMEM = 1u << 5, /* a __constant__ variable */
    DEP_DATA     = 1u << 6, /* a value loaded from memory */
    DEP_TEMPLATE = 1u << 7, /* a template parameter (pattern analysis) */
    DEP_UNKNOWN  = 1u << 8  /* something not modelled (unknown call, ...) */
};

#define AFF_MAX_TERMS 16
#define AFF_MAX_FACTORS 4

typedef struct {
    long long coef;
    unsigned char nfactors;
    short factor[AFF_MAX_FACTORS]; /* symbol ids, sorted ascending */
} AffTerm;

typedef struct {
    bool exact;              /* terms describe the value exactly */
    unsigned deps;           /* DEP_* bits, valid even when !exact */
    int nterms;              /* canonical: merged, no zero coefs, sorted */
    AffTerm term[AFF_MAX_TERMS];
} Affine;

/* Dependency bits of a built-in symbol id (0 for user symbols). */
unsigned aff_builtin_deps(int sym);

Affine aff_const(long long c);
Affine aff_symbol(int sym, unsigned deps);
Affine aff_opaque(unsigned deps);
Affine aff_add(const Affine *a, const Affine *b);
Affine aff_sub(const Affine *a, const Affine *b);
Affine aff_neg(const Affine *a);
Affine aff_mul(const Affine *a, const Affine *b);
Affine aff_scale(const Affine *a, long long k);
/* Exact division by a constant when every coefficient is divisible. */
Affine aff_div_const(const Affine *a, long long k);
/* Combine for non-affine operators: result is opaque with the union of deps. */
Affine aff_join(const Affine *a, const Affine *b);

bool aff_is_const(const Affine *a, long long *value);
bool aff_equal(const Affine *a, const Affine *b);
bool aff_mentions(const Affine *a, int sym);
/* Coefficient of `sym` (terms containing it exactly once, with it removed).
 * Returns false when `sym` appears with degree > 1. */
bool aff_coef(const Affine *a, int sym, Affine *coef);
/* The value with every term mentioning any symbol in [lo,hi] removed. */
Affine aff_drop_range(const Affine *a, int lo, int hi);
/* Replace symbol `sym` by the constant `value`. */
Affine aff_subst(const Affine *a, int sym, long long value);
/* Replace symbol `sym` by the polynomial `value` (opaque when the product
 * does not fit). */
Affine aff_subst_affine(const Affine *a, int sym, const Affine *value);
/* Evaluate with symbol values from `vals` (indexed by id, nvals long);
 * symbols outside the table evaluate to `other`.  False (and *value
 * untouched) when `a` is not exact or the value overflows long long. */
bool aff_eval(const Affine *a, const long long *vals, int nvals, long long other, long long *value);

/* A bound of an exact value whose symbols range over [0, maxima[s]]: the
 * upper bound counts the positive terms at the maxima (the negative ones
 * only lower it), the lower bound the constant and the negative terms.
 * False when a term that counts needs a symbol whose maximum is unknown
 * (negative, or outside the table of n), or on overflow. */
bool aff_bound(const Affine *a, const long long *maxima, int n, bool upper, long long *out);

/* Render as text with symbol names from a callback (for debugging/evidence). */
typedef const char *(*AffNameFn)(int sym, void *ctx);
void aff_format(const Affine *a, AffNameFn name, void *ctx, char *buf, int size);

#endif
