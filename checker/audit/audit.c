/* audit.c - the `gpulint audit` command line: the project list (arguments
 * and --projects-file), project names, --shard I/N, and the two
 * subcommands `audit report DIR` and `audit merge --out DIR SHARD_DIR...`.
 * The run itself is audit_run.c. */
#include "audit/audit.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char audit_usage[] =
    "usage: gpulint audit --out DIR [options] PROJECT...\n"
    "       gpulint audit --out DIR --projects-file LIST [options]\n"
    "       gpulint audit report DIR             rebuild DIR's reports from DIR/results.jsonl\n"
    "       gpulint audit merge --out DIR SHARD_DIR...   combine shards into one result and report\n"
    "\n"
    "Analyses every GPU source file of each PROJECT directory in isolated workers and\n"
    "streams DIR/results.jsonl; then writes DIR/report.html, DIR/summary.csv and\n"
    "DIR/sarif/<project>.sarif.  Rerunning with the same DIR skips the files already\n"
    "recorded (same content, same gpulint version).\n"
    "\n"
    "options:\n"
    "  --out DIR              where results and reports go (required)\n"
    "  --projects-file LIST   one project directory per line ('#' comments)\n"
    "  -j N                   files analysed at once (default: the number of CPUs)\n"
    "  --force                analyse every file again (a fresh results.jsonl)\n"
    "  --shard I/N            only the projects of shard I of N (0-based; by a hash\n"
    "                         of the project path, so the list's order does not matter)\n"
    "  --file-timeout S       per-file wall-clock limit in seconds (default 300)\n"
    "  --file-memory MB       per-file address-space limit (default 4096; 0: none)\n"
    "  --min-severity=info|low|medium|high  findings recorded (default low)\n"
    "  --rules=ID[,ID...]     run only these rules\n"
    "  --emit-bench N         benchmarks of the top N findings per project in DIR/bench\n"
    "  --progress, --no-progress   progress on stderr (default: when it is a terminal,\n"
    "                         one updating line; otherwise a line every 10 s)\n"
    "  --progress-interval S  seconds between plain progress lines (default 10)\n"
    "  -I DIR, -D NAME[=VAL]  include directory / macro for parsing\n";

static void audit_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "gpulint audit: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'gpulint audit --help' for usage)\n");
    exit(2);
}

static const char *value_of(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0) return NULL;
    if (a[n] == '=') return a + n + 1;
    if (a[n] != 0) return NULL;
    if (++*i >= argc) audit_usage_error("%s needs a value", name);
    return argv[*i];
}

static char *trimmed_path(const char *s)
{
    char *p = xstrdup(s);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = 0;
    return p;
}

static void read_projects_file(const char *list, char ***paths, int *n)
{
    FILE *f = fopen(list, "r");
    if (!f) {
        fprintf(stderr, "gpulint audit: error: %s: %s\n", list, strerror(errno));
        exit(2);
    }
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) >= 0) {
        char *s = line + strspn(line, " \t");
        s[strcspn(s, "\r\n")] = 0;
        size_t len = strlen(s);
        while (len && (s[len - 1] == ' ' || s[len - 1] == '\t')) s[--len] = 0;
        if (*s && *s != '#') *VEC_PUSH(*paths, *n) = trimmed_path(s);
    }
    free(line);
    fclose(f);
}

/* Names come from the whole list (not the shard), so every shard names a
 * project the same way. */
static void name_projects(AuditProjectSpec *p, int n)
{
    for (int i = 0; i < n; i++) {
        const char *slash = strrchr(p[i].path, '/');
        const char *base = slash && slash[1] ? slash + 1 : p[i].path;
        p[i].name = xstrdup(base);
    }
    for (int i = 0; i < n; i++) {
        bool clash = false;
        for (int j = 0; j < n && !clash; j++)
            clash = j != i && strcmp(p[i].name, p[j].name) == 0 && strcmp(p[i].path, p[j].path) != 0;
        if (!clash) continue;
        size_t len = strlen(p[i].name) + 20;
        char *named = xmalloc(len);
        snprintf(named, len, "%s-%08llx", p[i].name, audit_hash_bytes(p[i].path, strlen(p[i].path)) & 0xffffffffULL);
        free(p[i].name);
        p[i].name = named;
    }
}

