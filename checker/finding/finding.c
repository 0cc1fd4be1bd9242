/* finding.c - building and ordering findings. */
#include "finding/finding.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void findings_init(FindingList *l)
{
    memset(l, 0, sizeof *l);
}

static void finding_release(Finding *f)
{
    for (int j = 0; j < f->nfixes; j++) free(f->fixes[j].replacements);
    free(f->evidence);
    free(f->related);
    free(f->fixes);
}

void findings_free(FindingList *l)
{
    for (int i = 0; i < l->n; i++) finding_release(&l->items[i]);
    free(l->items);
    arena_free(&l->arena);
    strmap_free(&l->seen);
    memset(l, 0, sizeof *l);
}

void findings_retain(FindingList *l, const bool *keep)
{
    int kept = 0;
    for (int i = 0; i < l->n; i++) {
        if (keep[i]) l->items[kept++] = l->items[i];
        else finding_release(&l->items[i]);
    }
    l->n = kept;
}

/* Fields joined by \x1f (unit separator), which no path or message holds. */
static char *make_key(const char *rule, SrcRange r, const char *message)
{
    if (!r.file) return NULL;
    size_t n = strlen(rule) + strlen(r.file) + strlen(message) + 32;
    char *key = xmalloc(n);
    snprintf(key, n, "%s\x1f%s\x1f%u\x1f%u\x1f%s", rule, r.file, r.line, r.col, message);
    return key;
}

char *finding_key(const Finding *f)
{
    return make_key(f->rule, f->range, f->message);
}

