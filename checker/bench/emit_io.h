/* emit_io.h - what the benchmark and replay writers share: a growable text
 * buffer, escaping of text taken from the analysed files, and writing
 * inside the output directory only. */
#ifndef GPULINT_BENCH_EMIT_IO_H
#define GPULINT_BENCH_EMIT_IO_H

#include "finding/diagnostics.h"
#include "finding/finding.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

void buf_reserve(Buf *b, size_t more);
void buf_add(Buf *b, const char *s, size_t n);
void buf_char(Buf *b, char c);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text inside a block comment: printable ASCII, never a comment delimiter. */
void buf_comment_text(Buf *b, const char *s);
/* A C string literal, quotes included, every other byte escaped. */
void buf_c_string(Buf *b, const char *s);

/* GL_FINDING_ID, GL_RULE and GL_LOCATION (file:line) of a generated
 * benchmark, as #define lines of escaped string literals. */
void buf_finding_defines(Buf *b, const Finding *f);

/* A file or directory name of [A-Za-z0-9_.-] only, not . or .. */
bool safe_name(const char *s);
bool make_dir(const char *path);
/* NAME in DIRFD, written whole (a temporary file renamed over it, never
 * through a symbolic link); mode 0 keeps the default. */
bool write_at(int dirfd, const char *name, const char *data, size_t n, mode_t mode);
/* The subdirectory NAME of DIRFD, created if needed; a link is refused. */
int open_subdir(int dirfd, const char *dir, const char *name, Diagnostics *diags);
/* A file of the installed data copied into DIRFD as NAME. */
bool copy_in(const char *from, int dirfd, const char *name);

#endif
