/* filter.c - see filter.h.  The order for each finding: fingerprint,
 * severity override, suppression (marked used whatever follows), rule
 * selection and minimum severity, exclusion, diff, baseline. */
#include "report/filter.h"
#include "util/version.h"

#include "report/baseline.h"
#include "report/diff.h"
#include "util/repo.h"
#include "report/suppress.h"
#include "finding/fingerprint.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

/* One file's text and suppressions, read once per run. */
typedef struct {
    char *path;
    char *text;              /* NULL when unreadable */
    SourceText src;
    SuppressionSet *suppressions;
} SourceEntry;

struct Filter {
    FilterOptions o;
    Selection cli_selection;
    char *cwd_root;                    /* the root when a file has no repository */
    StrMap root_index;                 /* directory -> 1 + index in roots */
    char **roots; int nroots;          /* NULL entries: no repository */
    StrMap source_index;               /* path -> 1 + index in sources */
    SourceEntry *sources; int nsources;
    ConfigSet *configs;
    ChangedLines *diff;
    Baseline *baseline;
    BaselineWriter *writer;
};

static const EffectiveConfig no_config;

Filter *filter_new(const FilterOptions *o, Diagnostics *d)
{
    Filter *f = xcalloc(1, sizeof *f);
    f->o = *o;
    f->cwd_root = run_repo_root(o->repo_root);
    if (o->nselect) selection_select(&f->cli_selection, o->select, o->nselect, true);
    selection_ignore(&f->cli_selection, o->ignore, o->nignore);
    if (!o->no_config) f->configs = config_set_new();
    bool ok = true;
    if (o->diff_ref) f->diff = changed_lines_git(o->diff_ref);
    else if (o->diff_file && !(f->diff = changed_lines_patch(o->diff_file, f->cwd_root, d))) ok = false;
    if (o->baseline && !(f->baseline = baseline_load(o->baseline, d))) ok = false;
    if (o->write_baseline) f->writer = baseline_writer_new();
    if (!ok) {
        filter_free(f);
        return NULL;
    }
    return f;
}

void filter_free(Filter *f)
{
    if (!f) return;
    selection_free(&f->cli_selection);
    free(f->cwd_root);
    for (int i = 0; i < f->nroots; i++) free(f->roots[i]);
    free(f->roots);
    strmap_free(&f->root_index);
    for (int i = 0; i < f->nsources; i++) {
        free(f->sources[i].path);
        free(f->sources[i].text);
        source_text_free(&f->sources[i].src);
        suppressions_free(f->sources[i].suppressions);
    }
    free(f->sources);
    strmap_free(&f->source_index);
    config_set_free(f->configs);
    changed_lines_free(f->diff);
    baseline_free(f->baseline);
    baseline_writer_free(f->writer);
    free(f);
}

/* The repository root of a file: the given one, its own, or the run's. */
static const char *root_of(Filter *f, const char *path)
{
    if (f->o.repo_root) return f->cwd_root;
    char *abs = absolute_path(path);
    char *slash = strrchr(abs, '/');
    if (slash && slash != abs) *slash = 0;
    int *slot = strmap_get(&f->root_index, abs);
    if (*slot == 0) {
        *VEC_PUSH(f->roots, f->nroots) = find_repo_root(abs);
        *slot = f->nroots;
    }
    free(abs);
    const char *r = f->roots[*slot - 1];
    return r ? r : f->cwd_root;
}

const EffectiveConfig *filter_config_for(Filter *f, const char *path, Diagnostics *d)
{
    return f->configs ? config_for_file(f->configs, path, d) : &no_config;
}

Severity filter_min_severity(Filter *f, const char *path, Severity fallback, Diagnostics *d)
{
    if (f->o.has_min_severity) return f->o.min_severity;
    const EffectiveConfig *cfg = filter_config_for(f, path, d);
    return cfg && cfg->has_min_severity ? cfg->min_severity : fallback;
}

/* --exclude globs match the path relative to the current directory, as
 * given, or relative to the repository root. */
static bool excluded(Filter *f, const EffectiveConfig *cfg, const char *path)
{
    if (config_excludes(cfg, path)) return true;
    if (f->o.nexclude == 0) return false;
    char *from_cwd = path_relative_to(".", path);
    char *from_root = path_relative_to(f->cwd_root, path);
    const char *given = strncmp(path, "./", 2) == 0 ? path + 2 : path;
    bool hit = false;
    for (int i = 0; i < f->o.nexclude && !hit; i++) {
        const char *g = f->o.exclude[i];
        hit = path_glob_match(g, given) || (from_cwd && path_glob_match(g, from_cwd)) ||
              (from_root && path_glob_match(g, from_root));
    }
    free(from_cwd);
    free(from_root);
    return hit;
}

