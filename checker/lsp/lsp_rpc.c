/* lsp_rpc.c - see lsp_rpc.h.  Broken framing never desynchronises the
 * stream for good: bytes that do not start a header block are skipped up to
 * the next "Content-Length:" header, and a body whose length is wrong is
 * cut where its JSON ends (rpc_read_json).
 *
 * What makes the search for the next header safe: a header line is
 * "Content-Length:", digits and a line end, and a JSON text cannot contain
 * one (a raw line break is only whitespace between tokens, never inside a
 * string).  So no valid JSON body is ever cut at a header inside it. */
#include "lsp/lsp_rpc.h"
#include "util/oom.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_HEADER_LINE 8192
#define MAX_HEADER_NAME 256
#define MAX_HEADER_BLOCK 65536
#define KEEP_BUFFER ((size_t)1 << 20) /* a larger buffer is freed once drained */

static const char CONTENT_LENGTH[] = "content-length:";
#define CONTENT_LENGTH_LEN (sizeof CONTENT_LENGTH - 1)

void rpc_reader_init(RpcReader *r, int fd)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
}

void rpc_reader_free(RpcReader *r)
{
    free(r->buf);
    memset(r, 0, sizeof *r);
}

bool rpc_buffered(const RpcReader *r)
{
    return r->end > r->start && !r->need_more;
}

static size_t avail(const RpcReader *r)
{
    return r->end - r->start;
}

static void consume(RpcReader *r, size_t n)
{
    r->start += n;
    if (r->start < r->end) return;
    r->start = r->end = 0;
    if (r->cap > KEEP_BUFFER) { /* one huge message does not keep its memory */
        free(r->buf);
        r->buf = NULL;
        r->cap = 0;
    }
}

/* Reads more bytes into the buffer (blocking); false at end of stream.
 * The buffer keeps a NUL after its bytes. */
static bool fill(RpcReader *r)
{
    if (r->start == r->end) r->start = r->end = 0;
    if (r->end + 1 >= r->cap && r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
        r->buf[r->end] = 0;
    }
    if (r->end + 1 >= r->cap) {
        r->cap = r->cap ? r->cap * 2 : 65536;
        r->buf = xrealloc(r->buf, r->cap);
    }
    for (;;) {
        ssize_t n = read(r->fd, r->buf + r->end, r->cap - r->end - 1);
        if (n > 0) {
            r->end += (size_t)n;
            r->buf[r->end] = 0;
            r->need_more = false;
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        return false;
    }
}

/* Room for n unread bytes (and a following header). */
static void reserve(RpcReader *r, size_t n)
{
    if (r->start > 0 && r->start + n + 1 > r->cap) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
        r->buf[r->end] = 0;
    }
    if (n + 1 > r->cap) {
        r->cap = n + 65536;
        r->buf = xrealloc(r->buf, r->cap);
    }
}

/* fill, waiting at most ms for input: 1 read, 0 end of stream, -1 nothing came. */
static int fill_within(RpcReader *r, int ms)
{
    struct pollfd p = {r->fd, POLLIN, 0};
    int n;
    while ((n = poll(&p, 1, ms)) < 0 && errno == EINTR) {
    }
    if (n == 0) return -1;
    return fill(r) ? 1 : 0; /* a poll error: read reports it */
}

