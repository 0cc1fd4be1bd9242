/* test_lsp_documents.c - the language server's positions and edits: UTF-16
 * code units against byte columns (2-, 3- and 4-byte characters), line
 * ends (\n, \r\n, \r), clamping, invalid UTF-8, incremental edits, URIs,
 * and the framing reader on broken input: bad headers, and Content-Lengths
 * that are too short, too long or absurd for the JSON that follows. */
#include "lsp/lsp_documents.h"
#include "lsp/lsp_rpc.h"
#include "check.h"
#include "util/utf8.h"
#include "util/vec.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static LspPos P(unsigned l, unsigned c)
{
    LspPos p = {l, c};
    return p;
}

#define CHECK_POS(p, l, c)             \
    do {                               \
        LspPos p_ = (p);               \
        CHECK_EQ_LL(p_.line, (l));     \
        CHECK_EQ_LL(p_.character, (c)); \
    } while (0)

static void test_positions(void)
{
    /* "é" is 2 bytes / 1 unit, "€" 3 bytes / 1 unit, "😀" 4 bytes / 2 units */
    const char *t = "a\xC3\xA9" "b\n\xE2\x82\xAC" "x = 2.5;\r\n\xF0\x9F\x98\x80" "y\rz";
    size_t n = strlen(t);
    /* line 0: a é b */
    CHECK_EQ_LL(lsp_offset_of(t, n, P(0, 2), POS_UTF16), 3);  /* before b */
    CHECK_EQ_LL(lsp_offset_of(t, n, P(0, 2), POS_UTF8), 2);   /* inside é in bytes: as asked */
    /* line 1: € x = 2.5; (CRLF) - the literal starts at byte column 8 (1-based) */
    CHECK_POS(lsp_pos_of_linecol(t, n, 2, 8, POS_UTF16), 1, 5);
    CHECK_POS(lsp_pos_of_linecol(t, n, 2, 8, POS_UTF8), 1, 7);
    CHECK_EQ_LL(lsp_offset_of(t, n, P(1, 5), POS_UTF16), 5 + 3 + 4);
    /* past the end of a line clamps to it (before \r\n) */
    CHECK_EQ_LL(lsp_offset_of(t, n, P(1, 99), POS_UTF16), (long long)(strchr(t, '\r') - t));
    CHECK_POS(lsp_line_end(t, n, 1, POS_UTF16), 1, 9);
    /* line 2: 😀 y (CR) - a character inside the surrogate pair stops before it */
    size_t l2 = (size_t)(strstr(t, "\xF0") - t);
    CHECK_EQ_LL(lsp_offset_of(t, n, P(2, 1), POS_UTF16), l2);
    CHECK_EQ_LL(lsp_offset_of(t, n, P(2, 2), POS_UTF16), l2 + 4);
    CHECK_POS(lsp_pos_of_offset(t, n, l2 + 4, POS_UTF16), 2, 2);
    CHECK_POS(lsp_pos_of_offset(t, n, l2 + 4, POS_UTF8), 2, 4);
    /* line 3 after a bare \r */
    CHECK_POS(lsp_pos_of_offset(t, n, n, POS_UTF16), 3, 1);
    CHECK_POS(lsp_text_end(t, n, POS_UTF16), 3, 1);
    /* lines past the end clamp to the end */
    CHECK_EQ_LL(lsp_offset_of(t, n, P(40, 0), POS_UTF16), n);
    /* round trips for every offset at a code point boundary */
    for (size_t off = 0; off <= n; off++) {
        if (off < n && ((unsigned char)t[off] & 0xC0) == 0x80) continue;
        if (off > 0 && t[off - 1] == '\r' && t[off] == '\n') continue;
        CHECK_EQ_LL(lsp_offset_of(t, n, lsp_pos_of_offset(t, n, off, POS_UTF16), POS_UTF16), off);
    }
}

