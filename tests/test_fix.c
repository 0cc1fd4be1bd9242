/* test_fix.c - gpulint --fix (checker/cli/fix.c) on findings whose file
 * changed after the analysis, which the command line cannot arrange: the
 * findings are built by hand, the file written in a temporary directory. */
#include "cli/fix.h"
#include "util/fileio.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What --fix gets from the command line: the run's findings. */
typedef struct {
    FindingList findings;
} RunResult;

static void run_result_free(RunResult *r)
{
    findings_free(&r->findings);
}

static char dir[] = "/tmp/gpulint-test-fix-XXXXXX";
static char path[256];

static void put(const char *text)
{
    CHECK(write_file(path, text, strlen(text)));
}

static bool is(const char *text)
{
    char *now = read_file(path, NULL);
    bool same = now && strcmp(now, text) == 0;
    if (!same) fprintf(stderr, "file is now: %s\n", now ? now : "(unreadable)");
    free(now);
    return same;
}

static SrcRange at(const char *file, unsigned line, unsigned col, unsigned len)
{
    SrcRange r = {file, line, col, line, col + len};
    return r;
}

/* One double-literal finding: the literal's fix and the math call's fix. */
static void add_finding(RunResult *r, SrcRange lit, const char *lit_text, SrcRange call,
                        const char *call_text)
{
    Finding *f = finding_new(&r->findings, "double-literal", SEV_MEDIUM, lit, "k", "finding at %u:%u", lit.line, lit.col);
    if (!f) return;
    char with[64];
    snprintf(with, sizeof with, "%sf", lit_text);
    Fix *fx = finding_fix(&r->findings, f, "literal");
    finding_replacement(&r->findings, fx, lit, with, lit_text);
    if (call_text) {
        snprintf(with, sizeof with, "%sf", call_text);
        Fix *fm = finding_fix(&r->findings, f, "call");
        finding_replacement(&r->findings, fm, call, with, call_text);
    }
}

/* Runs --fix on the findings; the log goes to `log` (NUL-terminated). */
static int fix(RunResult *r, char *log, size_t n)
{
    FILE *f = tmpfile();
    const Finding **list = calloc((size_t)r->findings.n + 1, sizeof *list);
    for (int i = 0; i < r->findings.n; i++) list[i] = &r->findings.items[i];
    Diagnostics diags;
    memset(&diags, 0, sizeof diags);
    diags.echo = f; /* problems printed as they are added, in the log */
    int status = gpulint_apply_fixes(list, r->findings.n, &diags, f);
    diagnostics_free(&diags);
    free(list);
    rewind(f);
    size_t k = fread(log, 1, n - 1, f);
    log[k] = 0;
    fclose(f);
    return status;
}

static void fresh(RunResult *r)
{
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
}

int main(void)
{
    if (!mkdtemp(dir)) return 1;
    snprintf(path, sizeof path, "%s/k.cu", dir);
    RunResult r;
    char log[4096];
    /* line 1: "float y = exp(x * 2.5);"  exp at col 11, 2.5 at col 19 */
    const char *orig = "float y = exp(x * 2.5);\n";

    /* The normal case: both fixes of the finding applied. */
    put(orig);
    fresh(&r);
    add_finding(&r, at(path, 1, 19, 3), "2.5", at(path, 1, 11, 3), "exp");
    CHECK(fix(&r, log, sizeof log) == 0);
    CHECK(is("float y = expf(x * 2.5f);\n"));
    CHECK(strstr(log, "2 edits in") != NULL);
    run_result_free(&r);

    /* The same findings again on the fixed file: `exp` is now the front of
     * `expf`, `2.5` of `2.5f`; nothing may be applied a second time. */
    fresh(&r);
    add_finding(&r, at(path, 1, 20, 3), "2.5", at(path, 1, 11, 3), "exp");
    add_finding(&r, at(path, 1, 30, 3), "1.0", at(path, 1, 11, 3), "exp"); /* past the line's end */
    fix(&r, log, sizeof log);
    CHECK(is("float y = expf(x * 2.5f);\n"));
    CHECK(strstr(log, "the text there is not 'exp'") != NULL);
    run_result_free(&r);

    /* (f) The file changed under the literal: the call's fix of the same
     * finding is not applied either. */
    put("float y = exp(x * 3.5);\n");
    fresh(&r);
    add_finding(&r, at(path, 1, 19, 3), "2.5", at(path, 1, 11, 3), "exp");
    fix(&r, log, sizeof log);
    CHECK(is("float y = exp(x * 3.5);\n"));
    CHECK(strstr(log, "the text there is not '2.5'") != NULL);
    CHECK(strstr(log, "0 edits in") != NULL);
    run_result_free(&r);

    /* (g) The file was truncated: edits past its end are reported, and the
     * finding's other fix is not applied. */
    put("float y = exp(x * 2.5);\n");
    fresh(&r);
    add_finding(&r, at(path, 7, 19, 3), "2.5", at(path, 1, 11, 3), "exp");
    fix(&r, log, sizeof log);
    CHECK(is("float y = exp(x * 2.5);\n"));
    CHECK(strstr(log, "past the end of the file") != NULL);
    run_result_free(&r);

    /* (a) One file under two names: each edit applied once. */
    char other[300];
    snprintf(other, sizeof other, "%s/./k.cu", dir);
    put(orig);
    fresh(&r);
    add_finding(&r, at(path, 1, 19, 3), "2.5", at(path, 1, 11, 3), "exp");
    add_finding(&r, at(other, 1, 19, 3), "2.5", at(other, 1, 11, 3), "exp");
    CHECK(fix(&r, log, sizeof log) == 0);
    CHECK(is("float y = expf(x * 2.5f);\n"));
    run_result_free(&r);

    unlink(path);
    rmdir(dir);
    return check_summary();
}
