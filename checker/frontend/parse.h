/* parse.h - inside the front end: libclang set-up, compiler flags, the
 * bundled shim or the real CUDA headers, parsing and diagnostics.  Only
 * checker/frontend/ includes this header (it pulls in libclang's). */
#ifndef GPULINT_PARSE_H
#define GPULINT_PARSE_H

#include "frontend/frontend.h"
#include "frontend/trusted_files.h"

#include <clang-c/Index.h>
#include <stdbool.h>

typedef struct {
    CXTranslationUnit tu;
    bool used_real_headers;
    bool rocm_headers;           /* HIP parsed with ROCm's headers (frontend_find_rocm) */
    const char *toolkit_prelude; /* the precompiled toolkit prelude used, or NULL */
    const char *shim_pch;        /* the precompiled shim variant used ("shim+cxx"), or NULL */
    Diag *diags;
    int ndiags;
    bool fatal;                 /* nothing could be parsed */
    char *fatal_message;
    bool tu_kept;               /* tu belongs to a kept document (KeptTu) */
    const GpuLanguage *language; /* what frontend_parse read the file as (the model is built as it) */
    bool guessed_parts;         /* OpenCL: parsed after project files found for its missing names */
} ParseResult;

/* A translation unit kept between the analyses of one document (document.c). */
typedef struct {
    CXTranslationUnit tu;       /* NULL: the next parse is a fresh one */
    char *key;                  /* the arguments it was parsed with */
    bool reused;                /* a parse reparsed the kept TU */
    bool no_preamble;           /* parse it without a precompiled preamble */
    /* The files the last parse included (document.c), by name (a reparse
     * makes new file handles), and what they depend on: the arguments,
     * the document's preprocessor lines and the other open buffers. */
    char **included;
    unsigned *included_depth;
    int nincluded;
    unsigned long long included_key;
} KeptTu;

/* The next parse reparses k->tu when its arguments are unchanged, else
 * parses afresh with a precompiled preamble, and leaves its TU in k (NULL:
 * an ordinary parse). */
void frontend_set_kept(Frontend *fe, KeptTu *k);
void kept_tu_free(KeptTu *k);

typedef struct OpenclHostCache OpenclHostCache; /* host_opencl.c */
typedef struct HostWrapperCache HostWrapperCache; /* host_wrappers.c */

const FrontendOptions *frontend_options(const Frontend *fe);
/* The front end's cache of scanned OpenCL host files (owned by fe). */
OpenclHostCache **frontend_opencl_hosts(Frontend *fe);
void opencl_host_cache_free(OpenclHostCache *cache);
/* The front end's cache of project files read for launch wrappers' callers
 * (host_wrappers.h; owned by fe, made on first use). */
HostWrapperCache *frontend_wrapper_hosts(Frontend *fe);
/* Parses a C/C++ host file to scan it (no diagnostics kept); NULL on failure. */
CXTranslationUnit frontend_parse_host(Frontend *fe, const char *path);
/* Adds the launches of m's kernels found in the host files of the project
 * under `project_root` (NULL: the files beside `path`); host_opencl_index.c. */
void opencl_link_host_launches(Frontend *fe, const char *path, const char *project_root, Model *m,
                               FrontendReport *rep);
/* Parses and scans one host file for launches (host_opencl.c); NULL when
 * it does not parse.  The caller owns the model. */
Model *opencl_host_scan(Frontend *fe, const char *path);

/* Directory of the shim headers (functions defined there are library code). */
const char *frontend_shim_dir(const Frontend *fe);
/* include/shim/frameworks: stand-ins for frameworks' headers (PyTorch). */
const char *frontend_frameworks_dir(const Frontend *fe);
/* The next parse of `path` reads `contents` instead of the file (NULL: the
 * file on disk). */
void frontend_set_unsaved(Frontend *fe, const char *path, const char *contents, unsigned long size);
/* Parse as OpenCL C whatever the file's name (a host file's kernel string). */
void frontend_force_opencl(Frontend *fe, bool on);
/* The next parse uses these per-file flags (NULL: none). */
void frontend_set_file_args(Frontend *fe, const FileArgs *fa);
/* Parses one file. Missing includes become notes; parse errors errors. */
ParseResult frontend_parse(Frontend *fe, const char *path);
/* One parse with the current settings, whatever the language (parse.c);
 * an OpenCL file read as its host builds it, in one or more parses
 * (parse_opencl.c). */
ParseResult frontend_parse_file(Frontend *fe, const char *path);
ParseResult frontend_parse_opencl(Frontend *fe, const char *path);
/* What parse_opencl.c reads and sets of a front end (parse.c): the file's
 * unsaved text (NULL: none), the OpenCL C version of the next parses (NULL:
 * the option's), the files put before the file (a virtual header first,
 * passed with -include; n = 0: none), the kept document's TU
 * (NULL: none), and the file's own flags. */
const struct CXUnsavedFile *frontend_unsaved(const Frontend *fe);
/* The files the next parse of `path` reads from memory (the caller frees
 * the array, not the texts). */
struct CXUnsavedFile *frontend_unsaved_files(const Frontend *fe, const char *path, unsigned *n);
void frontend_set_opencl_std(Frontend *fe, const char *std);
void frontend_set_prelude_files(Frontend *fe, const struct CXUnsavedFile *files, int n);
KeptTu *frontend_kept(const Frontend *fe);
const FileArgs *frontend_file_args(const Frontend *fe);
void parse_result_free(ParseResult *r);
/* diags.c: the TU's errors (a missing include as a note) into r->diags. */
/* trust: files whose diagnostics may be quoted (trusted_files.h); NULL: all */
void collect_diags(CXTranslationUnit tu, ParseResult *r, TrustedDirs *trust);
bool is_missing_include(const char *msg);
/* Is the missing include a CUDA library header the shim lacks? */
bool is_cuda_library_header(const char *msg);
int error_count(const ParseResult *r);
void parse_add_diag(ParseResult *r, DiagLevel level, const char *path, const char *message);
/* frontend.c: moves a parse's diagnostics into `rep` and, unless it was
 * fatal, builds the model (and judges which errors touch GPU code). */
void frontend_report_from_parse(Frontend *fe, const char *path, const FileArgs *fa, ParseResult *pr, Model *m,
                                FrontendReport *rep);

#endif
