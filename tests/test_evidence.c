/* test_evidence.c - typed evidence: list kinds, the typed readers, and
 * evidence_format, whose text is what JSON v1 and the text output show. */
#include "finding/finding.h"
#include "check.h"

#include <string.h>

/* evidence_format of the key, through a buffer of `size` bytes. */
static const char *format(const Finding *f, const char *key, size_t size, int *len)
{
    static char buf[256];
    const Evidence *e = finding_evidence(f, key);
    if (!e) return "(absent)";
    *len = evidence_format(e, buf, size);
    return buf;
}

int main(void)
{
    FindingList l;
    findings_init(&l);
    SrcRange r = {"k.cu", 3, 7, 3, 9};
    Finding *f = finding_new(&l, "test-rule", SEV_LOW, r, "k", "message");
    int len = 0, n = -1;

    const long long offsets[] = {0, 1, -3, 1234567890123LL};
    finding_int_list(&l, f, "offsets", offsets, 4);
    const char *fields[] = {"weight", "m"};
    finding_str_list(&l, f, "fields", fields, 2);
    fields[0] = "changed"; /* the finding keeps its own copy */
    finding_int_list(&l, f, "empty", NULL, 0);
    finding_int(&l, f, "K", 4);
    finding_bool(&l, f, "copy", true);
    finding_str(&l, f, "base", "in");

    /* typed readers */
    const long long *got = evidence_int_list(f, "offsets", &n);
    CHECK(got != NULL);
    CHECK_EQ_LL(n, 4);
    if (got && n == 4) {
        CHECK_EQ_LL(got[2], -3);
        CHECK_EQ_LL(got[3], 1234567890123LL);
    }
    const char *const *names = evidence_str_list(f, "fields", &n);
    CHECK_EQ_LL(n, 2);
    CHECK(names && strcmp(names[0], "weight") == 0 && strcmp(names[1], "m") == 0);
    CHECK(evidence_has_str(f, "fields", "m"));
    CHECK(!evidence_has_str(f, "fields", "we")); /* whole items, not substrings */
    CHECK(!evidence_has_str(f, "fields", "changed"));
    CHECK(evidence_has_str(f, "base", "in"));
    CHECK(!evidence_has_str(f, "base", "i"));
    CHECK(!evidence_has_str(f, "K", "4"));
    CHECK(!evidence_has_str(f, "missing", "x"));
    CHECK(evidence_int_list(f, "empty", &n) == NULL && n == 0);
    CHECK(evidence_int_list(f, "fields", &n) == NULL && n == 0); /* another kind */
    CHECK(evidence_str_list(f, "offsets", &n) == NULL && n == 0);
    CHECK(evidence_int_list(f, "missing", &n) == NULL && n == 0);
    CHECK_EQ_LL(evidence_int(f, "K", -1), 4);
    CHECK_EQ_LL(evidence_int(f, "copy", -1), 1);
    CHECK_EQ_LL(evidence_int(f, "offsets", -1), -1); /* a list is not an int */
    CHECK(strcmp(evidence_str(f, "base", "?"), "in") == 0);
    CHECK(strcmp(evidence_str(f, "fields", "?"), "?") == 0);

    /* the one text form: comma-joined lists, as JSON v1 has them */
    CHECK(strcmp(format(f, "offsets", 256, &len), "0,1,-3,1234567890123") == 0);
    CHECK_EQ_LL(len, 20);
    CHECK(strcmp(format(f, "fields", 256, &len), "weight,m") == 0);
    CHECK(strcmp(format(f, "empty", 256, &len), "") == 0 && len == 0);
    CHECK(strcmp(format(f, "K", 256, &len), "4") == 0);
    CHECK(strcmp(format(f, "copy", 256, &len), "true") == 0);
    CHECK(strcmp(format(f, "base", 256, &len), "in") == 0);
    /* truncated like snprintf, still NUL-terminated; the length is the full one */
    CHECK(strcmp(format(f, "offsets", 6, &len), "0,1,-") == 0);
    CHECK_EQ_LL(len, 20);
    CHECK_EQ_LL(evidence_format(finding_evidence(f, "fields"), NULL, 0), 8);

    /* a key set again keeps its place and takes the new kind */
    const long long one[] = {9};
    finding_int_list(&l, f, "K", one, 1);
    CHECK(strcmp(f->evidence[3].key, "K") == 0 && f->evidence[3].kind == EV_INT_LIST);
    CHECK(strcmp(format(f, "K", 256, &len), "9") == 0);

    findings_free(&l);
    return check_summary();
}