void engine_filter_files(Filter *f, FileList *files, Diagnostics *d)
{
    int kept = 0;
    for (int i = 0; i < files->n; i++) {
        const char *p = files->paths[i];
        const EffectiveConfig *cfg = filter_config_for(f, p, d);
        bool keep = cfg && !excluded(f, cfg, p) && (!f->diff || changed_file(f->diff, p, d));
        if (keep) files->paths[kept++] = files->paths[i];
        else free(files->paths[i]);
    }
    files->n = kept;
}

static SourceEntry *source_of(Filter *f, const char *path, Diagnostics *d)
{
    int *slot = strmap_get(&f->source_index, path);
    if (*slot == 0) {
        SourceEntry *e = VEC_PUSH(f->sources, f->nsources);
        memset(e, 0, sizeof *e);
        e->path = xstrdup(path);
        long size = 0;
        e->text = read_file(path, &size);
        source_text_init(&e->src, e->text ? e->text : "", e->text ? (size_t)size : 0);
        e->suppressions = suppressions_for_file(path, &e->src, d);
        *slot = f->nsources;
    }
    return &f->sources[*slot - 1];
}

static bool is_enabled(Filter *f, const EffectiveConfig *cfg, const Finding *x)
{
    if (!selection_enabled(&cfg->selection, x->rule)) return false;
    if (!selection_enabled(&f->cli_selection, x->rule)) return false;
    if (f->o.has_min_severity) return x->severity >= f->o.min_severity;
    if (cfg->has_min_severity) return x->severity >= cfg->min_severity;
    return true;
}

void engine_filter_result(Filter *f, FileResult *r, const char *contents, size_t size)
{
    FindingList *l = &r->findings;
    if (l->n == 0 && !f->o.report_unused_suppressions) return;
    /* the linted buffer, when it is not what is on disk */
    SourceText buffer;
    SuppressionSet *buffer_suppressions = NULL;
    if (contents) {
        source_text_init(&buffer, contents, size);
        buffer_suppressions = suppressions_for_file(r->path, &buffer, &r->problems);
    } else if (f->o.report_unused_suppressions) {
        source_of(f, r->path, &r->problems); /* its suppressions count even without findings */
    }
    const EffectiveConfig *cfg = filter_config_for(f, r->path, &r->problems);
    if (!cfg) cfg = &no_config;
    StrMap occurrences;
    memset(&occurrences, 0, sizeof occurrences);
    bool *keep = xcalloc(l->n > 0 ? (size_t)l->n : 1, sizeof *keep);
    for (int i = 0; i < l->n; i++) {
        Finding *x = &l->items[i];
        const char *file = x->range.file ? x->range.file : r->path;
        bool in_buffer = contents && strcmp(file, r->path) == 0;
        SourceEntry *e = in_buffer ? NULL : source_of(f, file, &r->problems);
        const SourceText *src = in_buffer ? &buffer : &e->src;
        char *rel = path_relative_to(root_of(f, file), file);
        x->repo_path = rel ? arena_strdup(&l->arena, rel) : NULL;
        free(rel);
        char hex[17], fp[17];
        uint64_t base = fingerprint_base(x, x->repo_path, src);
        fingerprint_format(base, 1, hex);
        fingerprint_format(base, strmap_increment(&occurrences, hex), fp);
        x->fingerprint = arena_strdup(&l->arena, fp);

        x->severity = config_severity(cfg, x->rule, x->severity);
        if (finding_is_suppressed(in_buffer ? buffer_suppressions : e->suppressions, x)) continue;
        if (!is_enabled(f, cfg, x)) continue;
        if (strcmp(file, r->path) != 0 && excluded(f, cfg, file)) continue;
        if (f->diff && !changed_range(f->diff, file, x->range.line, x->range.end_line)) continue;
        if (f->baseline && baseline_take(f->baseline, x->fingerprint)) continue;
        if (f->writer) baseline_record(f->writer, x->rule, x->repo_path ? x->repo_path : file, x->fingerprint);
        keep[i] = true;
    }
    findings_retain(l, keep);
    free(keep);
    strmap_free(&occurrences);
    if (contents) {
        if (f->o.report_unused_suppressions) suppressions_report_unused(buffer_suppressions, &r->problems);
        suppressions_free(buffer_suppressions);
        source_text_free(&buffer);
    }
}

bool filter_finish(Filter *f, Diagnostics *d)
{
    if (f->o.report_unused_suppressions)
        for (int i = 0; i < f->nsources; i++) suppressions_report_unused(f->sources[i].suppressions, d);
    if (f->baseline && baseline_taken(f->baseline) > 0)
        diag_note(d, f->o.baseline, 0, 0, "%d finding%s held back by the baseline", baseline_taken(f->baseline),
                  baseline_taken(f->baseline) == 1 ? "" : "s");
    if (f->writer) return baseline_write(f->writer, f->o.write_baseline, GPULINT_VERSION, d);
    return true;
}
