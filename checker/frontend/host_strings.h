/* host_strings.h - inside the front end: OpenCL kernels written as string
 * literals in C/C++ host files (host_strings.c finds them; frontend.c parses
 * each as an OpenCL program; cx.c maps every position back to the host
 * file).  No libclang here: the scan is a lexer over the host file's text. */
#ifndef GPULINT_HOST_STRINGS_H
#define GPULINT_HOST_STRINGS_H

#include <stdbool.h>
#include <stddef.h>

/* How a byte of a program is written in the host file. */
typedef enum { PIECE_RAW, PIECE_ESCAPED, PIECE_MACRO } PieceKind;

/* One OpenCL program: a run of adjacent string literals (raw or ordinary,
 * escapes decoded) or a stringizing macro's argument.  For each byte of
 * `text`, where it is written in the host file and how many host bytes
 * spell it (1, or 2 for `\n`, 4 for `\x41`, ...). */
typedef struct HostProgram {
    char *text; int size;
    unsigned *host_off;
    unsigned char *host_len;
    unsigned char *kind;     /* PieceKind per byte */
    unsigned *line_starts; int nlines;
    unsigned host_begin, host_end; /* the literals (or macro call) in the host file */
} HostProgram;

typedef struct {
    unsigned offset;         /* in the host file */
    char *message;
} HostProblem;

typedef struct HostStrings {
    char *host_text; size_t host_size;
    unsigned *host_line_starts; int nhost_lines;
    HostProgram *programs; int nprograms;
    HostProblem *problems; int nproblems;
    bool cuda;               /* CUDA/HIP programs for a run-time compiler, not OpenCL */
} HostStrings;

/* .c .cc .cpp .cxx .h .hpp .hh */
bool is_host_source_path(const char *path);
/* Scans host text for kernel programs (the text is copied). */
HostStrings *host_strings_scan(const char *text, size_t size);
/* Scans a CUDA/HIP file's text for the kernels it writes as string literals
 * for a run-time compiler (nvrtcCreateProgram, hiprtcCreateProgram): a
 * program with `__global__ ... void NAME (` (host_strings_rtc.c). */
HostStrings *host_strings_scan_cuda(const char *text, size_t size);
void host_strings_free(HostStrings *hs);

/* host_strings_rtc.c: a CUDA/HIP program's kernel head, and whether text
 * holds one for a run-time compiler at all. */
bool rtc_kernel_source(const char *t, int n);
bool rtc_mentions_kernel(const char *t, size_t n);

/* The headers a run-time compiler gets from memory with the program
 * (`nvrtcCreateProgram(&p, src, name, n, header_sources, header_names)`,
 * the two arrays' string literals pushed or listed in order): up to max,
 * each a path in `dir` (malloc'd) and its text (malloc'd); the count. */
int rtc_header_sources(const char *text, size_t size, const char *dir, char **paths, char **texts, int max);
/* Program position (1-based line, byte column) -> host file position.
 * `is_end`: an exclusive end (maps past the last byte's spelling). */
void host_strings_map(const HostStrings *hs, const HostProgram *p, unsigned line, unsigned col, bool is_end,
                      unsigned *host_line, unsigned *host_col);
/* Host offset -> 1-based line and column. */
void host_strings_line_col(const HostStrings *hs, unsigned offset, unsigned *line, unsigned *col);

#endif
