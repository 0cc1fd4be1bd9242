/* frontend.h - the front end's public face: source file in, kernel model and
 * diagnostics out.  Everything behind it (libclang, the abstract interpreter,
 * the CUDA dialect) lives in checker/frontend/ and is the only code that sees
 * libclang's headers; this header must stay free of them. */
#ifndef GPULINT_FRONTEND_H
#define GPULINT_FRONTEND_H

#include "model/model.h"

#include <stdbool.h>

typedef enum { HEADERS_AUTO, HEADERS_SHIM, HEADERS_CUDA } HeaderMode;

typedef enum { FP64_AUTO, FP64_ON, FP64_OFF } OpenclFp64;

typedef struct {
    HeaderMode headers;
    const char *language;       /* -x: "cl" or "cuda" for every file; NULL: by extension */
    const char *cl_std;         /* OpenCL C version, "CL1.2" by default */
    OpenclFp64 opencl_fp64;     /* --opencl-fp64 */
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

/* What the front end says about one file besides its model. */
typedef struct {
    bool fatal;                 /* nothing could be parsed; no model was built */
    char *fatal_message;
    Diag *diags;
    int ndiags;
    bool used_real_headers;
    const char *toolkit_prelude;  /* the precompiled toolkit prelude used ("cccl"), or NULL */
    double parse_seconds, model_seconds;
} FrontendReport;

typedef struct Frontend Frontend;

/* NULL when the parser cannot be set up (the reason is written to err). */
Frontend *frontend_new(const FrontendOptions *o, char *err, int errsize);
void frontend_free(Frontend *fe);
/* Parses one file (from disk, or from `contents` of `size` bytes when
 * contents is not NULL) and builds its kernel model into `m`, which the
 * caller has initialised with model_init.  Missing includes become notes;
 * parse errors errors.  Returns false when the file could not be parsed. */
bool frontend_analyse(Frontend *fe, const char *path, const char *contents, unsigned long size, Model *m,
                      FrontendReport *rep);
/* Flags one file of a project needs (see engine/project.h): they follow
 * the user's flags, and the user's -D/-U are repeated after them, so the
 * user's -I and -D always win. */
/* Which precompiled toolkit prelude a file parsed with the toolkit's
 * headers needs (include/toolkit/, toolkit_pch.c): the smallest that covers
 * the heavy headers of its include closure. */
typedef enum { PRELUDE_RUNTIME, PRELUDE_LIBS, PRELUDE_CCCL } PreludeNeed;

/* The prelude an include (as spelled, found among the system or toolkit
 * headers) asks for: thrust/cub/cuda/std the CCCL one, CUDA library and
 * heavy C++ headers the library one, anything else the runtime one. */
PreludeNeed frontend_prelude_for_include(const char *spelling);
/* A macro that configures the toolkit's headers (THRUST_DEVICE_SYSTEM,
 * CUB_STDERR, __CUDA_NO_HALF_OPERATORS__, ...): a file that sets one, by -D
 * or a #define in its closure, must parse those headers itself. */
bool frontend_is_toolkit_config_macro(const char *name);

typedef struct {
    const char *const *args;
    int nargs;
    bool real_headers;          /* auto mode: the file's includes need the toolkit's headers */
    bool no_pch;                /* the flags differ from the precompiled shim's */
    PreludeNeed prelude;        /* with real_headers: the toolkit prelude its closure needs */
    bool no_prelude;            /* its closure #defines a toolkit configuration macro */
} FileArgs;

/* frontend_analyse with a file's own flags (NULL: none). */
bool frontend_analyse_with(Frontend *fe, const char *path, const char *contents, unsigned long size,
                           const FileArgs *fa, Model *m, FrontendReport *rep);
void frontend_report_free(FrontendReport *r);
/* The CUDA toolkit this front end found ("" when none). */
const char *frontend_cuda_path(const Frontend *fe);
/* Writes a precompiled shim header for this libclang to `out`. */
bool frontend_build_pch(Frontend *fe, const char *out, char *err, int errsize);
const char *frontend_libclang_version(void);

#endif
