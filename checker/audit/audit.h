/* audit.h - `gpulint audit`: many projects in one run, each file analysed
 * in an isolated worker, streamed to DIR/results.jsonl (resumable), and
 * reports built from that file alone (HTML, CSV, SARIF per project).
 * Shards (--shard I/N) spread projects over machines; `audit merge`
 * combines them.  The record format is in docs/audit.md. */
#ifndef GPULINT_AUDIT_H
#define GPULINT_AUDIT_H

#include "engine/engine.h"
#include "report/filter.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct cJSON;

/* How the command line finds its data (main.c has the one implementation). */
typedef void (*AuditDataDirFinder)(char *dir, size_t ndir, char *pch, size_t npch);

/* ------------------------------------------------------------ a run
 * audit_run.c: discovery, resume, the workers, results.jsonl, progress,
 * --emit-bench; audit_main (audit.c) fills this from the command line. */
typedef struct {
    char *path;              /* as given, without trailing '/' */
    char *name;              /* the directory's name; "-<hash>" appended when two share it */
} AuditProjectSpec;

/* How each file is analysed: in a worker process of isolate/worker.h (the
 * same pool as the command line's), `jobs` at once, under a wall-clock
 * timeout and a memory limit, so that a file that crashes or hangs the
 * analyser costs only that file. */
typedef struct {
    int jobs;                /* files at once (>= 1) */
    double timeout_s;        /* per file, wall clock; <= 0: none */
    long memory_mb;          /* per worker (--file-memory); <= 0: none */
    Severity min_severity;   /* findings below it are counted, not recorded */
    bool has_min_severity;   /* --min-severity given: it wins over a project's .gpulint.yaml */
} AuditLimits;

typedef struct {
    const char *out_dir;
    AuditProjectSpec *projects; int nprojects;   /* this shard's */
    AuditLimits limits;
    bool force;              /* redo files already recorded */
    double progress_interval;   /* seconds between plain progress lines (not a terminal) */
    int progress;            /* 1 on, 0 off, -1 auto (a terminal: one updating line) */
    int emit_bench;          /* top N findings per project to DIR/bench; 0: none */
    EngineOptions engine;
    const char *data_dir;
    const char *source_url;  /* --source-url: report.html's file links; NULL: the files on this machine */
} AuditRunOptions;

/* Returns 0, or 2 when results cannot be written or the parser cannot be
 * set up. */
int audit_run(const AuditRunOptions *o);

/* ------------------------------------------------------------ analysis
 * audit_analysis.c: one file's result (from the worker pool) as the object
 * its results.jsonl lines are made from: {"status", "reason" (unless ok),
 * "kernels", "below_threshold", "errors", "notes", "findings"} with the
 * project's filter applied, findings below `min` only counted, and each
 * finding's code excerpt.  Changes r's findings (the filter). */
struct cJSON *audit_analysis(FileResult *r, Filter *filter, Severity min);

/* ------------------------------------------------------------ commands
 * audit.c: what the command line (cli/options.c) read, checked and run. */
typedef struct {
    AuditRunOptions run;     /* every option; the projects and data_dir come later */
    char **paths; int npaths;   /* project directories in order (audit_project_path's) */
    long shard, nshards;     /* --shard I/N; shard < 0: every project */
    const char *rules;       /* --rules ID,...; NULL: every rule */
} AuditCommandLine;

/* Exit status: 0 done (findings do not change it), 2 usage error or
 * nothing could be written. */
int audit_main(const AuditCommandLine *c, AuditDataDirFinder find_data_dir);
/* `gpulint audit merge --out DIR SHARD_DIR...`: 0 or 2. */
int audit_merge(const char *out, const char *const *shards, int nshards);
/* A project directory as given, without its trailing '/'. */
char *audit_project_path(const char *s);
/* Appends the directories of a --projects-file (one a line, '#' comments);
 * exits with status 2 when it cannot be read. */
void audit_read_projects_file(const char *list, char ***paths, int *n);

/* ------------------------------------------------------------ results
 * audit_results.c: DIR/results.jsonl, read back. */
typedef struct {
    struct cJSON *record;    /* the file line */
    struct cJSON **findings; /* the finding lines written for it */
    int nfindings;
} AuditFile;

typedef struct {
    struct cJSON *record;    /* the project line (path, files, errors) */
    AuditFile *files; int nfiles;   /* sorted by file */
} AuditProject;

typedef struct {
    AuditProject *projects; int nprojects;   /* sorted by name */
    int malformed_lines;
} AuditResults;

/* Adds the records of DIR/results.jsonl (later records of a file replace
 * earlier ones; finding lines without their file line are dropped).
 * False when the file exists but cannot be read. */
bool audit_results_load(AuditResults *r, const char *dir);
/* The same for the lines of an open stream (results.jsonl's text). */
void audit_results_read(AuditResults *r, FILE *f);
/* Sorts projects and files, and keeps a finding that several files of a
 * project report (one in a header they include) once, in the first file by
 * name; call once after the loads. */
void audit_results_finish(AuditResults *r);
/* Files collected but without a result yet (an interrupted run): the
 * projects' "files" counts less their file lines; *expected gets the sum of
 * the "files" counts. */
int audit_results_missing(const AuditResults *r, int *expected);
void audit_results_free(AuditResults *r);
/* Writes the results in order (project line, then each file's finding
 * lines and file line) to path, through a temporary file. */
bool audit_results_write(const AuditResults *r, const char *path);
/* The key a finished file is remembered by for resuming. */
char *audit_done_key(const char *project, const char *file, const char *hash, const char *version);

/* ------------------------------------------------------------ reports
 * audit_report.c (CSV, SARIF, orchestration) and audit_html.c (the page). */
/* Builds DIR/report.html, DIR/summary.csv and DIR/sarif/<project>.sarif
 * from DIR/results.jsonl, with DIR/bench/results.json merged when present.
 * Returns 0, or 2 (the reason on stderr). */
int audit_report_build(const char *dir, const char *source_url);
/* source_url: a template with {project}, {path} (in the project) and {line}
 * for each file's link; NULL: a file:// link to the file when it exists on
 * this machine. */
bool audit_html_write(const AuditResults *r, const struct cJSON *measured, const char *source_url, const char *path);

/* Small helpers shared by the audit's files. */
unsigned long long audit_hash_bytes(const void *data, size_t n);
const char *audit_str(const struct cJSON *o, const char *key, const char *fallback);
double audit_num(const struct cJSON *o, const char *key, double fallback);
/* audit_num clamped to the type's range (a record's number can be anything:
 * converting one out of range is undefined); NaN gives the fallback. */
int audit_int(const struct cJSON *o, const char *key, int fallback);
unsigned audit_uint(const struct cJSON *o, const char *key, unsigned fallback);
bool audit_write_atomic(const char *path, const char *data, size_t n);
/* mkdir -p */
bool audit_make_dirs(const char *path);

#endif
