/* gitlab.c - GitLab Code Quality (a CodeClimate subset): a JSON array of
 * {description, check_name, fingerprint, severity, location{path,
 * lines{begin, end}}}, published with `artifacts: reports: codequality:`.
 * The merge request widget compares fingerprints with the target branch's
 * report, so they must not depend on line numbers (they do not).
 * Severities: high -> critical, medium -> major, low -> minor.  Streamed:
 * one issue per line. */
#include "output/ci_common.h"
#include "output/emitter.h"

#include <cjson/cJSON.h>

static const char *gitlab_severity(Severity s)
{
    return s >= SEV_HIGH ? "critical" : s >= SEV_MEDIUM ? "major" : "minor";
}

static void gitlab_begin(EmitterStream *s, const RunInfo *info)
{
    (void)info;
    fputc('[', s->out);
}

static void gitlab_file(EmitterStream *s, const FileResult *r)
{
    for (int i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->findings.items[i];
        cJSON *o = cJSON_CreateObject();
        char desc[1200];
        snprintf(desc, sizeof desc, "[%s] %s", f->rule, f->message);
        cJSON_AddStringToObject(o, "description", desc);
        cJSON_AddStringToObject(o, "check_name", f->rule);
        cJSON_AddStringToObject(o, "fingerprint", f->fingerprint ? f->fingerprint : "");
        cJSON_AddStringToObject(o, "severity", gitlab_severity(f->severity));
        cJSON *loc = cJSON_AddObjectToObject(o, "location");
        cJSON_AddStringToObject(loc, "path", finding_report_path(f));
        cJSON *lines = cJSON_AddObjectToObject(loc, "lines");
        cJSON_AddNumberToObject(lines, "begin", f->range.line);
        cJSON_AddNumberToObject(lines, "end", f->range.end_line >= f->range.line ? f->range.end_line : f->range.line);
        char *text = cJSON_PrintUnformatted(o);
        cJSON_Delete(o);
        if (!text) {
            s->failed = true;
            continue;
        }
        fputs(s->findings_written++ ? ",\n" : "\n", s->out);
        fputs(text, s->out);
        cJSON_free(text);
    }
    fflush(s->out);
}

static bool gitlab_end(EmitterStream *s, const RunSummary *summary)
{
    (void)summary;
    fputs("\n]\n", s->out);
    return !s->failed;
}

const Emitter gitlab_emitter = {"gitlab", true, gitlab_begin, gitlab_file, gitlab_end};
