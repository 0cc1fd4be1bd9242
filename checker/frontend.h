/* frontend.h - libclang set-up: compiler flags, the bundled shim or the real
 * CUDA headers, parsing and diagnostics. Knows nothing of rules. */
#ifndef GPULINT_FRONTEND_H
#define GPULINT_FRONTEND_H

#include <clang-c/Index.h>
#include <stdbool.h>

typedef enum { HEADERS_AUTO, HEADERS_SHIM, HEADERS_CUDA } HeaderMode;

typedef struct {
    HeaderMode headers;
    const char *std;            /* "c++17" */
    const char *cuda_path;      /* NULL: look in CUDA_PATH, /usr/local/cuda */
    const char *data_dir;       /* where include/shim and include/overlay live */
    const char *pch_path;       /* precompiled shim (NULL: none) */
    const char **extra;         /* -I/-D/... and args after -- */
    int nextra;
    bool use_pch;
    bool verbose;
} FrontendOptions;

typedef enum { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagLevel;

typedef struct {
    DiagLevel level;
    char *file;
    unsigned line, col;
    char *message;
} Diag;

typedef struct {
    CXTranslationUnit tu;
    bool used_real_headers;
    Diag *diags;
    int ndiags;
    bool fatal;                 /* nothing could be parsed */
    char *fatal_message;
} ParseResult;

typedef struct Frontend Frontend;

Frontend *frontend_new(const FrontendOptions *o);
void frontend_free(Frontend *fe);
/* Directory of the shim headers (functions defined there are library code). */
const char *frontend_shim_dir(const Frontend *fe);
/* Parses one file. Missing includes become notes; parse errors errors. */
ParseResult frontend_parse(Frontend *fe, const char *path);
void parse_result_free(ParseResult *r);
/* Writes a precompiled shim header for this libclang to `out`. */
bool frontend_build_pch(Frontend *fe, const char *out, char *err, int errsize);
const char *frontend_libclang_version(void);

#endif
