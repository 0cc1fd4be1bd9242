/* fuzz_baseline.c - libFuzzer target over the JSON files a run reads back:
 * the input is read both as a --baseline file (report/baseline.c) and as an
 * --impact results file (bench/impact.c: bench_load_impact, then
 * bench_attach_impact onto a few findings with benchmark generators and
 * fixed fingerprints, which seeds can name).  Both readers take a path, so
 * the input is written to a private directory first.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "bench/bench.h"
#include "report/baseline.h"
#include "fuzz_common.h"

static char input_path[PATH_MAX];

/* Fingerprints the seeds use (tests/fuzz/seeds/baseline/). */
static const char *const fingerprints[] = {"00000000000000a1", "00000000000000b2", "00000000000000c3"};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("baseline");
    fuzz_path(input_path, sizeof input_path, "results.json");
    return 0;
}

/* Findings whose benchmark parameters are those of the seeds. */
static void make_findings(FindingList *l)
{
    findings_init(l);
    SrcRange r = {"k.cu", 10, 5, 10, 9};
    Finding *f = finding_new(l, "uncoalesced-adjacent", SEV_HIGH, r, "k", "adjacent");
    finding_int(l, f, "K", 4);
    finding_int(l, f, "element_bytes", 8);
    finding_str(l, f, "element_type", "double");
    finding_str(l, f, "access", "load");
    f->fingerprint = fingerprints[0];
    r.line = 20;
    f = finding_new(l, "uncoalesced-row", SEV_MEDIUM, r, "k", "row");
    finding_int(l, f, "element_bytes", 4);
    finding_int(l, f, "row_width_value", 16);
    f->fingerprint = fingerprints[1];
    r.line = 30;
    f = finding_new(l, "uncoalesced-row", SEV_LOW, r, "k", "row without a fingerprint");
    finding_str(l, f, "row_width", "width");
    finding_int(l, f, "element_bytes", 4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!write_file(input_path, (const char *)data, size)) abort();
    Diagnostics d;
    memset(&d, 0, sizeof d);

    Baseline *b = baseline_load(input_path, &d);
    if (b) {
        for (int i = 0; i < 3; i++)
            while (baseline_take(b, fingerprints[i]) && baseline_taken(b) < 1000) {
            }
        baseline_free(b);
    }

    ImpactResults *impact = bench_load_impact(input_path, &d);
    if (impact) {
        FindingList l;
        make_findings(&l);
        bench_attach_impact(impact, &l);
        findings_free(&l);
        bench_free_impact(impact);
    }
    diagnostics_free(&d);
    return 0;
}
