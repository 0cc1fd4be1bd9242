/* lsp_rpc.c - see lsp_rpc.h.  A broken header block never desynchronises
 * the stream for good: the reader drops it up to its blank line (or a line
 * that cannot be a header) and looks for the next Content-Length. */
#include "app/lsp_rpc.h"
#include "app/lsp_documents.h"
#include "util/oom.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_HEADER_LINE 8192

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
    return r->end > r->start;
}

/* Reads more bytes into the buffer; false at end of stream. */
static bool fill(RpcReader *r)
{
    if (r->start > 0 && r->start == r->end) r->start = r->end = 0;
    if (r->end == r->cap) {
        if (r->start > 0) {
            memmove(r->buf, r->buf + r->start, r->end - r->start);
            r->end -= r->start;
            r->start = 0;
        } else {
            r->cap = r->cap ? r->cap * 2 : 65536;
            r->buf = xrealloc(r->buf, r->cap);
        }
    }
    for (;;) {
        ssize_t n = read(r->fd, r->buf + r->end, r->cap - r->end);
        if (n > 0) {
            r->end += (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        return false;
    }
}

/* One header line without its line end ("\r\n" or a bare "\n"), in line
 * (truncated to n - 1 bytes; *too_long tells).  False at end of stream. */
static bool read_line(RpcReader *r, char *line, size_t n, bool *too_long)
{
    size_t len = 0;
    *too_long = false;
    for (;;) {
        if (r->start == r->end && !fill(r)) return false;
        char c = r->buf[r->start++];
        if (c == '\n') break;
        if (len + 1 < n) line[len++] = c;
        else *too_long = true;
    }
    if (len > 0 && line[len - 1] == '\r') len--;
    line[len] = 0;
    return true;
}

/* Reads (or, with out NULL, drops) exactly n body bytes. */
static bool read_body(RpcReader *r, char *out, size_t n)
{
    size_t got = 0;
    while (got < n) {
        if (r->start == r->end && !fill(r)) return false;
        size_t take = r->end - r->start;
        if (take > n - got) take = n - got;
        if (out) memcpy(out + got, r->buf + r->start, take);
        r->start += take;
        got += take;
    }
    return true;
}

RpcStatus rpc_read(RpcReader *r, size_t max_body, char **body, size_t *len, char *err, size_t nerr)
{
    *body = NULL;
    *len = 0;
    err[0] = 0;
    char line[MAX_HEADER_LINE];
    bool have_length = false, bad = false, any = false;
    unsigned long long length = 0;
    for (;;) {
        bool too_long;
        if (!read_line(r, line, sizeof line, &too_long)) return RPC_EOF;
        if (line[0] == 0 && !too_long) {
            if (!any) continue; /* stray blank lines between messages */
            break;
        }
        any = true;
        char *colon = strchr(line, ':');
        if (too_long || !colon) {
            /* not a header: the sender does not frame its messages */
            snprintf(err, nerr, "not a header line (expected 'Content-Length: N'): '%.60s'", line);
            return RPC_BAD_FRAME;
        }
        *colon = 0;
        if (strcasecmp(line, "Content-Length") != 0) continue; /* Content-Type and others */
        char *v = colon + 1, *end;
        while (*v == ' ' || *v == '\t') v++;
        errno = 0;
        length = strtoull(v, &end, 10);
        while (*end == ' ' || *end == '\t') end++;
        if (v[0] < '0' || v[0] > '9' || *end || errno) bad = true;
        else have_length = true;
    }
    if (bad || !have_length) {
        snprintf(err, nerr, "%s", bad ? "invalid Content-Length" : "a header block without Content-Length");
        return RPC_BAD_FRAME;
    }
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

