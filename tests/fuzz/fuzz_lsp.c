/* fuzz_lsp.c - libFuzzer target over what an editor sends the language
 * server: the input is the byte stream on its stdin, read with the server's
 * framing (lsp/lsp_rpc.c, "Content-Length: N" headers, from a memory file
 * whose reader starts with a tiny buffer so that refills and moves are
 * exercised), each message decoded as JSON, and the messages that need no
 * analysis handled as the server handles them (lsp.c's dispatch is static
 * and starts a worker, so it is followed here, not called): initialize's
 * position encoding, didOpen/didChange/didClose on the open documents
 * (lsp/lsp_documents.c: ranges, UTF-16/UTF-8 positions, URIs), and
 * codeAction from the diagnostics the request carries
 * (lsp/lsp_diagnostics.c).  Built only with -DGPULINT_FUZZ=ON
 * (ci/fuzz_fast.sh). */
#include "lsp/lsp_diagnostics.h"
#include "lsp/lsp_documents.h"
#include "lsp/lsp_rpc.h"
#include "fuzz_common.h"

#include <cjson/cJSON.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_MESSAGES 64

static int stream_fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    stream_fd = memfd_create("fuzz_lsp", MFD_CLOEXEC);
    if (stream_fd < 0) abort();
    return 0;
}

static const cJSON *get(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

static const char *get_str(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Positions of the document both ways: every offset a position gives lies
 * in the text, and a position made from an offset gives an offset again. */
static void check_positions(const Document *d, PosEncoding enc)
{
    LspPos end = lsp_text_end(d->text, d->len, enc);
    for (unsigned line = 0; line <= end.line + 1 && line < 8; line++) {
        LspPos p = {line, line * 3};
        size_t off = lsp_offset_of(d->text, d->len, p, enc);
        if (off > d->len) abort();
        LspPos back = lsp_pos_of_offset(d->text, d->len, off, enc);
        if (lsp_offset_of(d->text, d->len, back, enc) > d->len) abort();
        lsp_line_end(d->text, d->len, line, enc);
        lsp_pos_of_linecol(d->text, d->len, line + 1, line, enc);
    }
    lsp_units(d->text, d->len, enc);
    char *path = lsp_uri_to_path(d->uri);
    if (path) {
        char *uri = lsp_path_to_uri(path);
        free(uri);
        free(path);
    }
}

static void handle(DocumentSet *docs, PosEncoding *enc, const char *body, size_t len)
{
    cJSON *msg = cJSON_ParseWithLength(body, len);
    const char *method = get_str(msg, "method");
    const cJSON *params = get(msg, "params");
    if (!cJSON_IsObject(msg) || !method) {
        cJSON_Delete(msg);
        return;
    }
    const cJSON *td = get(params, "textDocument");
    const char *uri = get_str(td, "uri");
    Document *d = uri ? documents_find(docs, uri) : NULL;
    if (strcmp(method, "initialize") == 0) {
        const cJSON *encs = get(get(get(params, "capabilities"), "general"), "positionEncodings"), *e;
        *enc = POS_UTF16;
        cJSON_ArrayForEach(e, encs) if (cJSON_IsString(e) && strcmp(e->valuestring, "utf-8") == 0) *enc = POS_UTF8;
    } else if (strcmp(method, "textDocument/didOpen") == 0) {
        const char *text = get_str(td, "text");
        const cJSON *v = get(td, "version");
        if (uri && text) {
            d = documents_open(docs, uri, get_str(td, "languageId"), cJSON_IsNumber(v) ? v->valueint : 0, text,
                               strlen(text));
            check_positions(d, *enc);
        }
    } else if (strcmp(method, "textDocument/didChange") == 0 && d) {
        const cJSON *c;
        cJSON_ArrayForEach(c, get(params, "contentChanges")) {
            const char *text = get_str(c, "text");
            if (!text) continue;
            LspPos a = {0, 0}, b = {0, 0};
            const cJSON *range = get(c, "range");
            if (range && !lsp_range_parse(range, &a, &b)) continue;
            document_apply_change(d, range != NULL, a, b, text, strlen(text), *enc);
            if (strlen(d->text) > d->len) abort(); /* the text is NUL-terminated at len */
        }
        check_positions(d, *enc);
    } else if (strcmp(method, "textDocument/didClose") == 0 && d) {
        documents_close(docs, uri);
    } else if (strcmp(method, "textDocument/codeAction") == 0 && d) {
        LspPos a, b;
        if (lsp_range_parse(get(params, "range"), &a, &b)) {
            const cJSON *context = get(params, "context");
            cJSON *actions = lsp_code_actions(d, get(context, "diagnostics"), a, b, get(context, "only"), *enc);
            char *out = cJSON_PrintUnformatted(actions);
            cJSON_free(out);
            cJSON_Delete(actions);
        }
    }
    cJSON_Delete(msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(stream_fd, 0) != 0 || pwrite(stream_fd, data, size, 0) != (ssize_t)size ||
        lseek(stream_fd, 0, SEEK_SET) != 0)
        abort();
    RpcReader r;
    rpc_reader_init(&r, stream_fd);
    r.cap = 16; /* grown by the reader as needed */
    r.buf = xmalloc(r.cap);
    DocumentSet docs;
    memset(&docs, 0, sizeof docs);
    PosEncoding enc = POS_UTF16;
    for (int i = 0; i < MAX_MESSAGES; i++) {
        char *body, err[300];
        size_t len;
        RpcStatus st = rpc_read(&r, (size_t)1 << 20, &body, &len, err, sizeof err);
        if (st == RPC_EOF) break;
        if (st != RPC_MESSAGE) continue;
        if (strlen(body) > len) abort(); /* NUL-terminated at len */
        handle(&docs, &enc, body, len);
        free(body);
    }
    documents_free(&docs);
    rpc_reader_free(&r);
    return 0;
}