static int merge_main(int argc, char **argv)
{
    const char *out = NULL, *v;
    AuditResults r;
    memset(&r, 0, sizeof r);
    const char **shards = NULL;
    int nshards = 0;
    for (int i = 1; i < argc; i++) {
        if ((v = value_of(argc, argv, &i, "--out"))) out = v;
        else if (argv[i][0] == '-') audit_usage_error("unknown option '%s'", argv[i]);
        else *VEC_PUSH(shards, nshards) = argv[i];
    }
    if (!out || nshards == 0) audit_usage_error("%s", "merge needs --out DIR and at least one SHARD_DIR");
    int status = 0;
    for (int i = 0; i < nshards; i++) {
        char p[PATH_MAX];
        struct stat st;
        snprintf(p, sizeof p, "%s/results.jsonl", shards[i]);
        if (stat(p, &st) != 0 || !audit_results_load(&r, shards[i])) {
            fprintf(stderr, "gpulint audit: error: %s: cannot read the shard's results\n", p);
            status = 2;
        }
    }
    audit_results_finish(&r);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/results.jsonl", out);
    if (status == 0 && (!audit_make_dirs(out) || !audit_results_write(&r, path))) {
        fprintf(stderr, "gpulint audit: error: %s: cannot write the merged results\n", path);
        status = 2;
    }
    if (status == 0) {
        int files = 0;
        for (int i = 0; i < r.nprojects; i++) files += r.projects[i].nfiles;
        fprintf(stderr, "gpulint audit: merged %d shards: %d projects, %d files into %s\n", nshards, r.nprojects, files, path);
    }
    audit_results_free(&r);
    free(shards);
    return status == 0 ? audit_report_build(out) : status;
}

