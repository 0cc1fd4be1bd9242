/* test_result_wire.c - a FileResult survives the trip through a worker's
 * socket exactly (every evidence kind, related locations, fixes, ids,
 * measured results, problems, the log text), so do an editor's document
 * request (any bytes, the other open documents) and its answer, and a
 * truncated or corrupted message is rejected without a crash (run under
 * ASan in CI). */
#include "isolate/result_wire.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static void make_result(FileResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    r->path = strdup("dir/file.cu");
    r->read = true;
    r->kernels = 3;
    r->seconds = 0.125;
    FindingList *l = &r->findings;
    SrcRange at = {"dir/file.cu", 12, 19, 12, 34};
    Finding *f = finding_new(l, "uncoalesced-adjacent", SEV_HIGH, at, "load_pair", "reads %d adjacent", 2);
    finding_int(l, f, "K", 2);
    finding_str(l, f, "base", "in");
    finding_bool(l, f, "in_loop", true);
    const long long offs[] = {0, 1, -9223372036854775807LL - 1};
    finding_int_list(l, f, "offsets", offs, 3);
    const char *names[] = {"a", "", "c,d"};
    finding_str_list(l, f, "names", names, 3);
    finding_int_list(l, f, "empty", NULL, 0);
    SrcRange rel = {"dir/other.cuh", 13, 1, 13, 5};
    finding_related(l, f, rel, "adjacent load %s", "here");
    Fix *x = finding_fix(l, f, "use float2");
    finding_replacement(l, x, at, "4.0f", "4.0");
    SrcRange ins = {"dir/file.cu", 1, 1, 1, 1};
    finding_replacement(l, x, ins, "#include <x>\n", NULL);
    finding_fix(l, f, "advice only");
    f->measured.present = true;
    f->measured.gpu = "H100";
    f->measured.speedup = 2.75;
    f->measured.spread_lo = 2.5;
    f->measured.spread_hi = 3.0;
    f->measured.variant = "float2";
    f->measured.verdict = "confirmed";
    SrcRange at2 = {"dir/file.cu", 20, 1, 20, 2};
    finding_new(l, "double-literal", SEV_LOW, at2, NULL, "second");
    findings_finish(l);
    diag_note(&r->problems, "dir/file.cu", 3, 4, "a note");
    diag_error(&r->problems, NULL, 0, 0, "an error tied to no file");
    diag_error(&r->problems, "dir/file.cu", 0, 0, "another error");
}

/* Every truncation of a message is refused; corrupted bytes are decoded or
 * refused, never a crash or a leak.  decode returns whether it accepted
 * (and frees what it decoded). */
static int truncations_accepted(const WireBuf *a, bool (*decode)(const char *, size_t))
{
    int accepted = 0;
    for (size_t len = 0; len < a->len; len++) accepted += decode(a->data, len);
    srand(1);
    char *copy = malloc(a->len);
    for (int round = 0; round < 20000; round++) {
        memcpy(copy, a->data, a->len);
        for (int k = 0; k < 1 + round % 4; k++) copy[(size_t)rand() % a->len] = (char)rand();
        decode(copy, a->len);
    }
    free(copy);
    return accepted;
}

static bool decode_request(const char *data, size_t len)
{
    DocumentRequest rq;
    if (!document_request_decode(data, len, &rq)) return false;
    document_request_free(&rq);
    return true;
}

static bool decode_answer(const char *data, size_t len)
{
    bool ok;
    DocumentInfo info;
    FileResult r;
    char *log;
    size_t log_len;
    if (!document_answer_decode(data, len, &ok, &info, &r, &log, &log_len)) return false;
    document_info_free(&info);
    file_result_free(&r);
    free(log);
    return true;
}

