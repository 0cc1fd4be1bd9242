/* parse.h - inside the front end: libclang set-up, compiler flags, the
 * bundled shim or the real CUDA headers, parsing and diagnostics.  Only
 * checker/frontend/ includes this header (it pulls in libclang's). */
#ifndef GPULINT_PARSE_H
#define GPULINT_PARSE_H

#include "frontend/frontend.h"

#include <clang-c/Index.h>
#include <stdbool.h>

typedef struct {
    CXTranslationUnit tu;
    bool used_real_headers;
    const char *toolkit_prelude; /* the precompiled toolkit prelude used, or NULL */
    Diag *diags;
    int ndiags;
    bool fatal;                 /* nothing could be parsed */
    char *fatal_message;
} ParseResult;

typedef struct OpenclHostCache OpenclHostCache; /* host_opencl.c */

const FrontendOptions *frontend_options(const Frontend *fe);
/* The session's cache of scanned OpenCL host files (owned by fe). */
OpenclHostCache **frontend_opencl_hosts(Frontend *fe);
void opencl_host_cache_free(OpenclHostCache *cache);
/* Parses a C/C++ host file to scan it (no diagnostics kept); NULL on failure. */
CXTranslationUnit frontend_parse_host(Frontend *fe, const char *path);
/* Adds the launches of m's kernels found in host files next to `path`
 * (see host_opencl.c). */
void opencl_link_host_launches(Frontend *fe, const char *path, Model *m);

/* Directory of the shim headers (functions defined there are library code). */
const char *frontend_shim_dir(const Frontend *fe);
/* The next parse of `path` reads `contents` instead of the file (NULL: the
 * file on disk). */
void frontend_set_unsaved(Frontend *fe, const char *path, const char *contents, unsigned long size);
/* The next parse uses these per-file flags (NULL: none). */
void frontend_set_file_args(Frontend *fe, const FileArgs *fa);
/* Parses one file. Missing includes become notes; parse errors errors. */
ParseResult frontend_parse(Frontend *fe, const char *path);
void parse_result_free(ParseResult *r);

#endif