int audit_main(int argc, char **argv, AuditDataDirFinder find_data_dir)
{
    if (argc >= 2 && strcmp(argv[1], "report") == 0) {
        if (argc != 3) audit_usage_error("%s", "usage: gpulint audit report DIR");
        return audit_report_build(argv[2]);
    }
    if (argc >= 2 && strcmp(argv[1], "merge") == 0) return merge_main(argc - 1, argv + 1);

    AuditRunOptions o;
    memset(&o, 0, sizeof o);
    o.limits.jobs = 0;
    o.limits.timeout_s = 300;
    o.limits.memory_mb = 4096;
    o.limits.min_severity = SEV_LOW;
    o.progress = -1;
    o.progress_interval = 10;
    o.engine.frontend.headers = HEADERS_AUTO;
    o.engine.frontend.use_pch = true;
    char **paths = NULL;
    int npaths = 0;
    long shard = -1, nshards = 0;
    char *rules = NULL;
    const char *v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(audit_usage, stdout);
            return 0;
        } else if ((v = value_of(argc, argv, &i, "--out"))) {
            o.out_dir = v;
        } else if ((v = value_of(argc, argv, &i, "--projects-file"))) {
            read_projects_file(v, &paths, &npaths);
        } else if ((v = value_of(argc, argv, &i, "-j")) || (strncmp(a, "-j", 2) == 0 && a[2] && (v = a + 2))) {
            o.limits.jobs = atoi(v);
            if (o.limits.jobs < 1) audit_usage_error("-j needs a positive number, not '%s'", v);
        } else if (strcmp(a, "--force") == 0) {
            o.force = true;
        } else if ((v = value_of(argc, argv, &i, "--shard"))) {
            char *end;
            shard = strtol(v, &end, 10);
            nshards = *end == '/' ? strtol(end + 1, &end, 10) : 0;
            if (*end || nshards < 1 || shard < 0 || shard >= nshards) audit_usage_error("--shard needs I/N with 0 <= I < N, not '%s'", v);
        } else if ((v = value_of(argc, argv, &i, "--file-timeout"))) {
            o.limits.timeout_s = atof(v);
        } else if ((v = value_of(argc, argv, &i, "--file-memory"))) {
            o.limits.memory_mb = atol(v);
        } else if ((v = value_of(argc, argv, &i, "--min-severity"))) {
            if (!severity_parse(v, &o.limits.min_severity))
                audit_usage_error("unknown severity '%s' (expected info, low, medium or high)", v);
        } else if ((v = value_of(argc, argv, &i, "--rules"))) {
            free(rules);
            rules = xstrdup(v);
        } else if ((v = value_of(argc, argv, &i, "--emit-bench"))) {
            o.emit_bench = atoi(v);
            if (o.emit_bench < 1) audit_usage_error("--emit-bench needs a positive number, not '%s'", v);
        } else if (strcmp(a, "--progress") == 0) {
            o.progress = 1;
        } else if (strcmp(a, "--no-progress") == 0) {
            o.progress = 0;
        } else if ((v = value_of(argc, argv, &i, "--progress-interval"))) {
            o.progress_interval = atof(v);
        } else if (strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0) {
            if (++i >= argc) audit_usage_error("%s needs an argument", a);
            *VEC_PUSH(o.engine.frontend.extra, o.engine.frontend.nextra) = a;
            *VEC_PUSH(o.engine.frontend.extra, o.engine.frontend.nextra) = argv[i];
        } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0) {
            *VEC_PUSH(o.engine.frontend.extra, o.engine.frontend.nextra) = a;
        } else if (a[0] == '-' && a[1]) {
            audit_usage_error("unknown option '%s'", a);
        } else {
            *VEC_PUSH(paths, npaths) = trimmed_path(a);
        }
    }
    if (!o.out_dir) audit_usage_error("%s", "--out DIR is required");
    if (npaths == 0) audit_usage_error("%s", "no projects (give directories or --projects-file LIST)");
    if (o.limits.jobs == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        o.limits.jobs = cpus > 0 ? (int)cpus : 1;
    }
    const char **rule_list = NULL;
    int nrules = 0;
    for (char *tok = rules ? strtok(rules, ",") : NULL; tok; tok = strtok(NULL, ",")) {
        if (!rule_by_id(tok)) audit_usage_error("unknown rule '%s' (see gpulint --list-rules)", tok);
        *VEC_PUSH(rule_list, nrules) = tok;
    }
    o.engine.rules = rule_list;
    o.engine.nrules = nrules;

    AuditProjectSpec *all = xcalloc((size_t)npaths, sizeof *all);
    for (int i = 0; i < npaths; i++) all[i].path = paths[i];
    name_projects(all, npaths);
    AuditProjectSpec *mine = xcalloc((size_t)npaths, sizeof *mine);
    int nmine = 0;
    for (int i = 0; i < npaths; i++) {
        bool dup = false;
        for (int j = 0; j < nmine && !dup; j++) dup = strcmp(mine[j].path, all[i].path) == 0;
        unsigned long long h = audit_hash_bytes(all[i].path, strlen(all[i].path));
        if (!dup && (shard < 0 || (long)(h % (unsigned long long)nshards) == shard)) mine[nmine++] = all[i];
    }
    if (shard >= 0)
        fprintf(stderr, "gpulint audit: shard %ld/%ld: %d of %d projects\n", shard, nshards, nmine, npaths);
    o.projects = mine;
    o.nprojects = nmine;

    char data_dir[PATH_MAX], pch[PATH_MAX];
    find_data_dir(data_dir, sizeof data_dir, pch, sizeof pch);
    o.engine.frontend.data_dir = data_dir;
    o.engine.frontend.pch_path = pch[0] ? pch : NULL;
    o.data_dir = data_dir;
    int status = audit_run(&o);

    for (int i = 0; i < npaths; i++) {
        free(all[i].path);
        free(all[i].name);
    }
    free(all);
    free(mine);
    free(paths);
    free(rule_list);
    free(rules);
    free(o.engine.frontend.extra);
    return status;
}
