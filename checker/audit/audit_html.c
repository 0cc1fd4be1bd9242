/* audit_html.c - DIR/report.html: one self-contained page (no network):
 * totals, three charts drawn here as inline SVG (findings per rule per
 * project, the severity distribution, the top projects), the projects
 * table, a findings table (code excerpt, evidence, rule page links) that a
 * small inline script sorts and filters, and the failed files with their
 * reasons.  The table is plain HTML, so the page reads without script too.
 * Filters can be preset from the URL fragment:
 *     report.html#rule=double-literal&severity=high&project=NAME&q=TEXT */
#include "audit/audit.h"
#include "output/ci_common.h"
#include "rules/rules.h"
#include "util/oom.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
static const char *const severity_colors[SEV_COUNT] = {"#9aa5b1", "#4e79a7", "#f28e2b", "#d62728"};

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Where a file of the report links to: --source-url's template, or the file
 * on this machine. */
typedef struct {
    const char *source_url;  /* NULL: file:// */
    const char *project;     /* the project's name */
    const char *root;        /* its directory as the audit was given it */
} Links;

/* A path or URL part as a URL: unreserved characters and '/' as they are. */
static void url_part(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (isalnum(c) || strchr("/-._~", c)) fputc(c, f);
        else fprintf(f, "%%%02X", c);
    }
}

/* The file `rel` of the project (line: 0 for none), shown as `shown`, as a
 * link when there is one to make. */
static void file_link(FILE *f, const Links *l, const char *rel, int line, const char *shown)
{
    char *href = NULL;
    size_t nhref = 0;
    FILE *h = open_memstream(&href, &nhref);
    bool linked = false;
    if (l->source_url) {
        for (const char *t = l->source_url; *t; t++) {
            if (strncmp(t, "{path}", 6) == 0) url_part(h, rel), t += 5;
            else if (strncmp(t, "{project}", 9) == 0) url_part(h, l->project), t += 8;
            else if (strncmp(t, "{line}", 6) == 0) fprintf(h, "%d", line > 0 ? line : 1), t += 5;
            else fputc(*t, h);
        }
        linked = true;
    } else {
        char joined[PATH_MAX], real[PATH_MAX];
        if (snprintf(joined, sizeof joined, "%s/%s", l->root ? l->root : ".", rel) < (int)sizeof joined &&
            realpath(joined, real)) {
            fputs("file://", h);
            url_part(h, real);
            linked = true;
        }
    }
    fclose(h);
    if (linked) {
        fputs("<a href=\"", f);
        esc(f, href);
        fputs("\">", f);
    }
    esc(f, shown);
    if (line > 0) fprintf(f, ":%d", line);
    if (linked) fputs("</a>", f);
    free(href);
}

typedef struct {
    const char *name;
    int status[3], sev[SEV_COUNT], findings, kernels;
    int *by_rule;            /* indexed like the rule table below */
    double best, seconds;
} ProjectStats;

typedef struct {
    const char **ids; int n;
} RuleTable;

static int rule_index(RuleTable *t, const char *id)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->ids[i], id) == 0) return i;
    return -1;
}

static const cJSON *finding_of(const cJSON *line)
{
    return cJSON_GetObjectItem(line, "finding");
}

static Severity severity_of(const cJSON *f)
{
    Severity s = SEV_LOW;
    severity_parse(audit_str(f, "severity", "low"), &s);
    return s;
}

