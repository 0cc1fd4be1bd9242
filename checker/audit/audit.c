/* audit.c - the `gpulint audit` commands once cli/options.c has read their
 * options: the project list (arguments and --projects-file), project
 * names, --shard I/N, and `audit merge --out DIR SHARD_DIR...`.  The run
 * itself is audit_run.c. */
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

static void audit_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "gpulint audit: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'gpulint audit --help' for usage)\n");
    exit(2);
}

char *audit_project_path(const char *s)
{
    char *p = xstrdup(s);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = 0;
    return p;
}

void audit_read_projects_file(const char *list, char ***paths, int *n)
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
        if (*s && *s != '#') *VEC_PUSH(*paths, *n) = audit_project_path(s);
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

int audit_merge(const char *out, const char *const *shards, int nshards)
{
    AuditResults r;
    memset(&r, 0, sizeof r);
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
    return status == 0 ? audit_report_build(out, NULL) : status;
}

int audit_main(const AuditCommandLine *c, AuditDataDirFinder find_data_dir)
{
    AuditRunOptions o = c->run;
    char *const *paths = c->paths;
    int npaths = c->npaths;
    long shard = c->shard, nshards = c->nshards;
    char *rules = c->rules ? xstrdup(c->rules) : NULL;
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

    for (int i = 0; i < npaths; i++) free(all[i].name);
    free(all);
    free(mine);
    free(rule_list);
    free(rules);
    return status;
}
