/* audit_results.c - see audit.h ("results").  results.jsonl holds three
 * kinds of line (docs/audit.md): "project" (once per project per run),
 * "finding" (each finding of a file) and "file" (written after its
 * findings, so a file line means the file is complete).  Reading keeps the
 * last record of each project and file; finding lines are held until
 * their file line arrives, and dropped when it never does (a run killed
 * between them). */
#include "audit/audit.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned long long audit_hash_bytes(const void *data, size_t n)
{
    /* FNV-1a, 64 bits: stable across machines and runs */
    unsigned long long h = 1469598103934665603ULL;
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

const char *audit_str(const cJSON *o, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

double audit_num(const cJSON *o, const char *key, double fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : fallback;
}

int audit_int(const cJSON *o, const char *key, int fallback)
{
    double v = audit_num(o, key, fallback);
    return v != v ? fallback : v <= INT_MIN ? INT_MIN : v >= INT_MAX ? INT_MAX : (int)v;
}

unsigned audit_uint(const cJSON *o, const char *key, unsigned fallback)
{
    double v = audit_num(o, key, fallback);
    return v != v ? fallback : v <= 0 ? 0 : v >= UINT_MAX ? UINT_MAX : (unsigned)v;
}

bool audit_write_atomic(const char *path, const char *data, size_t n)
{
    size_t len = strlen(path) + 32;
    char *tmp = xmalloc(len);
    snprintf(tmp, len, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(data, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) unlink(tmp);
    free(tmp);
    return ok;
}

bool audit_make_dirs(const char *path)
{
    char *p = xstrdup(path);
    bool ok = true;
    for (char *q = p + 1; ok && *q; q++) {
        if (*q != '/') continue;
        *q = 0;
        ok = mkdir(p, 0777) == 0 || errno == EEXIST;
        *q = '/';
    }
    if (ok) ok = mkdir(p, 0777) == 0 || errno == EEXIST;
    free(p);
    return ok;
}

char *audit_done_key(const char *project, const char *file, const char *hash, const char *version)
{
    size_t n = strlen(project) + strlen(file) + strlen(hash) + strlen(version) + 4;
    char *k = xmalloc(n);
    snprintf(k, n, "%s\t%s\t%s\t%s", project, file, hash, version);
    return k;
}

static AuditProject *project_named(AuditResults *r, const char *name)
{
    for (int i = 0; i < r->nprojects; i++)
        if (strcmp(audit_str(r->projects[i].record, "project", ""), name) == 0) return &r->projects[i];
    AuditProject *p = VEC_PUSH(r->projects, r->nprojects);
    memset(p, 0, sizeof *p);
    p->record = cJSON_CreateObject();
    cJSON_AddStringToObject(p->record, "type", "project");
    cJSON_AddStringToObject(p->record, "project", name);
    return p;
}

static void file_clear(AuditFile *f)
{
    cJSON_Delete(f->record);
    for (int i = 0; i < f->nfindings; i++) cJSON_Delete(f->findings[i]);
    free(f->findings);
    memset(f, 0, sizeof *f);
}

/* Finding lines waiting for their file line, by "project\tfile\thash". */
typedef struct {
    char *key;
    cJSON **items; int n;
} Pending;

static char *record_key(const cJSON *o)
{
    return audit_done_key(audit_str(o, "project", ""), audit_str(o, "file", ""), audit_str(o, "hash", ""), "");
}

static void add_line(AuditResults *r, cJSON *o, Pending **pending, int *npending)
{
    const char *type = audit_str(o, "type", "");
    if (strcmp(type, "project") == 0) {
        AuditProject *p = project_named(r, audit_str(o, "project", ""));
        cJSON_Delete(p->record);
        p->record = o;
        return;
    }
    char *key = record_key(o);
    Pending *pd = NULL;
    for (int i = 0; i < *npending && !pd; i++)
        if (strcmp((*pending)[i].key, key) == 0) pd = &(*pending)[i];
    if (strcmp(type, "finding") == 0) {
        if (!pd) {
            pd = VEC_PUSH(*pending, *npending);
            memset(pd, 0, sizeof *pd);
            pd->key = key;
            key = NULL;
        }
        *VEC_PUSH(pd->items, pd->n) = o;
    } else if (strcmp(type, "file") == 0) {
        AuditProject *p = project_named(r, audit_str(o, "project", ""));
        const char *file = audit_str(o, "file", "");
        AuditFile *f = NULL;
        for (int i = 0; i < p->nfiles && !f; i++)
            if (strcmp(audit_str(p->files[i].record, "file", ""), file) == 0) f = &p->files[i];
        if (f) file_clear(f);
        else {
            f = VEC_PUSH(p->files, p->nfiles);
            memset(f, 0, sizeof *f);
        }
        f->record = o;
        if (pd) {
            f->findings = pd->items;
            f->nfindings = pd->n;
            free(pd->key);
            *pd = (*pending)[--*npending];
        }
    } else {
        r->malformed_lines++;
        cJSON_Delete(o);
    }
    free(key);
}

bool audit_results_load(AuditResults *r, const char *dir)
{
    size_t n = strlen(dir) + 32;
    char *path = xmalloc(n);
    snprintf(path, n, "%s/results.jsonl", dir);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f) return errno == ENOENT;
    audit_results_read(r, f);
    fclose(f);
    return true;
}

void audit_results_read(AuditResults *r, FILE *f)
{
    Pending *pending = NULL;
    int npending = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        if (len <= 1) continue;
        cJSON *o = cJSON_Parse(line);
        if (!cJSON_IsObject(o)) {
            /* the last line of a run killed mid-write */
            r->malformed_lines++;
            cJSON_Delete(o);
            continue;
        }
        add_line(r, o, &pending, &npending);
    }
    free(line);
    for (int i = 0; i < npending; i++) {
        for (int j = 0; j < pending[i].n; j++) cJSON_Delete(pending[i].items[j]);
        free(pending[i].items);
        free(pending[i].key);
    }
    free(pending);
}

static int by_project(const void *a, const void *b)
{
    return strcmp(audit_str(((const AuditProject *)a)->record, "project", ""),
                  audit_str(((const AuditProject *)b)->record, "project", ""));
}

static int by_file(const void *a, const void *b)
{
    return strcmp(audit_str(((const AuditFile *)a)->record, "file", ""), audit_str(((const AuditFile *)b)->record, "file", ""));
}

static int by_position(const void *a, const void *b)
{
    const cJSON *x = cJSON_GetObjectItem(*(cJSON *const *)a, "finding");
    const cJSON *y = cJSON_GetObjectItem(*(cJSON *const *)b, "finding");
    double lx = audit_num(x, "line", 0), ly = audit_num(y, "line", 0);
    if (lx != ly) return lx < ly ? -1 : 1;
    double cx = audit_num(x, "column", 0), cy = audit_num(y, "column", 0);
    if (cx != cy) return cx < cy ? -1 : 1;
    return strcmp(audit_str(x, "fingerprint", ""), audit_str(y, "fingerprint", ""));
}

/* A finding in a header is reported by every file that includes it (and by
 * the header's own record): the project keeps it once, in the first file by
 * name, as the command line's run keeps it in the first file it reports.
 * Same rule and place: the same finding.  The file record's count follows. */
static void drop_repeated_findings(AuditProject *p)
{
    StrMap seen;
    memset(&seen, 0, sizeof seen);
    for (int j = 0; j < p->nfiles; j++) {
        AuditFile *f = &p->files[j];
        int kept = 0;
        for (int k = 0; k < f->nfindings; k++) {
            const cJSON *x = cJSON_GetObjectItem(f->findings[k], "finding");
            const char *where = audit_str(x, "repo_path", audit_str(x, "file", ""));
            char *key = NULL;
            if (*where) {
                size_t n = strlen(where) + strlen(audit_str(x, "rule", "")) + 48;
                key = xmalloc(n);
                snprintf(key, n, "%s\x1f%s\x1f%.0f\x1f%.0f", audit_str(x, "rule", ""), where, audit_num(x, "line", 0),
                         audit_num(x, "column", 0));
            }
            bool first = !key || strmap_increment(&seen, key) == 1;
            free(key);
            if (first) f->findings[kept++] = f->findings[k];
            else cJSON_Delete(f->findings[k]);
        }
        if (kept != f->nfindings && cJSON_GetObjectItem(f->record, "findings"))
            cJSON_SetNumberValue(cJSON_GetObjectItem(f->record, "findings"), kept);
        f->nfindings = kept;
    }
    strmap_free(&seen);
}

void audit_results_finish(AuditResults *r)
{
    if (r->nprojects) qsort(r->projects, (size_t)r->nprojects, sizeof *r->projects, by_project);
    for (int i = 0; i < r->nprojects; i++) {
        AuditProject *p = &r->projects[i];
        if (p->nfiles) qsort(p->files, (size_t)p->nfiles, sizeof *p->files, by_file);
        for (int j = 0; j < p->nfiles; j++)
            if (p->files[j].nfindings)
                qsort(p->files[j].findings, (size_t)p->files[j].nfindings, sizeof(cJSON *), by_position);
        drop_repeated_findings(p);
    }
}

int audit_results_missing(const AuditResults *r, int *expected)
{
    int missing = 0, total = 0;
    for (int i = 0; i < r->nprojects; i++) {
        int files = audit_int(r->projects[i].record, "files", 0);
        total += files;
        if (files > r->projects[i].nfiles) missing += files - r->projects[i].nfiles;
    }
    if (expected) *expected = total;
    return missing;
}

void audit_results_free(AuditResults *r)
{
    for (int i = 0; i < r->nprojects; i++) {
        for (int j = 0; j < r->projects[i].nfiles; j++) file_clear(&r->projects[i].files[j]);
        free(r->projects[i].files);
        cJSON_Delete(r->projects[i].record);
    }
    free(r->projects);
    memset(r, 0, sizeof *r);
}

static bool put(FILE *f, const cJSON *o)
{
    char *s = cJSON_PrintUnformatted(o);
    if (!s) gpulint_out_of_memory();
    bool ok = fputs(s, f) >= 0 && fputc('\n', f) != EOF;
    cJSON_free(s);
    return ok;
}

bool audit_results_write(const AuditResults *r, const char *path)
{
    size_t n = strlen(path) + 32;
    char *tmp = xmalloc(n);
    snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    bool ok = f != NULL;
    for (int i = 0; ok && i < r->nprojects; i++) {
        const AuditProject *p = &r->projects[i];
        ok = put(f, p->record);
        for (int j = 0; ok && j < p->nfiles; j++) {
            for (int k = 0; ok && k < p->files[j].nfindings; k++) ok = put(f, p->files[j].findings[k]);
            if (ok) ok = put(f, p->files[j].record);
        }
    }
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) unlink(tmp);
    free(tmp);
    return ok;
}