static void gather(const AuditResults *r, RuleTable *rules, ProjectStats *ps)
{
    rules->n = gpulint_nrules;
    rules->ids = xcalloc((size_t)gpulint_nrules + 64, sizeof *rules->ids);
    for (int i = 0; i < gpulint_nrules; i++) rules->ids[i] = gpulint_rules[i]->id;
    for (int i = 0; i < r->nprojects; i++) {
        const AuditProject *p = &r->projects[i];
        ProjectStats *s = &ps[i];
        s->name = audit_str(p->record, "project", "");
        s->by_rule = xcalloc((size_t)gpulint_nrules + 64, sizeof *s->by_rule);
        for (int j = 0; j < p->nfiles; j++) {
            const cJSON *rec = p->files[j].record;
            const char *st = audit_str(rec, "status", "failed");
            s->status[strcmp(st, "ok") == 0 ? 0 : strcmp(st, "degraded") == 0 ? 1 : 2]++;
            long long kernels = (long long)s->kernels + audit_int(rec, "kernels", 0); /* saturating */
            s->kernels = kernels > INT_MAX ? INT_MAX : kernels < INT_MIN ? INT_MIN : (int)kernels;
            s->seconds += audit_num(rec, "seconds", 0);
            for (int k = 0; k < p->files[j].nfindings; k++) {
                const cJSON *f = finding_of(p->files[j].findings[k]);
                s->sev[severity_of(f)]++;
                s->findings++;
                int ri = rule_index(rules, audit_str(f, "rule", ""));
                if (ri < 0 && rules->n < gpulint_nrules + 64) {
                    ri = rules->n;
                    rules->ids[rules->n++] = audit_str(f, "rule", "");
                }
                if (ri >= 0) s->by_rule[ri]++;
                double sp = audit_num(cJSON_GetObjectItem(f, "predicted"), "speedup", 0);
                if (sp > s->best) s->best = sp;
            }
        }
    }
}

/* A horizontal stacked bar chart: one row per label, one segment per
 * series. */
static void stacked_bars(FILE *f, const char *id, const char *title, const char *const *labels, int nlabels,
                         const char *const *series, const char *const *colors, int nseries, const int *values,
                         bool same_series)
{
    int max = 1;
    for (int i = 0; i < nlabels; i++) {
        int sum = 0;
        for (int k = 0; k < nseries; k++) sum += values[i * nseries + k];
        if (sum > max) max = sum;
    }
    const int left = 126, width = 184, row = 22, top = 8;
    bool legend = nseries > 1 && !same_series;
    int legend_rows = legend ? (nseries + 1) / 2 : 0, height = top + nlabels * row + 12 + legend_rows * 18;
    fprintf(f, "<figure class=\"chart\" id=\"%s\"><figcaption>%s</figcaption>\n", id, title);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
            left + width + 40, height, left + width + 40, height);
    for (int i = 0; i < nlabels; i++) {
        int y = top + i * row, x = left, sum = 0;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"lbl\">", left - 6, y + 14);
        /* long project names: the full name in the tooltip */
        fputs("<title>", f);
        esc(f, labels[i]);
        fputs("</title>", f);
        char shortened[40];
        size_t len = strlen(labels[i]);
        /* the end of "owner__repo" says more than its start */
        if (len > 17) snprintf(shortened, sizeof shortened, "\xe2\x80\xa6%s", labels[i] + len - 16);
        else snprintf(shortened, sizeof shortened, "%s", labels[i]);
        esc(f, shortened);
        fputs("</text>\n", f);
        for (int k = 0; k < nseries; k++) {
            int v = values[i * nseries + k];
            if (!v) continue;
            int w = (int)((double)v * width / max + 0.5);
            if (w < 1) w = 1;
            fprintf(f, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>", x, y + 3, w,
                    row - 6, colors[k]);
            esc(f, labels[i]);
            fputs(": ", f);
            esc(f, series[k]);
            fprintf(f, " %d</title></rect>\n", v);
            x += w;
            sum += v;
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"num\">%d</text>\n", x + 4, y + 14, sum);
    }
    for (int k = 0; legend && k < nseries; k++) {
        int x = 4 + (k % 2) * 175, y = top + nlabels * row + 10 + (k / 2) * 18;
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"leg\">", x, y,
                colors[k], x + 14, y + 9);
        esc(f, series[k]);
        fputs("</text>\n", f);
    }
    fputs("</svg></figure>\n", f);
}

