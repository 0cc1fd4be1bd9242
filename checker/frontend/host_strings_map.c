/* host_strings_map.c - positions of host-string programs (host_strings.h):
 * program line:column -> host file line:column, and whether a fix may edit
 * the host file in place (frontend.h: frontend_host_edit_ok). */
#include "frontend/frontend.h"
#include "frontend/host_strings.h"
#include "util/fileio.h"

#include <stdlib.h>
#include <string.h>

bool is_host_source_path(const char *path)
{
    static const char *const exts[] = {".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".hh"};
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) return false;
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i]) == 0) return true;
    return false;
}

void host_strings_line_col(const HostStrings *hs, unsigned offset, unsigned *line, unsigned *col)
{
    int lo = 0, hi = hs->nhost_lines - 1;
    while (lo < hi) { /* the last line start <= offset */
        int mid = (lo + hi + 1) / 2;
        if (hs->host_line_starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
    }
    *line = (unsigned)lo + 1;
    *col = offset - hs->host_line_starts[lo] + 1;
}

void host_strings_map(const HostStrings *hs, const HostProgram *p, unsigned line, unsigned col, bool is_end,
                      unsigned *host_line, unsigned *host_col)
{
    if (line < 1) line = 1;
    if (col < 1) col = 1;
    if ((int)line > p->nlines) line = (unsigned)p->nlines;
    long off = (long)p->line_starts[line - 1] + (long)col - 1;
    if (off > p->size) off = p->size;
    unsigned host;
    if (p->size == 0) host = p->host_begin;
    else if (is_end || off == p->size) {
        long last = off > 0 ? off - 1 : 0;
        host = off == 0 ? p->host_off[0] : p->host_off[last] + p->host_len[last];
    } else {
        host = p->host_off[off];
    }
    host_strings_line_col(hs, host, host_line, host_col);
}

bool frontend_is_host_source(const char *path)
{
    return is_host_source_path(path);
}

bool frontend_host_file_has_kernels(const char *path)
{
    if (!is_host_source_path(path)) return false;
    long size = 0;
    char *text = read_file(path, &size);
    if (!text) return false;
    HostStrings *hs = host_strings_scan(text, (size_t)size);
    bool found = hs->nprograms > 0 || hs->nproblems > 0;
    host_strings_free(hs);
    free(text);
    return found;
}

static unsigned host_offset(const HostStrings *hs, unsigned line, unsigned col)
{
    if (line < 1) line = 1;
    if ((int)line > hs->nhost_lines) line = (unsigned)hs->nhost_lines;
    size_t off = hs->host_line_starts[line - 1] + (col ? col - 1 : 0);
    return (unsigned)(off > hs->host_size ? hs->host_size : off);
}

/* Characters the literal at `kind` cannot hold as written. */
static const char *needs_escaping(PieceKind kind, const char *text)
{
    for (const char *t = text; t && *t; t++) {
        unsigned char c = (unsigned char)*t;
        if (c == '"') return "the replacement holds a '\"'";
        if (kind == PIECE_ESCAPED && (c == '\\' || c < 0x20))
            return "the replacement would need escape sequences in a \"...\" literal";
        if (kind == PIECE_MACRO && c == ',') return "a ',' would split the macro's argument";
    }
    return NULL;
}

bool frontend_host_edit_ok(const FrontendReport *rep, SrcRange r, const char *text, const char **why)
{
    const HostStrings *hs = rep->host_strings;
    if (!hs) return true;
    unsigned b = host_offset(hs, r.line, r.col), e = host_offset(hs, r.end_line, r.end_col);
    if (e < b) e = b;
    for (int i = 0; i < hs->nprograms; i++) {
        const HostProgram *p = &hs->programs[i];
        if (b < p->host_begin || e > p->host_end || !p->size) continue;
        int lo = 0, hi = p->size; /* the first byte spelled at or after b */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (p->host_off[mid] < b) lo = mid + 1;
            else hi = mid;
        }
        int k = lo;
        bool starts_here = k < p->size && p->host_off[k] == b;
        bool ends_here = k > 0 && p->host_off[k - 1] + p->host_len[k - 1] == b;
        if (!starts_here && !ends_here) break;
        for (unsigned n = 0; n < e - b; n++)
            if (k + (int)n >= p->size || p->host_off[k + n] != b + n || p->host_len[k + n] != 1) {
                *why = "the edited text is written with escape sequences or across string literals in the host file";
                return false;
            }
        PieceKind kind = (PieceKind)p->kind[starts_here ? k : k - 1];
        const char *bad = needs_escaping(kind, text);
        if (bad) {
            *why = bad;
            return false;
        }
        return true;
    }
    *why = "the edit is not inside a kernel string of the host file";
    return false;
}
