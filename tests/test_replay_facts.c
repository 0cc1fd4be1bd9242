/* test_replay_facts.c - what a replay of a finding's kernel is given
 * (rules/replay_facts.c): the launch site's shape and values where the file
 * has them, stated assumptions otherwise (a 2-D block for a kernel that reads
 * threadIdx.y, a row width of 64, sizes shrunk until the buffers fit in
 * 4 GiB), struct arguments' fields, typedef'd scalars, and each buffer's
 * size: an upper bound of the bytes its accesses reach at those values.
 * Without --emit-bench (EngineOptions.replay_facts) findings carry none. */
#include "engine/engine.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* The evidence of the only finding of rule `rule` in the buffer. */
static const Finding *lint(Engine *e, const char *name, const char *src, const char *rule, FileResult *r)
{
    CHECK(engine_lint_file(e, name, src, strlen(src), r));
    const Finding *found = NULL;
    for (int i = 0; i < r->findings.n; i++)
        if (strcmp(r->findings.items[i].rule, rule) == 0) found = &r->findings.items[i];
    CHECK(found != NULL);
    if (!found) fprintf(stderr, "%s: no %s finding\n", name, rule);
    return found;
}

static long long ev_int_at(const Finding *f, const char *key, int i)
{
    int n = 0;
    const long long *v = evidence_int_list(f, key, &n);
    return v && i < n ? v[i] : -999;
}

static const char *ev_str_at(const Finding *f, const char *key, int i)
{
    int n = 0;
    const char *const *v = evidence_str_list(f, key, &n);
    return v && i < n ? v[i] : "";
}

static bool assumed_has(const Finding *f, const char *text)
{
    int n = 0;
    const char *const *v = evidence_str_list(f, "replay_assumed", &n);
    for (int i = 0; i < n; i++)
        if (strstr(v[i], text)) return true;
    return false;
}

/* A constant launch: shape and values from it, nothing assumed; in[2*i]
 * reaches 2*(4096*256-1) elements, out[i] 4096*256. */
static void launch_site(Engine *e)
{
    FileResult r;
    const Finding *f = lint(e, "mem/launch.cu",
                            "__global__ void k(const float* in, float* out, int n)\n"
                            "{\n"
                            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    if (i < n) out[i] = in[2 * i] * 0.5;\n"
                            "}\n"
                            "void run(const float* in, float* out) { k<<<4096, 256>>>(in, out, 1048576); }\n",
                            "double-literal", &r);
    if (f) {
        CHECK(strcmp(evidence_str(f, "replay_kernel", ""), "k") == 0);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 0), 4096);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 3), 256);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 4), 1);
        CHECK(strcmp(ev_str_at(f, "replay_values", 2), "1048576") == 0);
        CHECK(strcmp(ev_str_at(f, "replay_params", 0), "ptr f32 4 r") == 0);
        CHECK(strcmp(ev_str_at(f, "replay_params", 1), "ptr f32 4 w") == 0);
        CHECK(strcmp(ev_str_at(f, "replay_params", 2), "val int 4") == 0);
        CHECK_EQ_LL(ev_int_at(f, "replay_extents", 0), 2LL * (4096 * 256 - 1) * 4 + 4);
        CHECK_EQ_LL(ev_int_at(f, "replay_extents", 1), 4096LL * 256 * 4);
        CHECK(finding_evidence(f, "replay_assumed") == NULL);
        CHECK_EQ_LL(evidence_int(f, "replay_launch_line", 0), 6);
    }
    file_result_free(&r);
}

/* No launch site, a kernel that reads threadIdx.y: a 32x8 block and a square
 * grid of 2048x2048 threads, both stated. */
static void assumed_2d(Engine *e)
{
    FileResult r;
    const Finding *f = lint(e, "mem/twod.cu",
                            "__global__ void k(const float* in, float* out, int w)\n"
                            "{\n"
                            "    int x = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    int y = blockIdx.y * blockDim.y + threadIdx.y;\n"
                            "    out[y * w + x] = in[y * w + x] * 2.0;\n"
                            "}\n",
                            "double-literal", &r);
    if (f) {
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 3), 32);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 4), 8);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 0) * 32, 2048);
        CHECK_EQ_LL(ev_int_at(f, "replay_launch", 1) * 8, 2048);
        CHECK(assumed_has(f, "block 32x8x1"));
        CHECK(assumed_has(f, "w = 64 (a row width"));
        /* y * 64 + x with x < 2048: (2047 * 64 + 2047) * 4 + 4 bytes */
        CHECK_EQ_LL(ev_int_at(f, "replay_extents", 1), (2047LL * 64 + 2047) * 4 + 4);
    }
    file_result_free(&r);
}

