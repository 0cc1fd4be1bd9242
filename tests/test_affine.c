/* test_affine.c - the symbolic evaluator of checker/affine.c, without libclang. */
#include "model/affine.h"
#include "check.h"

#include <limits.h>
#include <string.h>

enum { W = SYM_FIRST_USER, LOOP_I, K };

static const char *name(int s, void *ctx)
{
    (void)ctx;
    static const char *builtin[] = {"tx", "ty", "tz", "bx", "by", "bz", "bdx", "bdy", "bdz", "gdx", "gdy", "gdz"};
    if (s < SYM_FIRST_USER) return builtin[s];
    return s == W ? "width" : s == LOOP_I ? "i" : "K";
}

/* gid = blockIdx.x*blockDim.x + threadIdx.x */
static Affine gid(void)
{
    Affine bx = aff_symbol(SYM_BID_X, 0), bdx = aff_symbol(SYM_BDIM_X, 0), tx = aff_symbol(SYM_TID_X, 0);
    Affine p = aff_mul(&bx, &bdx);
    return aff_add(&p, &tx);
}

static void test_constants(void)
{
    Affine a = aff_const(3), b = aff_const(4);
    Affine s = aff_add(&a, &b), m = aff_mul(&a, &b), d = aff_sub(&a, &b);
    long long v;
    CHECK(aff_is_const(&s, &v) && v == 7);
    CHECK(aff_is_const(&m, &v) && v == 12);
    CHECK(aff_is_const(&d, &v) && v == -1);
    Affine z = aff_sub(&a, &a);
    CHECK(aff_is_const(&z, &v) && v == 0);
    CHECK_EQ_LL(z.nterms, 0);
}

static void test_gid_times_k(void)
{
    Affine g = gid(), two = aff_const(2), one = aff_const(1);
    Affine idx = aff_mul(&g, &two);
    idx = aff_add(&idx, &one); /* gid*2 + 1 */
    Affine c;
    long long v;
    CHECK(aff_coef(&idx, SYM_TID_X, &c) && aff_is_const(&c, &v) && v == 2);
    CHECK(aff_coef(&idx, SYM_BID_X, &c) && !aff_is_const(&c, NULL)); /* 2*blockDim.x */
    CHECK(idx.deps & DEP_THREAD);
    CHECK(idx.deps & DEP_BLOCK);
    CHECK(!aff_mentions(&idx, SYM_TID_Y));
    char buf[128];
    aff_format(&idx, name, NULL, buf, sizeof buf);
    CHECK(strcmp(buf, "1 + 2*tx + 2*bx*bdx") == 0);
}

static void test_row_walk(void)
{
    /* gid*width + i: coefficient of tx is the symbol width, of i is 1 */
    Affine g = gid(), w = aff_symbol(W, DEP_PARAM), i = aff_symbol(LOOP_I, DEP_LOOP);
    Affine idx = aff_mul(&g, &w);
    idx = aff_add(&idx, &i);
    Affine c;
    long long v;
    CHECK(aff_coef(&idx, SYM_TID_X, &c));
    CHECK(!aff_is_const(&c, NULL) && aff_mentions(&c, W));
    CHECK(aff_coef(&idx, LOOP_I, &c) && aff_is_const(&c, &v) && v == 1);
    CHECK(idx.deps & DEP_PARAM);
    CHECK(idx.deps & DEP_LOOP);
    /* scaled to bytes and back */
    Affine bytes = aff_scale(&idx, 4);
    Affine back = aff_div_const(&bytes, 4);
    CHECK(aff_equal(&back, &idx));
    Affine odd = aff_div_const(&idx, 3);
    CHECK(!odd.exact);
}

static void test_opaque_and_subst(void)
{
    Affine tx = aff_symbol(SYM_TID_X, 0), d = aff_opaque(DEP_DATA);
    Affine s = aff_add(&tx, &d);
    CHECK(!s.exact);
    CHECK((s.deps & (DEP_THREAD | DEP_DATA)) == (DEP_THREAD | DEP_DATA));
    Affine ty = aff_symbol(SYM_TID_Y, 0), bdx = aff_symbol(SYM_BDIM_X, 0);
    Affine lin = aff_mul(&ty, &bdx);
    lin = aff_add(&lin, &tx); /* ty*bdx + tx */
    Affine sub = aff_subst(&lin, SYM_BDIM_X, 16);
    Affine c;
    long long v;
    CHECK(aff_coef(&sub, SYM_TID_Y, &c) && aff_is_const(&c, &v) && v == 16);
    long long vals[SYM_FIRST_USER] = {0};
    vals[SYM_TID_X] = 3;
    vals[SYM_TID_Y] = 2;
    long long e = 0;
    CHECK(aff_eval(&sub, vals, SYM_FIRST_USER, 0, &e));
    CHECK_EQ_LL(e, 35);
    /* products of degree 2 in tx are not a coefficient */
    Affine sq = aff_mul(&tx, &tx);
    CHECK(!aff_coef(&sq, SYM_TID_X, &c));
}