static bool is_token(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Whether p[0..n) starts with "Content-Length:" (any case), a byte count
 * and a line end: 1 yes, 0 no, -1 not known until more bytes come.  With
 * any_value, any value up to the line end will do. */
static int header_at(const char *p, size_t n, bool any_value)
{
    for (size_t i = 0; i < CONTENT_LENGTH_LEN; i++) {
        if (i == n) return -1;
        char c = p[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != CONTENT_LENGTH[i]) return 0;
    }
    size_t i = CONTENT_LENGTH_LEN, digits = 0;
    if (any_value) {
        while (i < n && p[i] != '\n' && i < MAX_HEADER_LINE) i++;
        return i < n && p[i] == '\n' ? 1 : i < MAX_HEADER_LINE ? -1 : 0;
    }
    while (i < n && (p[i] == ' ' || p[i] == '\t') && i < 64) i++;
    while (i < n && p[i] >= '0' && p[i] <= '9' && digits < 24) i++, digits++;
    while (i < n && (p[i] == ' ' || p[i] == '\t') && i < 96) i++;
    if (i < n && p[i] == '\r') i++;
    if (i == n) return i < 96 && digits < 24 ? -1 : 0;
    return p[i] == '\n' && digits > 0 ? 1 : 0;
}

/* The first Content-Length header in p[from..n): true and its offset in
 * *at; or false, with *at the offset from which the bytes may still start
 * one (n when none can).  One at the start of a line may have any value
 * (it is reported as invalid); one inside a line needs a byte count. */
static bool find_header(const char *p, size_t from, size_t n, size_t *at)
{
    for (size_t i = from; i < n; i++) {
        if (p[i] != 'c' && p[i] != 'C') continue;
        int h = header_at(p + i, n - i, i > 0 && p[i - 1] == '\n');
        if (h == 1) {
            *at = i;
            return true;
        }
        if (h < 0) {
            *at = i;
            return false;
        }
    }
    *at = n;
    return false;
}

typedef enum { BLOCK_OK, BLOCK_MORE, BLOCK_GARBAGE } Block;

/* The header block at p[0..n) (not starting with a blank line): BLOCK_OK
 * with *used its bytes through the blank line and *value, *nvalue the last
 * Content-Length value (NULL when none); BLOCK_MORE when more bytes may
 * complete it; BLOCK_GARBAGE when it is not one. */
static Block parse_block(const char *p, size_t n, size_t *used, const char **value, size_t *nvalue)
{
    *value = NULL;
    *nvalue = 0;
    size_t i = 0;
    for (;;) {
        size_t line = i;
        while (i < n && is_token(p[i]) && i - line < MAX_HEADER_NAME) i++;
        if (i == n) return BLOCK_MORE;
        if (i == line && (p[i] == '\r' || p[i] == '\n')) { /* the blank line */
            if (p[i] == '\r') {
                if (i + 1 == n) return BLOCK_MORE;
                if (p[++i] != '\n') return BLOCK_GARBAGE;
            }
            *used = i + 1;
            return BLOCK_OK;
        }
        if (i == line || p[i] != ':') return BLOCK_GARBAGE;
        size_t colon = i;
        const char *eol = memchr(p + colon, '\n', n - colon);
        if (!eol) return n - line < MAX_HEADER_LINE ? BLOCK_MORE : BLOCK_GARBAGE;
        size_t end = (size_t)(eol - p);
        if (end - line >= MAX_HEADER_LINE || end + 1 > MAX_HEADER_BLOCK) return BLOCK_GARBAGE;
        /* another message's header glued to this line: the rest of a body
         * that was longer than its Content-Length */
        size_t inner;
        if (find_header(p, line + 1, end + 1, &inner) || inner <= end) return BLOCK_GARBAGE;
        if (colon - line == CONTENT_LENGTH_LEN - 1 && strncasecmp(p + line, CONTENT_LENGTH, colon - line) == 0) {
            *value = p + colon + 1;
            *nvalue = end - colon - 1;
        }
        i = end + 1;
    }
}

static void trim(const char **v, size_t *n)
{
    while (*n > 0 && is_space((*v)[*n - 1])) (*n)--;
    while (*n > 0 && is_space(**v)) (*v)++, (*n)--;
}

/* A Content-Length value (trimmed): digits; false otherwise. */
static bool parse_length(const char *v, size_t n, unsigned long long *out)
{
    if (n == 0 || n > 19) return false; /* 19 digits always fit */
    unsigned long long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9') return false;
        x = x * 10 + (unsigned long long)(v[i] - '0');
    }
    *out = x;
    return true;
}

/* The start of skipped bytes, printable, for a message. */
static void quote(char *out, size_t nout, const char *p, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < nout && i < 40; i++) out[k++] = p[i] >= 32 && p[i] < 127 ? p[i] : '.';
    out[k] = 0;
}

/* Reads up to the end of the next header block: RPC_MESSAGE with *length
 * its Content-Length, or why there is none.  Bytes that are not a header
 * block are skipped up to the next Content-Length header; they are
 * reported once the header is there, or when nothing more comes within
 * RPC_STALL_MS (the sender may wait for an answer).  With pending, input
 * that ends between messages after something was dropped is
 * RPC_PENDING instead of a wait. */
