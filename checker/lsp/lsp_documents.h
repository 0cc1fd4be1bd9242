/* lsp_documents.h - the language server's text model: open documents, their
 * incremental edits, and positions.  LSP positions are 0-based lines and
 * characters counted in UTF-16 code units (or UTF-8 bytes when the client
 * and the server agree on it); gpulint's findings use 1-based lines and
 * byte columns.  Lines end at "\n", "\r\n" or "\r", as the protocol says.
 * Text that is not valid UTF-8 still converts: each invalid byte counts as
 * one code unit, so positions stay consistent in both directions. */
#ifndef GPULINT_LSP_DOCUMENTS_H
#define GPULINT_LSP_DOCUMENTS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { POS_UTF16, POS_UTF8 } PosEncoding;

typedef struct {
    unsigned line, character;
} LspPos;

/* Byte offset of an LSP position; positions past the end of a line clamp
 * to the line's end, lines past the end of the text to the text's end. */
size_t lsp_offset_of(const char *text, size_t len, LspPos p, PosEncoding enc);
/* The LSP position of a byte offset (clamped to the text). */
LspPos lsp_pos_of_offset(const char *text, size_t len, size_t offset, PosEncoding enc);
/* The LSP position of a 1-based line and 1-based byte column (a finding's
 * coordinates; column 0 means the start of the line). */
LspPos lsp_pos_of_linecol(const char *text, size_t len, unsigned line, unsigned col, PosEncoding enc);
/* The position just before the end-of-line characters of `line` (0-based). */
LspPos lsp_line_end(const char *text, size_t len, unsigned line, PosEncoding enc);
/* The position at the very end of the text. */
LspPos lsp_text_end(const char *text, size_t len, PosEncoding enc);
/* How many code units the bytes text[0..n) hold in this encoding. */
size_t lsp_units(const char *text, size_t n, PosEncoding enc);

/* file:///a%20b/c.cu -> "/a b/c.cu" (NULL for other schemes); and back. */
char *lsp_uri_to_path(const char *uri);
char *lsp_path_to_uri(const char *path);

typedef struct Document {
    char *uri;
    char *path;              /* what the engine is told (the URI's file, or a name for it) */
    char *canonical;         /* path with links and dot segments resolved (when it exists) */
    char *language;
    int version;
    char *text;              /* NUL-terminated for convenience; len bytes */
    size_t len;
    bool lintable;           /* CUDA source by extension or language id */

    /* analysis state, owned by the server (lsp.c) */
    bool pending;            /* the current text needs an analysis */
    double due;              /* when (debounce) */
    double last_seconds;     /* how long its last analysis took (the adaptive debounce); 0 none yet */
    int failed_version;      /* an analysis of this version crashed or timed out: no retry */
    bool said_not_parsed;    /* the log says why its last analyses parsed nothing (as the CLI) */
    bool no_preamble;        /* an analysis crashed: parsed without a precompiled preamble since */
    int result_version;      /* the version `diagnostics` describe; -1 none */
    struct cJSON *diagnostics;
    int result_generation;   /* bumped at each new result: pull resultIds */
    char **included;         /* the files its last analysis included (canonical paths) */
    int nincluded;
    unsigned long long included_key; /* of the names they were made from: the same list is not
                                        resolved again (a realpath per header, thousands a thrust file) */
    struct cJSON *contributed; /* findings in this file from analyses of files that include it:
                                  {includer uri: {"version": this file's version then, "diagnostics": [...]}} */
    struct cJSON **waiting;  /* ids of pull requests waiting for the current version */
    int nwaiting;
} Document;

typedef struct {
    Document **items;
    int n;
} DocumentSet;

Document *documents_find(DocumentSet *s, const char *uri);
/* Opens (or re-opens, replacing) a document with a copy of its text; a
 * re-opened one keeps its waiting pull requests. */
Document *documents_open(DocumentSet *s, const char *uri, const char *language, int version, const char *text,
                         size_t len);
void documents_close(DocumentSet *s, const char *uri);
void documents_free(DocumentSet *s);

/* Replaces the range [start, end) with `text`; a change without a range
 * (has_range false) replaces the whole document. */
void document_apply_change(Document *d, bool has_range, LspPos start, LspPos end, const char *text, size_t len,
                           PosEncoding enc);

#endif
