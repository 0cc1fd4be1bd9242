/* fuzz_audit.c - libFuzzer target over the audit's results.jsonl reader
 * (audit/audit_results.c, from a memory stream) and what is built from its
 * records alone: results.jsonl written back in order, report.html
 * (audit/audit_html.c), and `gpulint audit report` (audit/audit_report.c:
 * summary.csv, a SARIF file per project through the SARIF emitter, the
 * report again).  The input's parts are separated by NUL bytes: the
 * results.jsonl text, then, when present, the measured results the report
 * merges (a JSON object of fingerprint -> {speedup, verdict, gpu}).
 * Output goes to a private directory, three levels down: a file written
 * beside `out` (a project name of "../../x") is a finding.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "audit/audit.h"
#include "fuzz_common.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <sys/stat.h>

static char parent[PATH_MAX], out_dir[PATH_MAX], results_path[PATH_MAX], report_path[PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_private_dir("audit");
    char a[PATH_MAX];
    if (mkdir(fuzz_path(a, sizeof a, "a"), 0700) != 0 || mkdir(fuzz_path(parent, sizeof parent, "a/b"), 0700) != 0 ||
        mkdir(fuzz_path(out_dir, sizeof out_dir, "a/b/out"), 0700) != 0)
        abort();
    fuzz_path(results_path, sizeof results_path, "a/b/out/results.jsonl");
    fuzz_path(report_path, sizeof report_path, "a/b/out/report.html");
    return 0;
}

/* Nothing but out/ in a/b, and nothing in a but b. */
static void check_nothing_escaped(void)
{
    char a[PATH_MAX];
    const char *dirs[] = {parent, fuzz_path(a, sizeof a, "a"), fuzz_dir};
    const char *only[] = {"out", "b", "a"};
    for (int i = 0; i < 3; i++) {
        DIR *d = opendir(dirs[i]);
        if (!d) abort();
        struct dirent *e;
        while ((e = readdir(d)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, only[i])) {
                fprintf(stderr, "fuzz_audit: %s/%s was written outside the audit directory\n", dirs[i], e->d_name);
                abort();
            }
        closedir(d);
    }
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
    if (!audit_results_write(&r, results_path)) abort();
    /* file links made from a template, with a placeholder of each kind */
    if (measured && !audit_html_write(&r, measured, "https://example.org/{project}/{path}#L{line}", report_path)) abort();
    audit_results_free(&r);
    cJSON_Delete(measured);

    /* the records as written back, through `gpulint audit report` */
    audit_report_build(out_dir, NULL);
    check_nothing_escaped();
    char sarif[PATH_MAX];
    remove_tree(fuzz_path(sarif, sizeof sarif, "a/b/out/sarif"));
    return 0;
}