static void test_documents(const FileResult *r)
{
    /* the buffer holds a NUL and invalid UTF-8: bytes as they are */
    const char text[] = "__global__ void k(float *a) {\0 a[0] = 0.5; }\xff\n";
    FrontendBuffer open[2] = {{"dir/a.cuh", "#pragma once\n", 13}, {"dir/empty.cuh", "", 0}};
    WireBuf a = {0};
    document_request_encode("dir/file.cu", text, sizeof text - 1, open, 2, true, &a);
    DocumentRequest rq;
    CHECK(document_request_decode(a.data, a.len, &rq));
    CHECK(strcmp(rq.path, "dir/file.cu") == 0);
    CHECK(rq.len == sizeof text - 1 && memcmp(rq.text, text, rq.len) == 0 && rq.text[rq.len] == 0);
    CHECK_EQ_LL(rq.nopen, 2);
    if (rq.nopen == 2) {
        CHECK(strcmp(rq.open[0].path, "dir/a.cuh") == 0 && rq.open[0].size == 13);
        CHECK(memcmp(rq.open[0].contents, "#pragma once\n", 13) == 0);
        CHECK(strcmp(rq.open[1].path, "dir/empty.cuh") == 0 && rq.open[1].size == 0);
    }
    CHECK(rq.no_preamble);
    document_request_free(&rq);
    CHECK_EQ_LL(truncations_accepted(&a, decode_request), 0);
    /* an empty path is refused */
    WireBuf e = {0};
    document_request_encode("", text, 3, NULL, 0, false, &e);
    CHECK(!decode_request(e.data, e.len));
    wire_buf_free(&e);
    wire_buf_free(&a);

    char *included[] = {"dir/a.cuh", "/usr/include/x.h"};
    DocumentInfo info = {true, 3, included, 2, 1, 0.25, 0.0125, HOST_SLICE_CHECKED};
    document_answer_encode(false, &info, r, "log\n", 4, &a);
    bool ok = true;
    DocumentInfo back_info;
    FileResult back;
    char *log;
    size_t log_len;
    CHECK(document_answer_decode(a.data, a.len, &ok, &back_info, &back, &log, &log_len));
    CHECK(!ok && back_info.reused && back_info.kept == 3 && back_info.declared_files == 1);
    CHECK(back_info.nincluded == 2 && strcmp(back_info.included[1], "/usr/include/x.h") == 0);
    CHECK(back_info.parse_seconds == 0.25 && back_info.model_seconds == 0.0125); /* whole microseconds: exact */
    CHECK(back_info.host_slice == HOST_SLICE_CHECKED);
    CHECK(log_len == 4 && strcmp(log, "log\n") == 0);
    CHECK_EQ_LL(back.findings.n, r->findings.n);
    CHECK(strcmp(back.path, r->path) == 0);
    document_info_free(&back_info);
    file_result_free(&back);
    free(log);
    CHECK_EQ_LL(truncations_accepted(&a, decode_answer), 0);
    wire_buf_free(&a);
}

static bool decode_result(const char *data, size_t len)
{
    FileResult r;
    char *log;
    size_t log_len;
    if (!result_decode(data, len, &r, &log, &log_len)) return false;
    file_result_free(&r);
    free(log);
    return true;
}

int main(void)
{
    FileResult r;
    make_result(&r);
    const char log[] = "gpulint: dir/file.cu\nkernel load_pair ...\n";
    WireBuf a = {0};
    result_encode(&r, log, sizeof log - 1, &a);

    FileResult back;
    char *text;
    size_t text_len;
    CHECK(result_decode(a.data, a.len, &back, &text, &text_len));
    /* exact: the decoded result encodes to the same bytes */
    WireBuf b = {0};
    result_encode(&back, text, text_len, &b);
    CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    CHECK(text_len == sizeof log - 1 && strcmp(text, log) == 0);
    CHECK(strcmp(back.path, "dir/file.cu") == 0);
    CHECK_EQ_LL(back.findings.n, 2);
    CHECK_EQ_LL(back.problems.nerrors, 2);
    CHECK_EQ_LL(back.problems.nnotes, 1);
    CHECK(back.problems.errors[0].file == NULL);
    if (back.findings.n == 2) {
        const Finding *f = &back.findings.items[0];
        CHECK(strcmp(f->rule, "uncoalesced-adjacent") == 0);
        CHECK(f->severity == SEV_HIGH);
        CHECK(strcmp(f->id, r.findings.items[0].id) == 0);
        int n;
        const long long *ints = evidence_int_list(f, "offsets", &n);
        CHECK(n == 3 && ints && ints[2] == -9223372036854775807LL - 1);
        const char *const *strs = evidence_str_list(f, "names", &n);
        CHECK(n == 3 && strs && strcmp(strs[2], "c,d") == 0);
        CHECK(finding_evidence(f, "in_loop") && finding_evidence(f, "in_loop")->kind == EV_BOOL);
        CHECK(f->nfixes == 2 && f->fixes[0].nreplacements == 2 && f->fixes[0].replacements[1].original == NULL);
        CHECK(f->measured.present && f->measured.speedup == 2.75);
        CHECK(back.findings.items[1].kernel == NULL);
        /* the de-duplication keys came along: the same finding is refused */
        SrcRange at = {"dir/file.cu", 12, 19, 12, 34};
        CHECK(finding_new(&back.findings, "uncoalesced-adjacent", SEV_HIGH, at, "load_pair", "reads %d adjacent", 2) ==
              NULL);
    }
    file_result_free(&back);
    free(text);

    CHECK_EQ_LL(truncations_accepted(&a, decode_result), 0);
    test_documents(&r);
    wire_buf_free(&a);
    wire_buf_free(&b);
    file_result_free(&r);
    return check_summary();
}