/* A per-thread row walk whose shape is a struct argument: its fields are
 * given values (cols a row width, rows the threads launched), and the
 * finding says how far apart the lanes are at those values. */
static void struct_argument(Engine *e)
{
    FileResult r;
    const Finding *f = lint(e, "mem/rows.cu",
                            "struct Dims { int rows, cols; };\n"
                            "__global__ void k(const float* a, float* s, Dims d)\n"
                            "{\n"
                            "    int row = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    if (row >= d.rows) return;\n"
                            "    float t = 0.0f;\n"
                            "    for (int j = 0; j < d.cols; ++j) t += a[row * d.cols + j];\n"
                            "    s[row] = t;\n"
                            "}\n",
                            "uncoalesced-row", &r);
    if (f) {
        CHECK(strcmp(ev_str_at(f, "replay_params", 2), "rec raw 8") == 0);
        const char *v = ev_str_at(f, "replay_values", 2);
        CHECK(strstr(v, "cols=64") != NULL && strstr(v, "rows=1081344") != NULL);
        CHECK_EQ_LL(evidence_int(f, "replay_lane_stride", 0), 64);
        CHECK_EQ_LL(evidence_int(f, "replay_rewrite_param", -1), 0);
        CHECK_EQ_LL(ev_int_at(f, "replay_rewrites", 0), 7);
        /* rows * cols floats: (1081343 * 64 + 63) * 4 + 4 */
        CHECK_EQ_LL(ev_int_at(f, "replay_extents", 0), (1081343LL * 64 + 63) * 4 + 4);
    }
    file_result_free(&r);
}

/* A size that squares (a[j * n + i], j < n): the threads launched would need
 * terabytes, so the size shrinks by 8 until the buffers fit in 4 GiB, and the
 * assumption says why; a typedef'd scalar is an integer. */
static void shrunk_size(Engine *e)
{
    FileResult r;
    const Finding *f = lint(e, "mem/square.cu",
                            "typedef int idx_t;\n"
                            "__global__ void k(float* a, idx_t n)\n"
                            "{\n"
                            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    if (i >= n) return;\n"
                            "    for (int j = 0; j < n; ++j) a[j * n + i] = a[j * n + i] * 0.5;\n"
                            "}\n",
                            "double-literal", &r);
    if (f) {
        CHECK(strcmp(ev_str_at(f, "replay_params", 1), "val int 4") == 0);
        long long n = atoll(ev_str_at(f, "replay_values", 1));
        CHECK_EQ_LL(n, 1081344 / 64);
        CHECK(assumed_has(f, "would need over 4 GiB of buffers"));
        long long extent = ev_int_at(f, "replay_extents", 0);
        CHECK(extent > 0 && extent <= (4LL << 30));
    }
    file_result_free(&r);
}

/* A __device__ function no kernel calls is analysed on its own, and
 * cannot be launched: refused, with why. */
static void refused_device_root(Engine *e)
{
    FileResult r;
    const Finding *f = lint(e, "mem/root.cu",
                            "__device__ float gain(float x)\n"
                            "{\n"
                            "    return x * 0.5;\n"
                            "}\n",
                            "double-literal", &r);
    if (f) {
        CHECK(strstr(evidence_str(f, "replay_refused", ""), "__device__ function") != NULL);
        CHECK(finding_evidence(f, "replay_kernel") == NULL);
    }
    file_result_free(&r);
}

static Engine *engine(bool replay)
{
    EngineOptions o;
    memset(&o, 0, sizeof o);
    o.frontend.headers = HEADERS_SHIM;
    o.frontend.data_dir = GPULINT_SOURCE_DIR;
    o.no_project = true;
    o.replay_facts = replay;
    char err[512];
    Engine *e = engine_new(&o, err, sizeof err);
    if (!e) fprintf(stderr, "engine_new: %s\n", err);
    return e;
}

int main(void)
{
    Engine *e = engine(true);
    CHECK(e != NULL);
    if (!e) return check_summary();
    launch_site(e);
    assumed_2d(e);
    struct_argument(e);
    shrunk_size(e);
    refused_device_root(e);
    engine_free(e);
    /* without --emit-bench: no replay_* key */
    Engine *plain = engine(false);
    CHECK(plain != NULL);
    if (plain) {
        FileResult r;
        const Finding *f = lint(plain, "mem/plain.cu",
                                "__global__ void k(const float* in, float* out)\n"
                                "{ int i = threadIdx.x; out[i] = in[i] * 0.5; }\n",
                                "double-literal", &r);
        if (f) CHECK(finding_evidence(f, "replay_kernel") == NULL && finding_evidence(f, "replay_params") == NULL);
        file_result_free(&r);
        engine_free(plain);
    }
    return check_summary();
}
