/* test_strset.c - util/strset: distinct strings in insertion order. */
#include "util/strset.h"
#include "check.h"

#include <string.h>

int main(void)
{
    Arena a = {0};
    StrSet s = {NULL, 0};
    CHECK(strcmp(strset_join(&s, ",", &a), "") == 0);
    CHECK(!strset_contains(&s, "x"));
    CHECK(strset_add(&s, "weight"));
    CHECK(strset_add(&s, "m"));
    CHECK(!strset_add(&s, "weight"));  /* already there */
    CHECK(!strset_add(&s, NULL));
    CHECK(strset_add(&s, "w"));        /* a prefix of another item is its own item */
    CHECK_EQ_LL(s.n, 3);
    CHECK(strset_contains(&s, "m"));
    CHECK(!strset_contains(&s, "we"));
    CHECK(strcmp(strset_join(&s, ",", &a), "weight,m,w") == 0);
    CHECK(strcmp(strset_join(&s, ", ", &a), "weight, m, w") == 0);
    strset_free(&s);
    CHECK(s.n == 0 && s.items == NULL);
    CHECK(strset_add(&s, "again"));    /* usable after free */
    strset_free(&s);
    arena_free(&a);
    return check_summary();
}
