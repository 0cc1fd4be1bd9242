/* test_engine.c - the engine as a language server would use it: one Engine
 * lints in-memory buffers (no file on disk) repeatedly, each into its own
 * result with the same findings, and rejects bad buffers with a problem
 * that names the path. */
#include "engine/engine.h"
#include "check.h"

#include <string.h>

static const char KERNEL[] =
    "__global__ void sum_pairs(const float* in, float* out, int n)\n"
    "{\n"
    "    int gid = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (gid < n) out[gid] = in[gid * 2] + in[gid * 2 + 1];\n"
    "}\n";

int main(void)
{
    EngineOptions o;
    memset(&o, 0, sizeof o);
    o.frontend.headers = HEADERS_SHIM;
    o.frontend.data_dir = GPULINT_SOURCE_DIR;
    char err[512];
    Engine *e = engine_new(&o, err, sizeof err);
    CHECK(e != NULL);
    if (!e) {
        fprintf(stderr, "engine_new: %s\n", err);
        return check_summary();
    }
    for (int round = 0; round < 2; round++) {
        FileResult r;
        CHECK(engine_lint_file(e, "unsaved/pairs.cu", KERNEL, sizeof KERNEL - 1, &r));
        CHECK(strcmp(r.path, "unsaved/pairs.cu") == 0);
        CHECK(r.read);
        CHECK_EQ_LL(r.problems.nerrors, 0);
        CHECK_EQ_LL(r.kernels, 1);
        CHECK_EQ_LL(r.findings.n, 1);
        if (r.findings.n == 1) {
            const Finding *f = &r.findings.items[0];
            CHECK(strcmp(f->rule, "uncoalesced-adjacent") == 0);
            CHECK(strcmp(f->range.file, "unsaved/pairs.cu") == 0);
            CHECK_EQ_LL(f->range.line, 4);
            CHECK(strcmp(f->id, "uncoalesced-adjacent-pairs_cu-L4-C29") == 0);
        }
        file_result_free(&r);
    }
    FileResult r;
    CHECK(!engine_lint_file(e, "unsaved/binary.cu", "ab\0cd", 5, &r));
    CHECK_EQ_LL(r.problems.nerrors, 1);
    CHECK(r.problems.nerrors == 1 && strcmp(r.problems.errors[0].file, "unsaved/binary.cu") == 0);
    file_result_free(&r);
    CHECK(engine_lint_file(e, "unsaved/empty.cu", "", 0, &r));
    CHECK_EQ_LL(r.problems.nnotes, 1);
    CHECK_EQ_LL(r.findings.n, 0);
    file_result_free(&r);
    engine_free(e);
    return check_summary();
}
