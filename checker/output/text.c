/* text.c - the compiler-style text report: each file's findings as soon as
 * the file is analysed.  Problems go to stderr through the diagnostics sink,
 * and the summary line is printed last (print_run_summary). */
#include "output/emitter.h"
#include "util/oom.h"

#include <stdlib.h>

/* The one place evidence becomes text: " key=value, key=value". */
static void print_evidence(FILE *out, const Finding *f)
{
    for (int j = 0; j < f->nevidence; j++) {
        const Evidence *e = &f->evidence[j];
        size_t n = (size_t)evidence_format(e, NULL, 0) + 1;
        char *text = xmalloc(n);
        evidence_format(e, text, n);
        fprintf(out, "%s %s=%s", j ? "," : "", e->key, text);
        free(text);
    }
}

static void print_finding(FILE *out, const Finding *f)
{
    fprintf(out, "%s:%u:%u: warning: %s [%s]\n", f->range.file, f->range.line, f->range.col, f->message, f->rule);
    fprintf(out, "    note: severity %s; kernel %s\n", severity_name(f->severity), f->kernel ? f->kernel : "?");
    if (f->nevidence) {
        fprintf(out, "    note: evidence:");
        print_evidence(out, f);
        fputc('\n', out);
    }
    for (int j = 0; j < f->nrelated; j++) {
        const Related *rel = &f->related[j];
        fprintf(out, "    %s:%u:%u: note: %s\n", rel->range.file, rel->range.line, rel->range.col, rel->message);
    }
    for (int j = 0; j < f->nfixes; j++) {
        const Fix *fx = &f->fixes[j];
        fprintf(out, "    note: fix: %s", fx->description);
        for (int q = 0; q < fx->nreplacements; q++) {
            const Replacement *rp = &fx->replacements[q];
            fprintf(out, "%s%u:%u: \"%s\"", q ? ", " : " [fix-it ", rp->range.line, rp->range.col, rp->text);
        }
        fprintf(out, "%s\n", fx->nreplacements ? "]" : "");
    }
    if (f->predicted.present) {
        if (f->predicted.known)
            fprintf(out, "    note: predicted on %s: %.2fx (basis: %s)\n", f->predicted.gpu, f->predicted.speedup,
                    f->predicted.basis);
        else
            fprintf(out, "    note: predicted on %s: %s; severity from the rule\n", f->predicted.gpu, f->predicted.basis);
    }
    /* --impact's numbers are finite and positive, or 0 where no correct fix
     * was timed (bench/run.c); the wording follows the number */
    const Measured *m = &f->measured;
    if (m->present && m->speedup > 0)
        fprintf(out, "    note: measured on %s: %s %.2fx %s (spread %.2f-%.2f), %s\n", m->gpu,
                m->variant ? m->variant : "the fix", m->speedup, m->speedup >= 1 ? "faster" : "as fast", m->spread_lo,
                m->spread_hi, m->verdict ? m->verdict : "");
    else if (m->present)
        fprintf(out, "    note: measured on %s: no correct fix was timed, %s\n", m->gpu, m->verdict ? m->verdict : "");
}

static void text_begin(EmitterStream *s, const RunInfo *info)
{
    (void)s;
    (void)info;
}

static void text_file(EmitterStream *s, const FileResult *r)
{
    for (int i = 0; i < r->findings.n; i++) print_finding(s->out, &r->findings.items[i]);
    s->findings_written += r->findings.n;
    /* before this file's problems reach stderr */
    fflush(s->out);
}

static bool text_end(EmitterStream *s, const RunSummary *summary)
{
    (void)summary;
    fflush(s->out);
    return true;
}

const Emitter text_emitter = {"text", false, text_begin, text_file, text_end};

void print_run_summary(FILE *err, const RunSummary *s)
{
    int nerrors = s->problems ? s->problems->nerrors : 0;
    char hidden[96] = "";
    if (s->below_threshold)
        snprintf(hidden, sizeof hidden, "; %d more below --min-severity=%s", s->below_threshold,
                 severity_name(s->min_severity));
    fprintf(err, "gpulint: %d finding%s (%d high, %d medium, %d low, %d info%s), %d error%s; %d file%s, %d kernel%s, %.2f s\n",
            s->findings, s->findings == 1 ? "" : "s", s->by_severity[SEV_HIGH], s->by_severity[SEV_MEDIUM],
            s->by_severity[SEV_LOW], s->by_severity[SEV_INFO], hidden, nerrors, nerrors == 1 ? "" : "s", s->files,
            s->files == 1 ? "" : "s", s->kernels, s->kernels == 1 ? "" : "s", s->seconds);
}