static const char css[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:16px 24px;color:#222}h1{margin:0 0 4px}"
    ".meta{color:#555;margin:0 0 12px}.partial{background:#fff3cd;border:1px solid #e0c36a;padding:6px 10px}"
    ".charts{display:flex;flex-wrap:wrap;gap:12px}"
    ".chart{margin:0;border:1px solid #ddd;border-radius:6px;padding:8px}figcaption{font-weight:600;margin-bottom:4px}"
    ".lbl,.num,.leg{font-size:12px;fill:#333}table{border-collapse:collapse;margin:8px 0 16px}"
    "th,td{border-bottom:1px solid #e4e4e4;padding:3px 8px;text-align:left;vertical-align:top}"
    "th{background:#f4f4f4;cursor:pointer;user-select:none;position:sticky;top:0}td.n{text-align:right}"
    ".sev{padding:0 6px;border-radius:8px;color:#fff;font-size:12px}.sev-high{background:#d62728}"
    ".sev-medium{background:#f28e2b}.sev-low{background:#4e79a7}.sev-info{background:#9aa5b1}"
    "pre{margin:2px 0;font-size:12px;background:#f7f7f7;padding:4px;max-width:100%;overflow:auto}"
    /* the findings table fits the window: fixed column shares, long names and evidence wrap */
    "#findings{width:100%;table-layout:fixed}#findings td{overflow-wrap:anywhere}#findings th{overflow:hidden;text-overflow:ellipsis}.sev{white-space:nowrap}"
    ".ev{font-size:12px;color:#444}#filters{display:flex;gap:8px;align-items:center}"
    "#filters input{width:280px}summary{cursor:pointer;color:#1a5fb4}";

static const char script[] =
    "(function(){\n"
    "var rows=[].slice.call(document.querySelectorAll('#findings tbody tr'));\n"
    "var q=document.getElementById('q'),fr=document.getElementById('f-rule'),fs=document.getElementById('f-severity'),\n"
    "fp=document.getElementById('f-project'),shown=document.getElementById('shown');\n"
    "function apply(){var t=q.value.toLowerCase(),n=0;rows.forEach(function(r){\n"
    " var ok=(!fr.value||r.dataset.rule===fr.value)&&(!fs.value||r.dataset.severity===fs.value)&&\n"
    "  (!fp.value||r.dataset.project===fp.value)&&(!t||r.textContent.toLowerCase().indexOf(t)>=0);\n"
    " if(ok){r.removeAttribute('hidden');n++;}else r.setAttribute('hidden','');});\n"
    " shown.textContent=n;}\n"
    "function fromHash(){var h=location.hash.replace(/^#/,'');h.split('&').forEach(function(kv){\n"
    " var i=kv.indexOf('=');if(i<0)return;var k=kv.slice(0,i),v=decodeURIComponent(kv.slice(i+1));\n"
    " if(k==='q')q.value=v;else if(k==='rule')fr.value=v;else if(k==='severity')fs.value=v;else if(k==='project')fp.value=v;});\n"
    " apply();}\n"
    "[q,fr,fs,fp].forEach(function(e){e.addEventListener('input',apply);e.addEventListener('change',apply);});\n"
    "window.addEventListener('hashchange',fromHash);\n"
    "document.querySelectorAll('table.sortable').forEach(function(tb){\n"
    " tb.querySelectorAll('th').forEach(function(th,col){th.addEventListener('click',function(){\n"
    "  var body=tb.tBodies[0],rs=[].slice.call(body.rows),num=th.dataset.sort==='num',dir=th.dataset.dir==='asc'?-1:1;\n"
    "  th.dataset.dir=dir>0?'asc':'desc';\n"
    "  function key(r){var c=r.cells[col];var v=c.dataset.v!==undefined?c.dataset.v:c.textContent;return num?parseFloat(v)||0:v.toLowerCase();}\n"
    "  rs.sort(function(a,b){var x=key(a),y=key(b);return x<y?-dir:x>y?dir:0;});\n"
    "  rs.forEach(function(r){body.appendChild(r);});});});});\n"
    "fromHash();document.body.dataset.ready='1';\n"
    "})();\n";

static void options(FILE *f, const char *id, const char *what, const char *const *values, int n)
{
    fprintf(f, "<select id=\"%s\"><option value=\"\">every %s</option>", id, what);
    for (int i = 0; i < n; i++) {
        fputs("<option value=\"", f);
        esc(f, values[i]);
        fputs("\">", f);
        esc(f, values[i]);
        fputs("</option>", f);
    }
    fputs("</select>\n", f);
}

static void finding_row(FILE *f, const Links *links, const cJSON *rec, const cJSON *x, const cJSON *measured)
{
    const char *project = links->project;
    const char *rule = audit_str(x, "rule", ""), *sev = audit_str(x, "severity", "low");
    const char *file = audit_str(x, "repo_path", audit_str(rec, "file", ""));
    const cJSON *pred = cJSON_GetObjectItem(x, "predicted");
    double sp = audit_num(pred, "speedup", 0);
    fputs("<tr data-project=\"", f);
    esc(f, project);
    fprintf(f, "\" data-rule=\"%s\" data-severity=\"%s\" data-fingerprint=\"%s\">", rule, sev, audit_str(x, "fingerprint", ""));
    fputs("<td>", f);
    esc(f, project);
    fputs("</td><td>", f);
    file_link(f, links, file, audit_int(x, "line", 0), file);
    fputs("</td>", f);
    char *url = rule_doc_url(rule);
    fputs("<td><a href=\"", f);
    esc(f, url);
    fputs("\">", f);
    esc(f, rule);
    free(url);
    Severity s = severity_of(x);
    fprintf(f, "</a></td><td data-v=\"%d\"><span class=\"sev sev-%s\">%s</span></td>", (int)s, sev, sev);
    if (sp > 0) {
        fprintf(f, "<td class=\"n\" data-v=\"%.3f\" title=\"", sp);
        esc(f, audit_str(pred, "basis", ""));
        fprintf(f, "\">%.2fx</td>", sp);
    } else {
        fputs("<td class=\"n\" data-v=\"0\">-</td>", f);
    }
    const cJSON *m = measured ? cJSON_GetObjectItem(measured, audit_str(x, "fingerprint", "")) : NULL;
    if (m) {
        fprintf(f, "<td class=\"n\" data-v=\"%.3f\" title=\"", audit_num(m, "speedup", 0));
        esc(f, audit_str(m, "gpu", ""));
        fprintf(f, "\">%.2fx ", audit_num(m, "speedup", 0));
        esc(f, audit_str(m, "verdict", ""));
        fputs("</td>", f);
    } else {
        fputs("<td class=\"n\" data-v=\"0\"></td>", f);
    }
    fputs("<td>", f);
    esc(f, audit_str(x, "kernel", ""));
    fputs("</td><td>", f);
    esc(f, audit_str(x, "message", ""));
    const char *ex = audit_str(x, "excerpt", NULL);
    if (ex) {
        fprintf(f, "<details><summary>code (line %d)</summary><pre>", audit_int(x, "excerpt_line", 0));
        esc(f, ex);
        fputs("</pre></details>", f);
    }
    fputs("</td><td class=\"ev\">", f);
    const cJSON *e;
    int k = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(x, "evidence"))
    {
        fputs(k++ ? ", " : "", f);
        esc(f, e->string);
        fputc('=', f);
        if (cJSON_IsString(e)) esc(f, e->valuestring);
        else if (cJSON_IsBool(e)) fputs(cJSON_IsTrue(e) ? "true" : "false", f);
        else if (cJSON_IsNumber(e)) fprintf(f, "%lld", (long long)e->valuedouble);
    }
    fputs("</td></tr>\n", f);
}