static RpcStatus read_header(RpcReader *r, bool pending, unsigned long long *length, char *err, size_t nerr)
{
    size_t skipped = 0;
    bool dropped = false;
    char first[48] = "";
    for (;;) {
        while (!skipped && avail(r) > 0 && is_space(r->buf[r->start])) { /* between messages */
            consume(r, 1);
            dropped = true;
        }
        size_t used = 0, nvalue;
        const char *value;
        Block b = avail(r) ? parse_block(r->buf + r->start, avail(r), &used, &value, &nvalue) : BLOCK_MORE;
        if (b == BLOCK_MORE) {
            if (!skipped && pending && dropped && avail(r) == 0) return RPC_PENDING;
            int f = skipped ? fill_within(r, RPC_STALL_MS) : fill(r) ? 1 : 0;
            if (f > 0) continue;
            if (!skipped) return RPC_EOF;
            r->need_more = f < 0 && avail(r) > 0;
            break;
        }
        if (b == BLOCK_GARBAGE) {
            if (!skipped) quote(first, sizeof first, r->buf + r->start, avail(r));
            size_t at;
            find_header(r->buf + r->start, 1, avail(r), &at);
            skipped += at;
            consume(r, at);
            continue; /* at a header, the start of one, or at the end */
        }
        if (skipped) break; /* the block is read by the next call */
        consume(r, used);
        if (!value) {
            snprintf(err, nerr, "a header block without Content-Length");
            return RPC_BAD_FRAME;
        }
        trim(&value, &nvalue);
        if (!parse_length(value, nvalue, length)) {
            char q[48];
            quote(q, sizeof q, value, nvalue);
            snprintf(err, nerr, "invalid Content-Length '%s' (not a byte count)", q);
            return RPC_BAD_FRAME;
        }
        return RPC_MESSAGE;
    }
    snprintf(err, nerr, "%zu bytes that are not a header line (expected 'Content-Length: N'), from '%s'", skipped,
             first);
    return RPC_BAD_FRAME;
}

/* Reads (or, with out NULL, drops) exactly n body bytes. */
static bool read_body(RpcReader *r, char *out, size_t n)
{
    size_t got = 0;
    while (got < n) {
        if (r->start == r->end && !fill(r)) return false;
        size_t take = avail(r);
        if (take > n - got) take = n - got;
        if (out) memcpy(out + got, r->buf + r->start, take);
        consume(r, take);
        got += take;
    }
    return true;
}

RpcStatus rpc_read(RpcReader *r, size_t max_body, char **body, size_t *len, char *err, size_t nerr)
{
    *body = NULL;
    *len = 0;
    err[0] = 0;
    unsigned long long length;
    RpcStatus st = read_header(r, false, &length, err, nerr);
    if (st != RPC_MESSAGE) return st;
    if (length > max_body) {
        snprintf(err, nerr, "a message of %llu bytes (the limit is %zu): dropped", length, max_body);
        return read_body(r, NULL, (size_t)length) ? RPC_TOO_LARGE : RPC_EOF;
    }
    char *b = xmalloc((size_t)length + 1);
    if (!read_body(r, b, (size_t)length)) {
        free(b);
        return RPC_EOF;
    }
    b[length] = 0;
    *body = b;
    *len = (size_t)length;
    return RPC_MESSAGE;
}

/* ---------------------------------------------------- JSON from the editor */

/* The JSON value at the start of p[0..n) and where it ends (after the
 * whitespace that follows it); NULL when there is none. */
static cJSON *parse_prefix(const char *p, size_t n, size_t *end)
{
    const char *stop = NULL;
    cJSON *j = cJSON_ParseWithLengthOpts(p, n, &stop, false);
    if (!j) return NULL;
    size_t e = (size_t)(stop - p);
    while (e < n && is_space(p[e])) e++;
    *end = e;
    return j;
}

static RpcStatus message(RpcReader *r, cJSON *j, size_t used, cJSON **msg)
{
    consume(r, used);
    *msg = j;
    return RPC_MESSAGE;
}

static RpcStatus not_json(RpcReader *r, size_t n, char **body, size_t *len)
{
    char *b = xmalloc(n + 1);
    memcpy(b, r->buf + r->start, n);
    b[n] = 0;
    consume(r, n);
    *body = b;
    *len = n;
    return RPC_NOT_JSON;
}

/* Drops the rest of an oversized body: r->discard bytes, or up to a
 * Content-Length header that comes first (the length was wrong).  1 done,
 * 0 more to drop and nothing buffered, -1 the stream ended. */