static void test_overflow(void)
{
    Affine acc = aff_const(0);
    for (int s = 0; s < AFF_MAX_TERMS + 4; s++) {
        Affine t = aff_symbol(SYM_FIRST_USER + s, DEP_PARAM);
        acc = aff_add(&acc, &t);
    }
    CHECK(!acc.exact); /* too many terms: honest "unknown" */
    CHECK(acc.deps & DEP_PARAM);
    Affine k = aff_symbol(K, 0), prod = aff_const(1);
    for (int i = 0; i < AFF_MAX_FACTORS + 1; i++) prod = aff_mul(&prod, &k);
    CHECK(!prod.exact);
}

/* Coefficients at the edges of long long (source literals such as
 * a[9223372036854775807]) make a form opaque instead of wrapping: signed
 * overflow is undefined behaviour, and a wrapped coefficient a wrong model. */
static void test_coefficient_overflow(void)
{
    Affine tx = aff_symbol(SYM_TID_X, 0), w = aff_symbol(W, DEP_PARAM);
    Affine max = aff_const(LLONG_MAX), min = aff_const(LLONG_MIN), one = aff_const(1);
    long long v;
    CHECK(aff_is_const(&min, &v) && v == LLONG_MIN);

    Affine s = aff_add(&max, &one); /* add_term: constants */
    CHECK(!s.exact);
    Affine txmax = aff_scale(&tx, LLONG_MAX), tx2 = aff_scale(&tx, 2);
    CHECK(txmax.exact);
    s = aff_add(&txmax, &tx2); /* add_term: merging two tx terms */
    CHECK(!s.exact);
    CHECK(s.deps & DEP_THREAD);
    s = aff_sub(&min, &one);
    CHECK(!s.exact);
    s = aff_neg(&min); /* -LLONG_MIN */
    CHECK(!s.exact);
    s = aff_scale(&tx, LLONG_MIN);
    CHECK(s.exact);
    s = aff_scale(&s, -1);
    CHECK(!s.exact && (s.deps & DEP_THREAD));
    s = aff_scale(&txmax, 4); /* a[idx] with 4-byte elements */
    CHECK(!s.exact);

    Affine big = aff_const(3037000500LL); /* its square exceeds LLONG_MAX */
    Affine bw = aff_mul(&big, &w);
    CHECK(bw.exact);
    s = aff_mul(&bw, &big); /* mul_terms */
    CHECK(!s.exact && (s.deps & DEP_PARAM));
    s = aff_mul(&min, &min);
    CHECK(!s.exact);
    Affine mone = aff_const(-1);
    s = aff_mul(&min, &mone);
    CHECK(!s.exact);
    s = aff_mul(&max, &mone); /* -LLONG_MAX fits */
    CHECK(aff_is_const(&s, &v) && v == -LLONG_MAX);

    s = aff_div_const(&min, -1); /* LLONG_MIN / -1 */
    CHECK(!s.exact);
    s = aff_div_const(&min, 2);
    CHECK(aff_is_const(&s, &v) && v == LLONG_MIN / 2);

    Affine wtx = aff_mul(&w, &tx);
    wtx = aff_scale(&wtx, LLONG_MAX / 2);
    s = aff_subst(&wtx, W, 3); /* subst multiplies the coefficient */
    CHECK(!s.exact);
    s = aff_subst(&wtx, W, 2);
    Affine c;
    CHECK(s.exact && aff_coef(&s, SYM_TID_X, &c) && aff_is_const(&c, &v) && v == LLONG_MAX - 1);

    long long vals[SYM_FIRST_USER] = {0}, e = 42;
    vals[SYM_TID_X] = 2;
    CHECK(!aff_eval(&txmax, vals, SYM_FIRST_USER, 0, &e)); /* product overflows */
    CHECK_EQ_LL(e, 42);
    Affine sum = aff_add(&txmax, &max);
    vals[SYM_TID_X] = 1;
    CHECK(!aff_eval(&sum, vals, SYM_FIRST_USER, 0, &e)); /* sum overflows */
    vals[SYM_TID_X] = -1;
    CHECK(aff_eval(&sum, vals, SYM_FIRST_USER, 0, &e) && e == 0);
    Affine opaque = aff_opaque(DEP_DATA);
    CHECK(!aff_eval(&opaque, vals, SYM_FIRST_USER, 0, &e));

    char buf[128];
    Affine mintx = aff_scale(&tx, LLONG_MIN);
    mintx = aff_add(&mintx, &min);
    aff_format(&mintx, name, NULL, buf, sizeof buf);
    CHECK(strcmp(buf, "-9223372036854775808 - 9223372036854775808*tx") == 0);
}