static void test_invalid_utf8(void)
{
    const char *t = "a\xFF\xC3(\xE2\x82x"; /* stray bytes, a truncated 2- and 3-byte sequence */
    size_t n = strlen(t);
    CHECK_EQ_LL(lsp_units(t, n, POS_UTF16), (long long)n); /* each bad byte is one unit */
    CHECK_EQ_LL(lsp_offset_of(t, n, P(0, 3), POS_UTF16), 3);
    size_t m;
    char *clean = utf8_sanitize_n(t, n, &m);
    CHECK(strcmp(clean, "a\xEF\xBF\xBD\xEF\xBF\xBD(\xEF\xBF\xBD\xEF\xBF\xBDx") == 0);
    free(clean);
    clean = utf8_sanitize_n("\xED\xA0\x80 ok \xF0\x9F\x98\x80", 12, &m); /* a surrogate is invalid UTF-8 */
    CHECK(strncmp(clean, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD ok \xF0\x9F\x98\x80", m) == 0);
    free(clean);
}

static void test_edits(void)
{
    DocumentSet set = {0};
    const char *text = "float y = x * 2.5; // \xC3\xA9\xF0\x9F\x98\x80\nline2\n";
    Document *d = documents_open(&set, "file:///tmp/a%20b.cu", "cuda", 1, text, strlen(text));
    CHECK(strcmp(d->path, "/tmp/a b.cu") == 0);
    CHECK(d->lintable);
    /* 2.5 -> 2.5f: insert at (0, 17) */
    document_apply_change(d, true, P(0, 17), P(0, 17), "f", 1, POS_UTF16);
    CHECK(strncmp(d->text, "float y = x * 2.5f;", 19) == 0);
    /* replace the emoji (characters 24..26 in UTF-16) with "!" */
    document_apply_change(d, true, P(0, 24), P(0, 26), "!", 1, POS_UTF16);
    CHECK(strcmp(d->text, "float y = x * 2.5f; // \xC3\xA9!\nline2\n") == 0);
    /* a multi-line replacement and a deletion across lines */
    document_apply_change(d, true, P(0, 19), P(1, 4), " /*x*/\nLINE", 11, POS_UTF16);
    CHECK(strcmp(d->text, "float y = x * 2.5f; /*x*/\nLINE2\n") == 0);
    document_apply_change(d, true, P(1, 0), P(2, 0), "", 0, POS_UTF16);
    CHECK(strcmp(d->text, "float y = x * 2.5f; /*x*/\n") == 0);
    /* a change without a range replaces everything */
    document_apply_change(d, false, P(0, 0), P(0, 0), "new", 3, POS_UTF16);
    CHECK(strcmp(d->text, "new") == 0 && d->len == 3);
    /* a range past the end appends */
    document_apply_change(d, true, P(7, 0), P(9, 0), "!", 1, POS_UTF16);
    CHECK(strcmp(d->text, "new!") == 0);
    Document *u = documents_open(&set, "untitled:Untitled-1", "cuda", 1, "", 0);
    CHECK(strcmp(u->path, "Untitled-1.cu") == 0 && u->lintable);
    Document *c = documents_open(&set, "file:///x/main.cpp", "cpp", 1, "", 0);
    CHECK(!c->lintable);
    CHECK(documents_find(&set, "file:///x/main.cpp") == c);
    documents_close(&set, "file:///x/main.cpp");
    CHECK(documents_find(&set, "file:///x/main.cpp") == NULL);
    CHECK_EQ_LL(set.n, 2);
    /* a re-opened document keeps the pull requests waiting on it */
    *VEC_PUSH(u->waiting, u->nwaiting) = cJSON_CreateNumber(7);
    u = documents_open(&set, "untitled:Untitled-1", "cuda", 2, "x", 1);
    CHECK_EQ_LL(u->nwaiting, 1);
    CHECK_EQ_LL(set.n, 2);
    documents_free(&set);
}

static void test_uris(void)
{
    char *u = lsp_path_to_uri("/a b/c#d/\xC3\xA9.cu");
    CHECK(strcmp(u, "file:///a%20b/c%23d/%C3%A9.cu") == 0);
    char *p = lsp_uri_to_path(u);
    CHECK(strcmp(p, "/a b/c#d/\xC3\xA9.cu") == 0);
    free(u);
    free(p);
    p = lsp_uri_to_path("file://localhost/x.cu");
    CHECK(p && strcmp(p, "/x.cu") == 0);
    free(p);
    CHECK(lsp_uri_to_path("untitled:1") == NULL);
    CHECK(lsp_uri_to_path("file://host/x.cu") == NULL);
    CHECK(lsp_uri_to_path("file:///a%00b") == NULL);
}

/* The reader on good and broken frames, through a file. */
static void test_framing(void)
{
    const char *input = "Content-Length: 2\r\n\r\n{}"
                        "garbage line\n"
                        "Content-Length: abc\r\n\r\n"
                        "Content-Type: x\r\n\r\n"
                        "content-length: 7\n\n[1,2,3]"
                        "Content-Length: 100000\r\n\r\n";
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f) return;
    int fds[2] = {fileno(f), fileno(f)};
    size_t n = strlen(input);
    CHECK(write(fds[1], input, n) == (ssize_t)n);
    char *big = calloc(1, 100000);
    CHECK(write(fds[1], big, 100000) == 100000);
    free(big);
    lseek(fds[0], 0, SEEK_SET);
    RpcReader r;
    rpc_reader_init(&r, fds[0]);
    char *body, err[200];
    size_t len;
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_MESSAGE);
    CHECK(len == 2 && strcmp(body, "{}") == 0);
    free(body);
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_BAD_FRAME);
    CHECK(strstr(err, "not a header line") != NULL);
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_BAD_FRAME); /* abc */
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_BAD_FRAME); /* no length */
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_MESSAGE);
    CHECK(strcmp(body, "[1,2,3]") == 0);
    free(body);
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_TOO_LARGE);
    CHECK_EQ_LL(rpc_read(&r, 1000, &body, &len, err, sizeof err), RPC_EOF);
    rpc_reader_free(&r);
    fclose(f);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void put(int fd, const char *s)
{
    CHECK(write(fd, s, strlen(s)) == (ssize_t)strlen(s));
}