static int drop(RpcReader *r)
{
    for (;;) {
        size_t n = avail(r), at;
        bool all = n >= r->discard;
        if (all) n = (size_t)r->discard;
        bool found = find_header(r->buf + r->start, 0, n, &at);
        if (found || all) {
            if (!found) at = n;
            consume(r, at);
            r->discard = 0;
            return 1;
        }
        consume(r, at);
        r->discard -= at;
        int f = fill_within(r, 0);
        if (f < 0) {
            r->need_more = avail(r) > 0;
            return 0;
        }
        if (f == 0) return -1;
    }
}

/* Completes a body cut short by its Content-Length: the JSON value from
 * the body's start through the bytes that follow it, up to the next
 * header; waits RPC_STALL_MS for bytes still on their way. */
static cJSON *complete_short(RpcReader *r, size_t length, size_t max_body, size_t *used)
{
    for (;;) {
        size_t at;
        bool header = find_header(r->buf + r->start, length, avail(r), &at);
        size_t n = header ? at : avail(r);
        cJSON *j = n > length ? parse_prefix(r->buf + r->start, n, used) : NULL;
        if (j || header || avail(r) > max_body) return j;
        if (fill_within(r, RPC_STALL_MS) <= 0) return NULL;
        while (fill_within(r, 0) > 0 && avail(r) <= max_body) {
        }
    }
}

RpcStatus rpc_read_json(RpcReader *r, size_t max_body, cJSON **msg, char **body, size_t *len, char *err,
                        size_t nerr)
{
    *msg = NULL;
    *body = NULL;
    *len = 0;
    err[0] = 0;
    if (r->discard) {
        int d = drop(r);
        if (d <= 0) return d < 0 ? RPC_EOF : RPC_PENDING;
        if (avail(r) == 0) return RPC_PENDING;
    }
    unsigned long long declared;
    RpcStatus st = read_header(r, true, &declared, err, nerr);
    if (st != RPC_MESSAGE) return st;
    if (declared > max_body) {
        snprintf(err, nerr, "a message of %llu bytes (Content-Length; the limit is %zu): dropped", declared, max_body);
        r->discard = declared;
        return RPC_TOO_LARGE;
    }
    size_t length = (size_t)declared, used, tried = 0, at;
    cJSON *j;
    while (avail(r) < length) {
        /* memory grows with what arrives, up to the declared length */
        size_t room = 2 * avail(r) + 65536;
        reserve(r, room < length ? room : length);
        int f = fill_within(r, RPC_STALL_MS);
        if (f > 0) continue;
        /* nothing more came: the length may be too long for what was sent
         * (the sender waits for the answer) */
        if (avail(r) > tried) {
            tried = avail(r);
            if ((j = parse_prefix(r->buf + r->start, avail(r), &used))) {
                snprintf(err, nerr, "Content-Length %zu is longer than the message (%zu bytes)", length, used);
                return message(r, j, used, msg);
            }
            if (find_header(r->buf + r->start, 1, avail(r), &at)) {
                snprintf(err, nerr, "a body of %zu bytes, up to the next header, that is not JSON (Content-Length %zu)",
                         at, length);
                return not_json(r, at, body, len);
            }
        }
        if (f == 0 || !fill(r)) return RPC_EOF;
    }
    if ((j = parse_prefix(r->buf + r->start, length, &used))) {
        if (used < length)
            snprintf(err, nerr, "Content-Length %zu is longer than the message (%zu bytes)", length, used);
        return message(r, j, used, msg);
    }
    if (find_header(r->buf + r->start, 1, length, &at)) {
        snprintf(err, nerr, "a body of %zu bytes, up to the next header, that is not JSON (Content-Length %zu)", at,
                 length);
        return not_json(r, at, body, len);
    }
    if ((j = complete_short(r, length, max_body, &used))) {
        snprintf(err, nerr, "Content-Length %zu is shorter than the message (%zu bytes)", length, used);
        return message(r, j, used, msg);
    }
    /* what follows up to the next header belongs to the broken message */
    if (!find_header(r->buf + r->start, length, avail(r), &at)) at = length;
    snprintf(err, nerr, "a body of %zu bytes that is not JSON (Content-Length %zu)", at, length);
    return not_json(r, at, body, len);
}

/* ---------------------------------------------------------------- output */

static bool write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool rpc_write(int fd, const char *body, size_t len)
{
    char head[64];
    int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
    return write_all(fd, head, (size_t)h) && write_all(fd, body, len);
}
