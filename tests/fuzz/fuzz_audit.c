/* fuzz_audit.c - libFuzzer target over the audit's results.jsonl reader
 * (app/audit_results.c, from a memory stream) and what is built from its
 * records alone: results.jsonl written back in order, and report.html
 * (app/audit_html.c).  The input's parts are separated by NUL bytes: the
 * results.jsonl text, then, when present, the measured results the report
 * merges (a JSON object of fingerprint -> {speedup, verdict, gpu}).
 * Output files go to a private directory.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "app/audit.h"
#include "fuzz_common.h"

#include <cjson/cJSON.h>

static char results_path[PATH_MAX], report_path[PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("audit");
    fuzz_path(results_path, sizeof results_path, "results.jsonl");
    fuzz_path(report_path, sizeof report_path, "report.html");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *jsonl, *measured_text;
    size_t jsonl_len, measured_len;
    fuzz_next_part(&data, &size, &jsonl, &jsonl_len);
    cJSON *measured = NULL;
    if (fuzz_next_part(&data, &size, &measured_text, &measured_len))
        measured = cJSON_ParseWithLength((const char *)measured_text, measured_len);

    AuditResults r;
    memset(&r, 0, sizeof r);
    /* fmemopen of an empty buffer fails: read from "" then */
    FILE *f = fmemopen(jsonl_len ? (void *)jsonl : (void *)"", jsonl_len ? jsonl_len : 1, "r");
    if (!f) abort();
    audit_results_read(&r, f);
    fclose(f);
    audit_results_finish(&r);
    if (!audit_results_write(&r, results_path) || !audit_html_write(&r, measured, report_path)) abort();
    audit_results_free(&r);
    cJSON_Delete(measured);
    return 0;
}
