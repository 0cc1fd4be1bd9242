/* test_findings.c - building findings stays linear: de-duplication and ids
 * use hash sets, so 50,000 findings (plus as many duplicates) take
 * milliseconds, not the minutes a pairwise scan would; and a run of several
 * files drops a header's finding reported twice and numbers shared ids. */
#include "engine/run_registry.h"
#include "check.h"

#include <string.h>
#include <time.h>

enum { MANY = 50000 };

static Finding *add(FindingList *l, const char *file, unsigned line, const char *msg)
{
    SrcRange r = {file, line, 3, line, 9};
    return finding_new(l, "double-literal", SEV_HIGH, r, "k", "%s", msg);
}

static void many_findings(void)
{
    clock_t t0 = clock();
    FindingList l;
    findings_init(&l);
    int created = 0;
    for (int pass = 0; pass < 2; pass++) /* the second pass repeats every finding */
        for (unsigned i = 0; i < MANY; i++) {
            char msg[64];
            snprintf(msg, sizeof msg, "finding %u", i % 1000);
            if (add(&l, i % 2 ? "a.cu" : "dir/b.cu", i + 1, msg)) created++;
        }
    CHECK_EQ_LL(created, MANY);
    CHECK_EQ_LL(l.n, MANY);
    /* same position, other message: a different finding */
    CHECK(add(&l, "a.cu", 2, "another message") != NULL);
    /* no file: never a duplicate */
    CHECK(add(&l, NULL, 1, "x") != NULL);
    CHECK(add(&l, NULL, 1, "x") != NULL);
    findings_finish(&l);
    CHECK_EQ_LL(l.n, MANY + 3);
    StrMap ids;
    memset(&ids, 0, sizeof ids);
    int distinct = 0;
    for (int i = 0; i < l.n; i++) distinct += strmap_increment(&ids, l.items[i].id) == 1;
    CHECK_EQ_LL(distinct, l.n);
    strmap_free(&ids);
    findings_free(&l);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    fprintf(stderr, "%d findings in %.3f s\n", MANY, seconds);
    CHECK(seconds < 10); /* quadratic would be minutes */
}

static void run_of_two_files(void)
{
    RunRegistry reg;
    memset(&reg, 0, sizeof reg);
    FindingList first, second;
    findings_init(&first);
    findings_init(&second);
    add(&first, "x/k.cu", 5, "m");
    add(&first, "common.cuh", 7, "in a header");
    findings_finish(&first);
    add(&second, "common.cuh", 7, "in a header"); /* the same header finding again */
    add(&second, "y/k.cu", 5, "m");               /* same file name and position, other directory */
    findings_finish(&second);
    run_registry_add(&reg, &first);
    run_registry_add(&reg, &second);
    CHECK_EQ_LL(first.n, 2);
    CHECK_EQ_LL(second.n, 1);
    CHECK(strcmp(second.items[0].range.file, "y/k.cu") == 0);
    CHECK(strcmp(second.items[0].id, "double-literal-k_cu-L5-C3-2") == 0);
    findings_free(&first);
    findings_free(&second);
    run_registry_free(&reg);
}

int main(void)
{
    many_findings();
    run_of_two_files();
    return check_summary();
}
