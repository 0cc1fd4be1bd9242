/* test_affine.c - the symbolic evaluator of checker/affine.c, without libclang. */
#include "model/affine.h"
#include "check.h"

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
    CHECK_EQ_LL(aff_eval(&sub, vals, SYM_FIRST_USER, 0), 35);
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

int main(void)
{
    test_constants();
    test_gid_times_k();
    test_row_walk();
    test_opaque_and_subst();
    test_overflow();
    return check_summary();
}