/* n = index / S, s = index % S as symbols; with S = 1: n -> index, s -> 0 */
static void test_subst_affine(void)
{
    enum { Q = SYM_FIRST_USER, R, S, C };
    Affine q = aff_symbol(Q, DEP_THREAD), r = aff_symbol(R, DEP_THREAD), sz = aff_symbol(S, DEP_PARAM),
           ch = aff_symbol(C, DEP_PARAM), tx = aff_symbol(SYM_TID_X, 0), bx = aff_symbol(SYM_BID_X, 0),
           bd = aff_symbol(SYM_BDIM_X, 0);
    /* (q*C + 0)*S + r, the caffe channel walk without its loop term */
    Affine off = aff_mul(&q, &ch);
    off = aff_mul(&off, &sz);
    off = aff_add(&off, &r);
    Affine index = aff_mul(&bx, &bd);
    index = aff_add(&index, &tx); /* tx + bx*bd */
    Affine u = aff_subst(&off, S, 1);
    u = aff_subst_affine(&u, Q, &index);
    u = aff_subst(&u, R, 0);
    CHECK(u.exact);
    Affine c;
    CHECK(aff_coef(&u, SYM_TID_X, &c) && c.nterms == 1 && c.term[0].coef == 1 && c.term[0].nfactors == 1 &&
          c.term[0].factor[0] == C); /* lanes are C apart */
    CHECK(!aff_mentions(&u, Q) && !aff_mentions(&u, R) && !aff_mentions(&u, S));
    /* degree 2 in the replaced symbol: the value squared */
    Affine q2 = aff_mul(&q, &q);
    Affine two = aff_const(2);
    Affine sq = aff_subst_affine(&q2, Q, &two);
    long long v;
    CHECK(aff_is_const(&sq, &v) && v == 4);
    /* an opaque replacement makes a mentioning value opaque, leaves the others */
    Affine op = aff_opaque(DEP_DATA);
    CHECK(!aff_subst_affine(&off, Q, &op).exact);
    CHECK(aff_subst_affine(&index, Q, &op).exact);
}

/* aff_bound: index = 4*tid - 8*j + 3 with tid <= 255, j <= 9: at most
 * 4*255 + 3, at least 3 - 8*9; an unknown maximum fails only the side that
 * needs it. */
static void test_bound(void)
{
    const int J = SYM_FIRST_USER;
    Affine tid = aff_symbol(SYM_TID_X, DEP_THREAD), j = aff_symbol(J, DEP_LOOP), three = aff_const(3);
    Affine a = aff_scale(&tid, 4), b = aff_scale(&j, -8);
    Affine index = aff_add(&a, &b);
    index = aff_add(&index, &three);
    long long max[SYM_FIRST_USER + 1];
    for (int i = 0; i <= SYM_FIRST_USER; i++) max[i] = -1;
    max[SYM_TID_X] = 255;
    max[J] = 9;
    long long v = 0;
    CHECK(aff_bound(&index, max, SYM_FIRST_USER + 1, true, &v) && v == 4 * 255 + 3);
    CHECK(aff_bound(&index, max, SYM_FIRST_USER + 1, false, &v) && v == 3 - 8 * 9);
    max[J] = -1; /* j unknown: the upper bound does not need it, the lower does */
    CHECK(aff_bound(&index, max, SYM_FIRST_USER + 1, true, &v) && v == 4 * 255 + 3);
    CHECK(!aff_bound(&index, max, SYM_FIRST_USER + 1, false, &v));
    CHECK(!aff_bound(&index, max, SYM_FIRST_USER, false, &v)); /* outside the table */
    Affine opaque = aff_opaque(DEP_DATA);
    CHECK(!aff_bound(&opaque, max, SYM_FIRST_USER + 1, true, &v));
}

int main(void)
{
    test_bound();
    test_constants();
    test_gid_times_k();
    test_row_walk();
    test_opaque_and_subst();
    test_subst_affine();
    test_overflow();
    test_coefficient_overflow();
    return check_summary();
}