/* A framed message whose Content-Length is off by delta. */
static void put_framed(int fd, const char *body, long delta)
{
    char head[64];
    snprintf(head, sizeof head, "Content-Length: %ld\r\n\r\n", (long)strlen(body) + delta);
    put(fd, head);
    put(fd, body);
}

/* The next rpc_read_json: its status, the message's "id" (-1 none) and
 * the length of a body that is not JSON. */
static RpcStatus next_json(RpcReader *r, int *id, size_t *nbad, char *err, size_t nerr)
{
    cJSON *msg;
    char *body;
    RpcStatus st = rpc_read_json(r, 1000, &msg, &body, nbad, err, nerr);
    const cJSON *v = cJSON_GetObjectItem(msg, "id");
    *id = cJSON_IsNumber(v) ? v->valueint : -1;
    cJSON_Delete(msg);
    free(body);
    return st;
}

/* The editor's side: a wrong Content-Length loses at most its own message,
 * and never leaves the reader waiting for bytes that are not coming. */
static void test_json_framing(void)
{
    int p[2];
    CHECK(pipe(p) == 0);
    RpcReader r;
    rpc_reader_init(&r, p[0]);
    char err[300];
    int id;
    size_t nbad;
    /* one byte short: the length counted characters, not bytes */
    put_framed(p[1], "{\"id\":1,\"method\":\"caf\xC3\xA9\"}", -1);
    /* a few bytes long: the body runs into the next header */
    put_framed(p[1], "{\"id\":2}", 5);
    put_framed(p[1], "{\"id\":3}", 0);
    /* absurd: dropped, and no allocation of its size */
    put(p[1], "Content-Length: 1000000000000\r\n\r\n{\"id\":4}");
    put_framed(p[1], "{\"id\":5}", 0);
    /* negative, then what came with it */
    put(p[1], "Content-Length: -5\r\n\r\n{}");
    put_framed(p[1], "{\"id\":6}", 0);
    /* broken JSON, right length */
    put_framed(p[1], "{\"id\":7,", 0);
    put_framed(p[1], "{\"id\":8}", 0);
    /* unframed JSON, then a message */
    put(p[1], "{\"id\":9}\r\n");
    put_framed(p[1], "{\"id\":10}", 0);

    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 1);
    CHECK(strstr(err, "is shorter than the message") != NULL);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 2);
    CHECK(strstr(err, "longer") != NULL);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 3);
    CHECK(err[0] == 0);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_TOO_LARGE);
    CHECK(strstr(err, "1000000000000 bytes") != NULL);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 5);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_BAD_FRAME);
    CHECK(strstr(err, "invalid Content-Length '-5'") != NULL);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_BAD_FRAME); /* the "{}" */
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 6);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_NOT_JSON);
    CHECK_EQ_LL(nbad, 8);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 8);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_BAD_FRAME);
    CHECK(strstr(err, "not a header line") != NULL);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 10);

    /* too long with nothing after it: the sender waits for the answer */
    put_framed(p[1], "{\"id\":11}", 200);
    double t0 = seconds();
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_MESSAGE);
    CHECK_EQ_LL(id, 11);
    CHECK(seconds() - t0 < 2.0);
    /* absurd, then nothing: the reader does not wait for its bytes */
    put(p[1], "Content-Length: 99999999999\r\n\r\n{\"id\":12}");
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_TOO_LARGE);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_PENDING);
    put(p[1], "Content-Length: 99999999999999999999999\r\n\r\n");
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_BAD_FRAME); /* the header ends the drop */
    CHECK(strstr(err, "invalid Content-Length '99999999999999999999999'") != NULL);
    close(p[1]);
    CHECK_EQ_LL(next_json(&r, &id, &nbad, err, sizeof err), RPC_EOF);
    rpc_reader_free(&r);
    close(p[0]);
}

int main(void)
{
    test_positions();
    test_invalid_utf8();
    test_edits();
    test_uris();
    test_framing();
    test_json_framing();
    return check_summary();
}
