/* github.c - GitHub Actions workflow commands: one annotation per finding
 * (`::error`/`::warning`/`::notice` for high/medium/low), shown on the
 * pull request's changed files.  GitHub keeps at most 10 annotations of
 * each level per step, so the 11th and later of a level are counted, and
 * a notice at the end says how many were not annotated; when
 * $GITHUB_STEP_SUMMARY names a file, every finding is also appended there
 * as a Markdown table.  Errors of the run become `::error` lines. */
#include "output/ci_common.h"
#include "output/emitter.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

#define ANNOTATIONS_PER_LEVEL 10

typedef struct {
    int shown[3], dropped;   /* by level: notice, warning, error */
    FILE *summary;           /* $GITHUB_STEP_SUMMARY, or NULL */
} GithubState;

static int level_of(Severity s)
{
    return s >= SEV_HIGH ? 2 : s >= SEV_MEDIUM ? 1 : 0;
}

static const char *const level_names[] = {"notice", "warning", "error"};

/* Workflow-command escaping: %, CR and LF always; ':' and ',' too in
 * property values. */
static void put_escaped(FILE *out, const char *s, bool property)
{
    for (; s && *s; s++) {
        if (*s == '%') fputs("%25", out);
        else if (*s == '\r') fputs("%0D", out);
        else if (*s == '\n') fputs("%0A", out);
        else if (property && *s == ':') fputs("%3A", out);
        else if (property && *s == ',') fputs("%2C", out);
        else fputc(*s, out);
    }
}

/* Markdown table cells: '|' and newlines would break the row. */
static void put_cell(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|') fputs("\\|", out);
        else if (*s == '\n' || *s == '\r') fputc(' ', out);
        else fputc(*s, out);
    }
}

static void github_begin(EmitterStream *s, const RunInfo *info)
{
    (void)info;
    GithubState *st = xcalloc(1, sizeof *st);
    const char *summary = getenv("GITHUB_STEP_SUMMARY");
    if (summary && *summary) st->summary = fopen(summary, "a");
    s->state = st;
}

static void github_file(EmitterStream *s, const FileResult *r)
{
    GithubState *st = s->state;
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        const char *path = finding_report_path(f);
        if (st->summary) {
            if (s->findings_written == 0)
                fputs("### gpulint\n\n| file | line | severity | rule | message |\n|---|---|---|---|---|\n", st->summary);
            fputs("| ", st->summary);
            put_cell(st->summary, path);
            fprintf(st->summary, " | %u | %s | %s | ", f->range.line, severity_name(f->severity), f->rule);
            put_cell(st->summary, f->message);
            fputs(" |\n", st->summary);
        }
        s->findings_written++;
        int level = level_of(f->severity);
        if (st->shown[level] >= ANNOTATIONS_PER_LEVEL) {
            st->dropped++;
            continue;
        }
        st->shown[level]++;
        fprintf(s->out, "::%s file=", level_names[level]);
        put_escaped(s->out, path, true);
        fprintf(s->out, ",line=%u,col=%u", f->range.line, f->range.col ? f->range.col : 1);
        if (f->range.end_line >= f->range.line && f->range.end_line) {
            fprintf(s->out, ",endLine=%u", f->range.end_line);
            if (f->range.end_line == f->range.line && f->range.end_col > f->range.col)
                fprintf(s->out, ",endColumn=%u", f->range.end_col);
        }
        fputs(",title=", s->out);
        char title[256];
        snprintf(title, sizeof title, "[%s] gpulint (%s)", f->rule, severity_name(f->severity));
        put_escaped(s->out, title, true);
        fputs("::", s->out);
        put_escaped(s->out, f->message, false);
        fputc('\n', s->out);
    }
    fflush(s->out);
}

static bool github_end(EmitterStream *s, const RunSummary *summary)
{
    GithubState *st = s->state;
    const Diagnostics *d = summary->problems;
    for (int i = 0; d && i < d->nerrors; i++) {
        const Problem *p = &d->errors[i];
        fputs("::error", s->out);
        if (p->file && *p->file) {
            fputs(" file=", s->out);
            put_escaped(s->out, p->file, true);
            if (p->line) fprintf(s->out, ",line=%u,col=%u", p->line, p->col ? p->col : 1);
            fputs(",title=gpulint error", s->out);
        } else {
            fputs(" title=gpulint error", s->out);
        }
        fputs("::", s->out);
        put_escaped(s->out, p->message, false);
        fputc('\n', s->out);
    }
    if (st->dropped)
        fprintf(s->out,
                "::notice title=gpulint::%d more finding%s not annotated: GitHub shows at most %d annotations of each "
                "level per step. %s\n",
                st->dropped, st->dropped == 1 ? "" : "s", ANNOTATIONS_PER_LEVEL,
                st->summary ? "All findings are in the job summary." : "Upload a SARIF report to see them all.");
    if (st->summary && fclose(st->summary) != 0) s->failed = true;
    free(st);
    s->state = NULL;
    fflush(s->out);
    return !s->failed;
}

const Emitter github_emitter = {"github", false, github_begin, github_file, github_end};