static void charts(FILE *f, const AuditResults *r, const RuleTable *rules, const ProjectStats *ps)
{
    int n = r->nprojects;
    const char **labels = xcalloc((size_t)n + 1, sizeof *labels);
    int *values = xcalloc(((size_t)n + 1) * ((size_t)rules->n + SEV_COUNT), sizeof *values);
    const char **colors = xcalloc((size_t)rules->n + 1, sizeof *colors);
    for (int k = 0; k < rules->n; k++) colors[k] = palette[k % 10];
    for (int i = 0; i < n; i++) {
        labels[i] = ps[i].name;
        for (int k = 0; k < rules->n; k++) values[i * rules->n + k] = ps[i].by_rule[k];
    }
    fputs("<section class=\"charts\">\n", f);
    stacked_bars(f, "chart-rules", "Findings per rule per project", labels, n, rules->ids, colors, rules->n, values, false);
    static const char *const sev_names[SEV_COUNT] = {"high", "medium", "low", "info"};
    const char *sev_colors[SEV_COUNT] = {severity_colors[SEV_HIGH], severity_colors[SEV_MEDIUM], severity_colors[SEV_LOW],
                                         severity_colors[SEV_INFO]};
    int totals[SEV_COUNT * SEV_COUNT];
    memset(totals, 0, sizeof totals);
    for (int i = 0; i < n; i++)
        for (int s = 0; s < SEV_COUNT; s++) totals[s * SEV_COUNT + s] += ps[i].sev[SEV_HIGH - s];
    stacked_bars(f, "chart-severity", "Severity distribution (all projects)", sev_names, SEV_COUNT, sev_names, sev_colors,
                 SEV_COUNT, totals, true);
    /* the top projects: most high, then medium findings */
    int *order = xcalloc((size_t)n + 1, sizeof *order);
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const ProjectStats *a = &ps[order[i]], *b = &ps[order[j]];
            if (b->sev[SEV_HIGH] > a->sev[SEV_HIGH] ||
                (b->sev[SEV_HIGH] == a->sev[SEV_HIGH] && b->sev[SEV_MEDIUM] > a->sev[SEV_MEDIUM])) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
    int top = 0;
    while (top < n && top < 10 && ps[order[top]].findings > 0) top++;
    for (int i = 0; i < top; i++) {
        labels[i] = ps[order[i]].name;
        for (int s = 0; s < SEV_COUNT; s++) values[i * SEV_COUNT + s] = ps[order[i]].sev[SEV_HIGH - s];
    }
    stacked_bars(f, "chart-top", "Top projects (high, then medium findings)", labels, top, sev_names, sev_colors, SEV_COUNT,
                 values, false);
    fputs("</section>\n", f);
    free(order);
    free(labels);
    free(values);
    free(colors);
}

