/* result_wire.c - see result_wire.h.  Native byte order and sizes: both ends
 * are the same binary.  A string is a u32 length (UINT32_MAX for NULL) and
 * its bytes; a count is a u32 checked against the bytes left, so a bad
 * message cannot make the decoder allocate much. */
#include "isolate/result_wire.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WIRE_NULL UINT32_MAX

void wire_buf_free(WireBuf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* ---------------------------------------------------------------- encode */

void wire_buf_append(WireBuf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        b->data = xrealloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void put(WireBuf *b, const void *p, size_t n)
{
    wire_buf_append(b, p, n);
}

static void put_u32(WireBuf *b, uint32_t v) { put(b, &v, sizeof v); }
static void put_i64(WireBuf *b, int64_t v) { put(b, &v, sizeof v); }
static void put_f64(WireBuf *b, double v) { put(b, &v, sizeof v); }

static void put_bytes(WireBuf *b, const char *s, size_t n)
{
    put_u32(b, (uint32_t)n);
    put(b, s, n);
}

static void put_str(WireBuf *b, const char *s)
{
    if (!s) put_u32(b, WIRE_NULL);
    else put_bytes(b, s, strlen(s));
}

static void put_range(WireBuf *b, const SrcRange *r)
{
    put_str(b, r->file);
    put_u32(b, r->line);
    put_u32(b, r->col);
    put_u32(b, r->end_line);
    put_u32(b, r->end_col);
}

static void put_evidence(WireBuf *b, const Evidence *e)
{
    put_str(b, e->key);
    put_u32(b, (uint32_t)e->kind);
    put_i64(b, e->i);
    put_str(b, e->s);
    put_u32(b, (uint32_t)e->count);
    for (int i = 0; i < e->count; i++) {
        if (e->kind == EV_INT_LIST) put_i64(b, e->ints[i]);
        else if (e->kind == EV_STR_LIST) put_str(b, e->strs[i]);
    }
}

static void put_finding(WireBuf *b, const Finding *f)
{
    put_str(b, f->rule);
    put_u32(b, (uint32_t)f->severity);
    put_range(b, &f->range);
    put_str(b, f->kernel);
    put_str(b, f->message);
    put_u32(b, (uint32_t)f->nevidence);
    for (int i = 0; i < f->nevidence; i++) put_evidence(b, &f->evidence[i]);
    put_u32(b, (uint32_t)f->nrelated);
    for (int i = 0; i < f->nrelated; i++) {
        put_range(b, &f->related[i].range);
        put_str(b, f->related[i].message);
    }
    put_u32(b, (uint32_t)f->nfixes);
    for (int i = 0; i < f->nfixes; i++) {
        const Fix *x = &f->fixes[i];
        put_str(b, x->description);
        put_u32(b, (uint32_t)x->nreplacements);
        for (int j = 0; j < x->nreplacements; j++) {
            put_range(b, &x->replacements[j].range);
            put_str(b, x->replacements[j].text);
            put_str(b, x->replacements[j].original);
        }
    }
    put_str(b, f->id);
    const Measured *m = &f->measured;
    put_u32(b, m->present);
    put_str(b, m->gpu);
    put_f64(b, m->speedup);
    put_f64(b, m->spread_lo);
    put_f64(b, m->spread_hi);
    put_str(b, m->variant);
    put_str(b, m->verdict);
    const Predicted *pr = &f->predicted;
    put_u32(b, pr->present);
    put_str(b, pr->gpu);
    put_u32(b, pr->known);
    put_f64(b, pr->speedup);
    put_str(b, pr->basis);
}

static void put_problems(WireBuf *b, const Problem *p, int n)
{
    put_u32(b, (uint32_t)n);
    for (int i = 0; i < n; i++) {
        put_str(b, p[i].file);
        put_u32(b, p[i].line);
        put_u32(b, p[i].col);
        put_str(b, p[i].message);
        put_u32(b, (uint32_t)p[i].parse_detail | (uint32_t)p[i].informational << 1 | (uint32_t)p[i].summarised << 2);
    }
}

static void put_strs(WireBuf *b, const char *const *v, int n)
{
    put_u32(b, (uint32_t)n);
    for (int i = 0; i < n; i++) put_str(b, v[i]);
}

void result_encode(const FileResult *r, const char *log, size_t log_len, WireBuf *out)
{
    put_str(out, r->path);
    put_u32(out, r->read);
    put_i64(out, r->kernels);
    put_f64(out, r->seconds);
    put_f64(out, r->cpu_seconds);
    put_u32(out, (uint32_t)r->findings.n);
    for (int i = 0; i < r->findings.n; i++) put_finding(out, &r->findings.items[i]);
    put_problems(out, r->problems.notes, r->problems.nnotes);
    put_problems(out, r->problems.errors, r->problems.nerrors);
    put_u32(out, (uint32_t)r->status);
    put_strs(out, r->reasons, r->nreasons);
    put_strs(out, r->missing_headers, r->nmissing_headers);
    const char *context[2] = {r->through ? r->through : "", r->context ? r->context : ""};
    put_strs(out, context, 2);
    put_bytes(out, log ? log : "", log ? log_len : 0);
}

/* ---------------------------------------------------------------- decode */

typedef struct {
    const char *p;
    size_t left;
    bool bad;
} Reader;

static bool take(Reader *rd, void *dst, size_t n)
{
    if (rd->bad || n > rd->left) {
        rd->bad = true;
        memset(dst, 0, n);
        return false;
    }
    memcpy(dst, rd->p, n);
    rd->p += n;
    rd->left -= n;
    return true;
}

static uint32_t get_u32(Reader *rd) { uint32_t v; take(rd, &v, sizeof v); return v; }
static int64_t get_i64(Reader *rd) { int64_t v; take(rd, &v, sizeof v); return v; }
static double get_f64(Reader *rd) { double v; take(rd, &v, sizeof v); return v; }

/* A count of items at least `min_bytes` each: never more than the bytes left. */
static int get_count(Reader *rd, size_t min_bytes)
{
    uint32_t n = get_u32(rd);
    if (rd->bad || n > INT32_MAX || (size_t)n > rd->left / min_bytes) {
        rd->bad = true;
        return 0;
    }
    return (int)n;
}

/* A string copied into `a`; NULL for the null string or a bad message.
 * An embedded NUL would make the string read shorter than it was sent:
 * only a corrupt message has one. */
static const char *get_str(Reader *rd, Arena *a)
{
    uint32_t n = get_u32(rd);
    if (rd->bad || n == WIRE_NULL) return NULL;
    if (n > rd->left || memchr(rd->p, 0, n)) {
        rd->bad = true;
        return NULL;
    }
    const char *s = arena_strndup(a, rd->p, n);
    rd->p += n;
    rd->left -= n;
    return s;
}

static void get_range(Reader *rd, Arena *a, SrcRange *r)
{
    r->file = get_str(rd, a);
    r->line = get_u32(rd);
    r->col = get_u32(rd);
    r->end_line = get_u32(rd);
    r->end_col = get_u32(rd);
}

static void get_evidence(Reader *rd, Arena *a, Evidence *e)
{
    e->key = get_str(rd, a);
    uint32_t kind = get_u32(rd);
    if (kind > EV_STR_LIST || !e->key) rd->bad = true;
    e->kind = rd->bad ? EV_INT : (EvidenceKind)kind;
    e->i = get_i64(rd);
    e->s = get_str(rd, a);
    if (e->kind == EV_STR && !e->s) rd->bad = true;
    e->count = get_count(rd, e->kind == EV_INT_LIST ? sizeof(int64_t) : sizeof(uint32_t));
    if (e->kind == EV_INT_LIST && e->count > 0) {
        long long *ints = arena_alloc(a, sizeof *ints * (size_t)e->count);
        for (int i = 0; i < e->count; i++) ints[i] = get_i64(rd);
        e->ints = ints;
    } else if (e->kind == EV_STR_LIST && e->count > 0) {
        const char **strs = arena_alloc(a, sizeof *strs * (size_t)e->count);
        for (int i = 0; i < e->count; i++) {
            strs[i] = get_str(rd, a);
            if (!strs[i]) rd->bad = true;
        }
        e->strs = strs;
    } else if (e->count != 0) {
        rd->bad = true;
    }
}

/* The rule's own id string when the rule is known (as the engine gives it). */
static const char *rule_id(const char *id, Arena *a)
{
    const Rule *r = id ? rule_by_id(id) : NULL;
    return r ? r->id : id ? arena_strdup(a, id) : NULL;
}

static void get_finding(Reader *rd, FindingList *l)
{
    Arena *a = &l->arena;
    Finding *f = VEC_PUSH(l->items, l->n);
    Arena scratch = {0};
    const char *rule = get_str(rd, &scratch);
    f->rule = rule_id(rule, a);
    arena_free(&scratch);
    uint32_t sev = get_u32(rd);
    if (!f->rule || sev > SEV_HIGH) rd->bad = true;
    f->severity = (Severity)(sev > SEV_HIGH ? SEV_LOW : sev);
    get_range(rd, a, &f->range);
    f->kernel = get_str(rd, a);
    f->message = get_str(rd, a);
    if (!f->message) rd->bad = true;
    int n = get_count(rd, 4 * sizeof(uint32_t));
    for (int i = 0; i < n && !rd->bad; i++) get_evidence(rd, a, VEC_PUSH(f->evidence, f->nevidence));
    n = get_count(rd, 6 * sizeof(uint32_t));
    for (int i = 0; i < n && !rd->bad; i++) {
        Related *r = VEC_PUSH(f->related, f->nrelated);
        get_range(rd, a, &r->range);
        r->message = get_str(rd, a);
    }
    n = get_count(rd, 2 * sizeof(uint32_t));
    for (int i = 0; i < n && !rd->bad; i++) {
        Fix *x = VEC_PUSH(f->fixes, f->nfixes);
        x->description = get_str(rd, a);
        int nr = get_count(rd, 7 * sizeof(uint32_t));
        for (int j = 0; j < nr && !rd->bad; j++) {
            Replacement *rep = VEC_PUSH(x->replacements, x->nreplacements);
            get_range(rd, a, &rep->range);
            rep->text = get_str(rd, a);
            rep->original = get_str(rd, a);
        }
    }
    f->id = get_str(rd, a);
    Measured *m = &f->measured;
    m->present = get_u32(rd) != 0;
    m->gpu = get_str(rd, a);
    m->speedup = get_f64(rd);
    m->spread_lo = get_f64(rd);
    m->spread_hi = get_f64(rd);
    m->variant = get_str(rd, a);
    m->verdict = get_str(rd, a);
    Predicted *pr = &f->predicted;
    pr->present = get_u32(rd) != 0;
    pr->gpu = get_str(rd, a);
    pr->known = get_u32(rd) != 0;
    pr->speedup = get_f64(rd);
    pr->basis = get_str(rd, a);
    /* the list's de-duplication keys, as finding_new would have made them */
    char *key = rd->bad ? NULL : finding_key(f);
    if (key) strmap_increment(&l->seen, key);
    free(key);
}

/* A list of strings kept in `a`; the array is malloc'd (file_result_free). */
static const char **get_strs(Reader *rd, Arena *a, int *n)
{
    *n = get_count(rd, sizeof(uint32_t));
    if (*n <= 0) return NULL;
    const char **v = xcalloc((size_t)*n, sizeof *v);
    for (int i = 0; i < *n; i++) {
        v[i] = get_str(rd, a);
        if (!v[i]) rd->bad = true;
    }
    return v;
}

static void get_problems(Reader *rd, Diagnostics *d, bool errors)
{
    int n = get_count(rd, 4 * sizeof(uint32_t));
    Arena scratch = {0};
    for (int i = 0; i < n && !rd->bad; i++) {
        const char *file = get_str(rd, &scratch);
        unsigned line = get_u32(rd), col = get_u32(rd);
        const char *message = get_str(rd, &scratch);
        uint32_t flags = get_u32(rd);
        bool parse_detail = flags & 1, informational = (flags & 2) != 0;
        if (!message) {
            rd->bad = true;
        } else if (errors) {
            diag_error(d, file, line, col, "%s", message);
            d->errors[d->nerrors - 1].parse_detail = parse_detail;
        } else {
            diag_note(d, file, line, col, "%s", message);
            d->notes[d->nnotes - 1].parse_detail = parse_detail;
            d->notes[d->nnotes - 1].informational = informational;
            d->notes[d->nnotes - 1].summarised = (flags & 4) != 0;
        }
    }
    arena_free(&scratch);
}

/* Bytes as they are (NULs allowed), copied NUL-terminated; NULL when bad. */
static char *get_bytes_copy(Reader *rd, size_t *len)
{
    uint32_t n = get_u32(rd);
    if (rd->bad || n > rd->left) {
        rd->bad = true;
        return NULL;
    }
    char *c = xmalloc((size_t)n + 1);
    take(rd, c, n);
    c[n] = 0;
    *len = n;
    return c;
}

bool result_decode(const char *data, size_t len, FileResult *r, char **log, size_t *log_len)
{
    Reader rd = {data, len, false};
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    *log = NULL;
    *log_len = 0;
    Arena scratch = {0};
    const char *path = get_str(&rd, &scratch);
    r->path = path ? xstrdup(path) : NULL;
    arena_free(&scratch);
    if (!r->path) rd.bad = true;
    r->read = get_u32(&rd) != 0;
    int64_t kernels = get_i64(&rd);
    r->kernels = kernels >= 0 && kernels <= INT32_MAX ? (int)kernels : 0;
    r->seconds = get_f64(&rd);
    r->cpu_seconds = get_f64(&rd);
    int n = get_count(&rd, 16 * sizeof(uint32_t));
    for (int i = 0; i < n && !rd.bad; i++) get_finding(&rd, &r->findings);
    get_problems(&rd, &r->problems, false);
    get_problems(&rd, &r->problems, true);
    uint32_t status = get_u32(&rd);
    if (status > FILE_FAILED) rd.bad = true;
    r->status = rd.bad ? FILE_FAILED : (FileStatus)status;
    r->reasons = get_strs(&rd, &r->problems.arena, &r->nreasons);
    r->missing_headers = get_strs(&rd, &r->problems.arena, &r->nmissing_headers);
    int ncontext = 0;
    const char **context = get_strs(&rd, &r->problems.arena, &ncontext);
    if (ncontext == 2 && context[0] && context[1]) {
        r->through = context[0][0] ? context[0] : NULL;
        r->context = context[1][0] ? context[1] : NULL;
    } else {
        rd.bad = true;
    }
    free(context);
    *log = get_bytes_copy(&rd, log_len);
    if (rd.bad || rd.left != 0) {
        file_result_free(r);
        free(*log);
        *log = NULL;
        *log_len = 0;
        return false;
    }
    return true;
}

/* ------------------------------------------------------------- documents */

void document_request_encode(const char *path, const char *text, size_t len, const FrontendBuffer *open, int nopen,
                             bool no_preamble, WireBuf *out)
{
    put_str(out, path);
    put_bytes(out, text, len);
    put_u32(out, (uint32_t)nopen);
    for (int i = 0; i < nopen; i++) {
        put_str(out, open[i].path);
        put_bytes(out, open[i].contents, open[i].size);
    }
    put_u32(out, no_preamble);
}

void document_request_free(DocumentRequest *rq)
{
    free(rq->path);
    free(rq->text);
    for (int i = 0; i < rq->nopen; i++) {
        free((char *)rq->open[i].path);
        free((char *)rq->open[i].contents);
    }
    free(rq->open);
    memset(rq, 0, sizeof *rq);
}

/* A path: a non-empty string without NULs. */
static char *get_path_copy(Reader *rd)
{
    size_t n = 0;
    char *p = get_bytes_copy(rd, &n);
    if (p && (n == 0 || strlen(p) != n)) {
        rd->bad = true;
        free(p);
        return NULL;
    }
    return p;
}

bool document_request_decode(const char *data, size_t len, DocumentRequest *rq)
{
    Reader rd = {data, len, false};
    memset(rq, 0, sizeof *rq);
    rq->path = get_path_copy(&rd);
    rq->text = get_bytes_copy(&rd, &rq->len);
    int n = get_count(&rd, 2 * sizeof(uint32_t));
    if (n > 0) rq->open = xcalloc((size_t)n, sizeof *rq->open);
    for (int i = 0; i < n && !rd.bad; i++) {
        size_t size = 0;
        char *path = get_path_copy(&rd), *text = get_bytes_copy(&rd, &size);
        rq->open[rq->nopen++] = (FrontendBuffer){path, text, size};
    }
    rq->no_preamble = get_u32(&rd) != 0;
    if (rd.bad || rd.left != 0 || !rq->path) {
        document_request_free(rq);
        return false;
    }
    return true;
}

void document_answer_encode(bool ok, const DocumentInfo *info, const FileResult *r, const char *log, size_t log_len,
                            WireBuf *out)
{
    put_u32(out, ok);
    put_u32(out, info->reused);
    put_u32(out, (uint32_t)info->host_slice);
    put_i64(out, info->kept);
    put_i64(out, info->declared_files);
    put_i64(out, (int64_t)(info->parse_seconds * 1e6));
    put_i64(out, (int64_t)(info->model_seconds * 1e6));
    put_strs(out, (const char *const *)info->included, info->nincluded);
    result_encode(r, log, log_len, out);
}

bool document_answer_decode(const char *data, size_t len, bool *ok, DocumentInfo *info, FileResult *r, char **log,
                            size_t *log_len)
{
    Reader rd = {data, len, false};
    memset(info, 0, sizeof *info);
    *ok = get_u32(&rd) != 0;
    info->reused = get_u32(&rd) != 0;
    uint32_t slice = get_u32(&rd);
    info->host_slice = slice <= HOST_SLICE_REFUSED ? (HostSliceUse)slice : HOST_SLICE_NONE;
    int64_t kept = get_i64(&rd), declared = get_i64(&rd);
    info->kept = kept >= 0 && kept <= INT32_MAX ? (int)kept : 0;
    info->declared_files = declared >= 0 && declared <= INT32_MAX ? (int)declared : 0;
    int64_t parse_us = get_i64(&rd), model_us = get_i64(&rd);
    info->parse_seconds = parse_us > 0 ? (double)parse_us / 1e6 : 0;
    info->model_seconds = model_us > 0 ? (double)model_us / 1e6 : 0;
    Arena scratch = {0};
    int n = 0;
    const char **included = get_strs(&rd, &scratch, &n);
    if (!rd.bad && n > 0) {
        info->included = xcalloc((size_t)n, sizeof *info->included);
        for (int i = 0; i < n; i++) info->included[i] = xstrdup(included[i]);
        info->nincluded = n;
    }
    free(included);
    arena_free(&scratch);
    if (rd.bad || !result_decode(rd.p, rd.left, r, log, log_len)) {
        document_info_free(info);
        return false;
    }
    return true;
}