static char *vformat(Arena *a, const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    char *p = arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

Finding *finding_new(FindingList *l, const char *rule, Severity sev, SrcRange range,
                     const char *kernel, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(&l->arena, fmt, ap);
    va_end(ap);
    char *key = make_key(rule, range, msg);
    bool duplicate = key && strmap_increment(&l->seen, key) > 1;
    free(key);
    if (duplicate) return NULL;
    Finding *f = VEC_PUSH(l->items, l->n);
    f->rule = rule;
    f->severity = sev;
    f->range = range;
    f->range.file = arena_strdup(&l->arena, range.file);
    f->kernel = arena_strdup(&l->arena, kernel);
    f->message = msg;
    return f;
}

static Evidence *ev_push(FindingList *l, Finding *f, const char *key, EvidenceKind kind)
{
    Evidence *e = NULL;
    for (int i = 0; i < f->nevidence; i++)
        if (strcmp(f->evidence[i].key, key) == 0) e = &f->evidence[i];
    if (!e) e = VEC_PUSH(f->evidence, f->nevidence);
    memset(e, 0, sizeof *e); /* a key set again forgets its old value */
    e->key = arena_strdup(&l->arena, key);
    e->kind = kind;
    return e;
}

void finding_int(FindingList *l, Finding *f, const char *key, long long v)
{
    ev_push(l, f, key, EV_INT)->i = v;
}

void finding_str(FindingList *l, Finding *f, const char *key, const char *v)
{
    ev_push(l, f, key, EV_STR)->s = arena_strdup(&l->arena, v ? v : "");
}

void finding_bool(FindingList *l, Finding *f, const char *key, bool v)
{
    ev_push(l, f, key, EV_BOOL)->i = v;
}

void finding_int_list(FindingList *l, Finding *f, const char *key, const long long *v, int n)
{
    Evidence *e = ev_push(l, f, key, EV_INT_LIST);
    long long *items = n > 0 ? arena_alloc(&l->arena, sizeof *items * (size_t)n) : NULL;
    for (int i = 0; i < n; i++) items[i] = v[i];
    e->ints = items;
    e->count = n > 0 ? n : 0;
}

void finding_str_list(FindingList *l, Finding *f, const char *key, const char *const *v, int n)
{
    Evidence *e = ev_push(l, f, key, EV_STR_LIST);
    const char **items = n > 0 ? arena_alloc(&l->arena, sizeof *items * (size_t)n) : NULL;
    for (int i = 0; i < n; i++) items[i] = arena_strdup(&l->arena, v[i] ? v[i] : "");
    e->strs = items;
    e->count = n > 0 ? n : 0;
}

void finding_related(FindingList *l, Finding *f, SrcRange r, const char *fmt, ...)
{
    if (!r.file || !r.line) return;
    va_list ap;
    va_start(ap, fmt);
    Related *rel = VEC_PUSH(f->related, f->nrelated);
    rel->range = r;
    rel->range.file = arena_strdup(&l->arena, r.file);
    rel->message = vformat(&l->arena, fmt, ap);
    va_end(ap);
}

Fix *finding_fix(FindingList *l, Finding *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Fix *fix = VEC_PUSH(f->fixes, f->nfixes);
    fix->description = vformat(&l->arena, fmt, ap);
    va_end(ap);
    return fix;
}

void finding_replacement(FindingList *l, Fix *fix, SrcRange r, const char *text, const char *original)
{
    Replacement *rep = VEC_PUSH(fix->replacements, fix->nreplacements);
    rep->range = r;
    rep->range.file = arena_strdup(&l->arena, r.file);
    rep->text = arena_strdup(&l->arena, text);
    rep->original = arena_strdup(&l->arena, original);
}

Finding *finding_copy(FindingList *l, const Finding *f)
{
    Finding *c = finding_new(l, f->rule, f->severity, f->range, f->kernel, "%s", f->message);
    if (!c) return NULL;
    for (int i = 0; i < f->nevidence; i++) {
        const Evidence *e = &f->evidence[i];
        switch (e->kind) {
        case EV_INT: finding_int(l, c, e->key, e->i); break;
        case EV_BOOL: finding_bool(l, c, e->key, e->i != 0); break;
        case EV_STR: finding_str(l, c, e->key, e->s); break;
        case EV_INT_LIST: finding_int_list(l, c, e->key, e->ints, e->count); break;
        case EV_STR_LIST: finding_str_list(l, c, e->key, e->strs, e->count); break;
        }
    }
    for (int i = 0; i < f->nrelated; i++) finding_related(l, c, f->related[i].range, "%s", f->related[i].message);
    for (int i = 0; i < f->nfixes; i++) {
        Fix *x = finding_fix(l, c, "%s", f->fixes[i].description);
        for (int j = 0; j < f->fixes[i].nreplacements; j++) {
            const Replacement *r = &f->fixes[i].replacements[j];
            finding_replacement(l, x, r->range, r->text, r->original);
        }
    }
    Arena *a = &l->arena;
    c->id = f->id ? arena_strdup(a, f->id) : NULL;
    c->predicted = f->predicted;
    c->predicted.gpu = f->predicted.gpu ? arena_strdup(a, f->predicted.gpu) : NULL;
    c->predicted.basis = f->predicted.basis ? arena_strdup(a, f->predicted.basis) : NULL;
    c->measured = f->measured;
    c->measured.gpu = f->measured.gpu ? arena_strdup(a, f->measured.gpu) : NULL;
    c->measured.variant = f->measured.variant ? arena_strdup(a, f->measured.variant) : NULL;
    c->measured.verdict = f->measured.verdict ? arena_strdup(a, f->measured.verdict) : NULL;
    c->repo_path = f->repo_path ? arena_strdup(a, f->repo_path) : NULL;
    c->fingerprint = f->fingerprint ? arena_strdup(a, f->fingerprint) : NULL;
    return c;
}

const Evidence *finding_evidence(const Finding *f, const char *key)
{
    for (int i = 0; i < f->nevidence; i++)
        if (strcmp(f->evidence[i].key, key) == 0) return &f->evidence[i];
    return NULL;
}

static const Evidence *evidence_of_kind(const Finding *f, const char *key, EvidenceKind kind)
{
    const Evidence *e = finding_evidence(f, key);
    return e && e->kind == kind ? e : NULL;
}

long long evidence_int(const Finding *f, const char *key, long long fallback)
{
    const Evidence *e = finding_evidence(f, key);
    return e && (e->kind == EV_INT || e->kind == EV_BOOL) ? e->i : fallback;
}

const char *evidence_str(const Finding *f, const char *key, const char *fallback)
{
    const Evidence *e = evidence_of_kind(f, key, EV_STR);
    return e ? e->s : fallback;
}

const long long *evidence_int_list(const Finding *f, const char *key, int *n)
{
    const Evidence *e = evidence_of_kind(f, key, EV_INT_LIST);
    *n = e ? e->count : 0;
    return e ? e->ints : NULL;
}

const char *const *evidence_str_list(const Finding *f, const char *key, int *n)
{
    const Evidence *e = evidence_of_kind(f, key, EV_STR_LIST);
    *n = e ? e->count : 0;
    return e ? e->strs : NULL;
}

bool evidence_has_str(const Finding *f, const char *key, const char *value)
{
    const Evidence *e = finding_evidence(f, key);
    if (!e || !value) return false;
    if (e->kind == EV_STR) return strcmp(e->s, value) == 0;
    if (e->kind != EV_STR_LIST) return false;
    for (int i = 0; i < e->count; i++)
        if (strcmp(e->strs[i], value) == 0) return true;
    return false;
}

/* Appends like snprintf into buf[*len..n), counting what did not fit. */
static void append(char *buf, size_t n, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(*len < n ? buf + *len : NULL, *len < n ? n - *len : 0, fmt, ap);
    va_end(ap);
    if (w > 0) *len += (size_t)w;
}

int evidence_format(const Evidence *e, char *buf, size_t n)
{
    size_t len = 0;
    if (buf && n) buf[0] = 0;
    else n = 0;
    switch (e->kind) {
    case EV_INT: append(buf, n, &len, "%lld", e->i); break;
    case EV_BOOL: append(buf, n, &len, "%s", e->i ? "true" : "false"); break;
    case EV_STR: append(buf, n, &len, "%s", e->s ? e->s : ""); break;
    case EV_INT_LIST:
        for (int i = 0; i < e->count; i++) append(buf, n, &len, "%s%lld", i ? "," : "", e->ints[i]);
        break;
    case EV_STR_LIST:
        for (int i = 0; i < e->count; i++) append(buf, n, &len, "%s%s", i ? "," : "", e->strs[i]);
        break;
    }
    return (int)len;
}

const char *severity_name(Severity s)
{
    switch (s) {
    case SEV_HIGH: return "high";
    case SEV_MEDIUM: return "medium";
    case SEV_LOW: return "low";
    default: return "info";
    }
}

bool severity_parse(const char *name, Severity *s)
{
    for (int i = 0; i < SEV_COUNT; i++)
        if (strcmp(name, severity_name((Severity)i)) == 0) {
            *s = (Severity)i;
            return true;
        }
    return false;
}

bool finding_passes_min_severity(const Finding *f, Severity min)
{
    return f->severity >= min;
}

int findings_filter_min_severity(FindingList *l, Severity min)
{
    if (!l->n) return 0;
    bool *keep = xmalloc(sizeof *keep * (size_t)l->n);
    int dropped = 0;
    for (int i = 0; i < l->n; i++) {
        keep[i] = finding_passes_min_severity(&l->items[i], min);
        dropped += !keep[i];
    }
    findings_retain(l, keep);
    free(keep);
    return dropped;
}

static int cmp_findings(const void *pa, const void *pb)
{
    const Finding *a = pa, *b = pb;
    int c = strcmp(a->range.file ? a->range.file : "", b->range.file ? b->range.file : "");
    if (c) return c;
    if (a->range.line != b->range.line) return a->range.line < b->range.line ? -1 : 1;
    if (a->range.col != b->range.col) return a->range.col < b->range.col ? -1 : 1;
    c = strcmp(a->rule, b->rule);
    if (c) return c;
    return strcmp(a->message, b->message);
}

/* <rule>-<file stem>-L<line>-C<col>[-N]: only [A-Za-z0-9_.-] survive. */
static const char *make_id(FindingList *l, const Finding *f)
{
    const char *path = f->range.file ? f->range.file : "unknown";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char stem[64];
    size_t n = 0;
    for (const char *p = base; *p && n < sizeof stem - 1; p++)
        stem[n++] = (isalnum((unsigned char)*p) || *p == '_' || *p == '-') ? *p : '_';
    stem[n] = 0;
    return arena_printf(&l->arena, "%s-%s-L%u-C%u", f->rule, stem, f->range.line, f->range.col);
}

void findings_assign_ids(FindingList *l, StrMap *ids)
{
    for (int i = 0; i < l->n; i++) {
        Finding *f = &l->items[i];
        const char *base = make_id(l, f);
        /* Same rule, file name and position in two directories: number them
         * in report order so ids stay unique and stable. */
        int seen = strmap_increment(ids, base);
        f->id = seen > 1 ? arena_printf(&l->arena, "%s-%d", base, seen) : base;
    }
}

void findings_finish(FindingList *l)
{
    if (l->n > 1) qsort(l->items, (size_t)l->n, sizeof *l->items, cmp_findings);
    StrMap ids = {0};
    findings_assign_ids(l, &ids);
    strmap_free(&ids);
}