bool audit_html_write(const AuditResults *r, const cJSON *measured, const char *source_url, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    RuleTable rules;
    ProjectStats *ps = xcalloc((size_t)r->nprojects + 1, sizeof *ps);
    gather(r, &rules, ps);
    int files = 0, status[3] = {0, 0, 0}, sev[SEV_COUNT] = {0}, findings = 0;
    for (int i = 0; i < r->nprojects; i++) {
        files += r->projects[i].nfiles;
        findings += ps[i].findings;
        for (int k = 0; k < 3; k++) status[k] += ps[i].status[k];
        for (int k = 0; k < SEV_COUNT; k++) sev[k] += ps[i].sev[k];
    }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gpulint audit: %d projects</title>\n"
               "<style>%s</style></head><body>\n<h1>gpulint audit</h1>\n",
            r->nprojects, css);
    fprintf(f, "<p class=\"meta\" id=\"totals\">%d projects &middot; %d files (%d ok, %d degraded, %d failed) &middot; "
               "%d findings (%d high, %d medium, %d low, %d info) &middot; gpulint %s; severities follow the speedup "
               "predicted on an NVIDIA H100</p>\n",
            r->nprojects, files, status[0], status[1], status[2], findings, sev[SEV_HIGH], sev[SEV_MEDIUM], sev[SEV_LOW],
            sev[SEV_INFO], GPULINT_VERSION);
    int expected, missing = audit_results_missing(r, &expected);
    if (missing)
        fprintf(f, "<p class=\"partial\" id=\"partial\">Partial report: %d of %d files have no result yet (the audit "
                   "stopped before it finished). Run the same audit command again: it analyses only those files.</p>\n",
                missing, expected);
    charts(f, r, &rules, ps);

    fputs("<h2>Projects</h2>\n<table id=\"projects\" class=\"sortable\"><thead><tr><th>project</th>"
          "<th data-sort=\"num\">files</th><th data-sort=\"num\">ok</th><th data-sort=\"num\">degraded</th>"
          "<th data-sort=\"num\">failed</th><th data-sort=\"num\">kernels</th><th data-sort=\"num\">findings</th>"
          "<th data-sort=\"num\">high</th><th data-sort=\"num\">medium</th><th data-sort=\"num\">low</th>"
          "<th data-sort=\"num\">max predicted</th><th data-sort=\"num\">seconds</th></tr></thead><tbody>\n", f);
    for (int i = 0; i < r->nprojects; i++) {
        const ProjectStats *s = &ps[i];
        char best[32] = "-";
        if (s->best > 0) snprintf(best, sizeof best, "%.2fx", s->best);
        fputs("<tr><td><a href=\"#project=", f);
        esc(f, s->name);
        fputs("\">", f);
        esc(f, s->name);
        fprintf(f, "</a></td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                   "<td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                   "<td class=\"n\">%d</td><td class=\"n\" data-v=\"%.3f\">%s</td><td class=\"n\">%.1f</td></tr>\n",
                r->projects[i].nfiles, s->status[0], s->status[1], s->status[2], s->kernels, s->findings, s->sev[SEV_HIGH],
                s->sev[SEV_MEDIUM], s->sev[SEV_LOW], s->best, best, s->seconds);
    }
    fputs("</tbody></table>\n<h2>Findings</h2>\n<div id=\"filters\"><input id=\"q\" type=\"search\" "
          "placeholder=\"filter: any text (file, kernel, message, evidence)\">\n", f);
    options(f, "f-rule", "rule", rules.ids, rules.n);
    static const char *const sev_values[SEV_COUNT] = {"high", "medium", "low", "info"};
    options(f, "f-severity", "severity", sev_values, SEV_COUNT);
    const char **names = xcalloc((size_t)r->nprojects + 1, sizeof *names);
    for (int i = 0; i < r->nprojects; i++) names[i] = ps[i].name;
    options(f, "f-project", "project", names, r->nprojects);
    free(names);
    fprintf(f, "<span><span id=\"shown\">%d</span> of %d findings shown</span></div>\n", findings, findings);
    fputs("<table id=\"findings\" class=\"sortable\"><colgroup><col style=\"width:8%\"><col style=\"width:13%\">"
          "<col style=\"width:10%\"><col style=\"width:7%\"><col style=\"width:7%\"><col style=\"width:7%\">"
          "<col style=\"width:10%\"><col style=\"width:24%\"><col style=\"width:14%\"></colgroup>"
          "<thead><tr><th>project</th><th>file</th><th>rule</th>"
          "<th data-sort=\"num\">severity</th><th data-sort=\"num\">predicted</th><th data-sort=\"num\">measured</th>"
          "<th>kernel</th><th>message and code</th><th>evidence</th></tr></thead><tbody>\n", f);
    for (int i = 0; i < r->nprojects; i++) {
        Links links = {source_url, ps[i].name, audit_str(r->projects[i].record, "path", NULL)};
        for (int j = 0; j < r->projects[i].nfiles; j++)
            for (int k = 0; k < r->projects[i].files[j].nfindings; k++)
                finding_row(f, &links, r->projects[i].files[j].record, finding_of(r->projects[i].files[j].findings[k]),
                            measured);
    }
    fputs("</tbody></table>\n", f);

    fprintf(f, "<h2>Failed files (%d)</h2>\n<table id=\"failed\"><thead><tr><th>project</th><th>file</th><th>reason</th>"
               "</tr></thead><tbody>\n", status[2]);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            fprintf(f, "</tbody></table>\n<details><summary>Degraded files (%d): analysed, with errors or notes "
                       "(missing headers, parse errors)</summary><table id=\"degraded\"><tbody>\n", status[1]);
        for (int i = 0; i < r->nprojects; i++)
            for (int j = 0; j < r->projects[i].nfiles; j++) {
                const cJSON *rec = r->projects[i].files[j].record;
                if (strcmp(audit_str(rec, "status", ""), pass ? "degraded" : "failed") != 0) continue;
                Links links = {source_url, ps[i].name, audit_str(r->projects[i].record, "path", NULL)};
                fputs("<tr><td>", f);
                esc(f, ps[i].name);
                fputs("</td><td>", f);
                file_link(f, &links, audit_str(rec, "file", ""), 0, audit_str(rec, "file", ""));
                fputs("</td><td>", f);
                esc(f, audit_str(rec, "reason", ""));
                fputs("</td></tr>\n", f);
            }
    }
    fputs("</tbody></table></details>\n", f);
    for (int i = 0; i < r->nprojects; i++) {
        const cJSON *e;
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(r->projects[i].record, "errors"))
        {
            fputs("<p class=\"meta\">", f);
            esc(f, ps[i].name);
            fputs(": ", f);
            esc(f, cJSON_IsString(e) ? e->valuestring : "");
            fputs("</p>\n", f);
        }
    }
    fprintf(f, "<script>%s</script>\n</body></html>\n", script);
    fclose(f);
    bool ok = audit_write_atomic(path, text, len);
    if (!ok) fprintf(stderr, "gpulint audit: error: %s: cannot write\n", path);
    free(text);
    for (int i = 0; i < r->nprojects; i++) free(ps[i].by_rule);
    free(ps);
    free(rules.ids);
    return ok;
}
