/* frontend.h - the front end's public face: source file in, kernel model and
 * diagnostics out.  Everything behind it (libclang, the abstract interpreter,
 * the CUDA dialect) lives in checker/frontend/ and is the only code that sees
 * libclang's headers; this header must stay free of them. */
#ifndef GPULINT_FRONTEND_H
#define GPULINT_FRONTEND_H

#include "model/model.h"

#include <stdbool.h>
#include <stdio.h>

/* HEADERS_ROCM: HIP files with ROCm's headers (other files as with auto) */
typedef enum { HEADERS_AUTO, HEADERS_SHIM, HEADERS_CUDA, HEADERS_ROCM } HeaderMode;

typedef enum { FP64_AUTO, FP64_ON, FP64_OFF } OpenclFp64;

/* When a kept document checks a slice of its host code (host_slice.h):
 * after a slow whole parse (the default), after every one (tests), never. */
typedef enum { SLICE_WHEN_SLOW, SLICE_ALWAYS, SLICE_NEVER } SlicePolicy;

typedef struct {
    HeaderMode headers;
    const char *language;       /* -x: "cl", "cuda" or "hip" for every file; NULL: by file (file_language.h) */
    const char *offload_arch;   /* --offload-arch: the GPU architecture (sm_90, gfx90a, gfx1100); NULL: the file's or the language's */
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
    SlicePolicy slice;          /* when a kept document checks a slice of its host code (host_slice.h) */
} FrontendOptions;

/* DIAG_INFO: how the file was read (a note that does not degrade it). */
typedef enum { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR, DIAG_INFO } DiagLevel;

typedef struct {
    DiagLevel level;
    char *file;
    unsigned line, col;
    char *message;
    bool in_gpu_code; /* it may touch what gpulint analyses (gpu_code.c) */
    bool preprocessor; /* clang's "Lexical or Preprocessor Issue" or "User-Defined Issue" (#error) */
    bool nvcc_dialect; /* clang rejects what nvcc accepts, away from the kernels (gpu_code.c) */
    bool nvcc_statement; /* ... in a statement (nvcc_statements.c), which the model may lack */
    bool target_asm;   /* inline assembly for an AMD target, which clang's NVPTX parse rejects (gpu_code.c) */
    bool shim_redeclared; /* the project declares a built-in gpulint's shim also declares (gpu_code.c) */
    bool build_time_error; /* an OpenCL error made a note: the file uses names set at build time */
    bool status_line; /* a note the file's one status line carries: printed alone only with -v */
    int withheld; /* diagnostics of a file outside the trusted directories summed up here (trusted_files.h) */
} Diag;

/* The name in clang's "use of undeclared identifier 'N'" (and, with
 * type_names, "unknown type name 'N'"); false for other messages. */
bool diag_undefined_name(const char *message, bool type_names, char *name, size_t n);

/* How a kept document's parse used the slice of its host code
 * (host_slice.h): not at all, parsed sliced, checked and kept after a whole
 * parse, or checked and refused (the model differed). */
typedef enum { HOST_SLICE_NONE, HOST_SLICE_USED, HOST_SLICE_CHECKED, HOST_SLICE_REFUSED } HostSliceUse;

/* What the front end says about one file besides its model. */
typedef struct {
    bool fatal;                 /* nothing could be parsed; no model was built */
    char *fatal_message;
    Diag *diags;
    int ndiags;
    bool used_real_headers;
    bool rocm_headers;          /* HIP parsed with ROCm's headers, not the shim */
    bool framework_stand_ins;   /* a header of include/shim/frameworks was included (PyTorch's were not found) */
    const char *toolkit_prelude;  /* the precompiled toolkit prelude used ("cccl"), or NULL */
    const char *shim_pch;         /* the precompiled shim variant used ("shim+cxx"), or NULL */
    double parse_seconds, model_seconds;
    struct HostStrings *host_strings; /* a C/C++ file's kernel strings, else NULL */
    bool reused;                /* a kept document's TU was reparsed */
    HostSliceUse host_slice;    /* a kept document: its host statements that feed no launch (host_slice.h) */
    bool guessed_parts;         /* OpenCL: parsed after project files found for its missing names, not
                                   ones its host is known to build with it (parse_opencl.c) */
    char **included; int nincluded; /* a kept document: the files the TU includes */
    /* OpenCL: the host files read for this file's launches (a project's
     * files are read once per process: later files of it read none). */
    int host_sources_read, host_files_scanned;
    double host_seconds;        /* part of model_seconds */
} FrontendReport;

/* The errors of a parse, OpenCL's undefined-name errors made notes included. */
int frontend_report_errors(const FrontendReport *rep);

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
/* Flags one file of a project needs (see project/project.h): they follow
 * the user's flags, and the user's -D/-U are repeated after them, so the
 * user's -I and -D always win. */
/* Which precompiled toolkit prelude a file parsed with the toolkit's
 * headers needs (include/toolkit/, toolkit_pch.c): the smallest that covers
 * the heavy headers of its include closure. */
typedef enum { PRELUDE_RUNTIME, PRELUDE_CXX, PRELUDE_LIBS, PRELUDE_CCCL } PreludeNeed;

/* The prelude an include (as spelled, found among the system or toolkit
 * headers) asks for: thrust/cub/cuda/std the CCCL one; cooperative groups,
 * curand_kernel and mma the library one; heavy C++ headers, half/bfloat16
 * and the libraries' host APIs the C++ one; anything else the runtime one. */
PreludeNeed frontend_prelude_for_include(const char *spelling);
/* The precompiled shim variant an include (as spelled, a system header)
 * asks for: 0 none, higher for heavier C++ standard headers (parse.c). */
int frontend_shim_pch_for_include(const char *spelling);
/* A macro that configures the toolkit's headers (THRUST_DEVICE_SYSTEM,
 * CUB_STDERR, __CUDA_NO_HALF_OPERATORS__, ...): a file that sets one, by -D
 * or a #define in its closure, must parse those headers itself. */
bool frontend_is_toolkit_config_macro(const char *name);
/* Does OpenCL C text (`size` bytes) define a kernel: `kernel`/`__kernel`
 * [attributes] `void` NAME `(`, or `void kernel NAME (`? */
bool frontend_text_defines_opencl_kernel(const char *text, size_t size);

typedef struct {
    const char *const *args;
    int nargs;
    bool real_headers;          /* auto mode: the file's includes need the toolkit's headers */
    bool no_pch;                /* the flags differ from the precompiled shim's */
    const char *project_root;   /* where OpenCL host files are looked for (NULL: beside the file) */
    const char *cl_std;         /* OpenCL C version from the config (NULL: none) */
    const char *offload_arch;   /* the GPU architecture from the compile database or the config (NULL: none) */
    bool hip;                   /* compiled as HIP (hipcc, -x hip in the compile database) */
    PreludeNeed prelude;        /* with real_headers: the toolkit prelude its closure needs */
    int shim_pch;               /* else: the precompiled shim variant its closure needs (0: its own includes') */
    bool no_prelude;            /* its closure #defines a toolkit configuration macro */
    /* Files besides the main file whose kernels and host launches are
     * modelled (fragments analysed through this translation unit). */
    const char *const *model_files;
    int nmodel_files;
    /* The last of them are other files' generic launchers: only their kernel
     * and host templates count, as this unit's lambdas instantiate them. */
    int nlauncher_files;
    bool cuda_header;           /* a C++ header that defines kernels: parsed as CUDA, not read for kernel strings */
    /* explicit instantiations parsed as written: a host template they
     * instantiate runs on clang's instances of it (clang_instances_variant.c) */
    bool clang_instances;
    /* Macros (-D NAME=placeholder) for values the host sets when it
     * compiles the file at run time: modelled as unknown compile-time
     * constants, never as the placeholder (project/jit_names.h). */
    const char *const *run_time_names;
    int nrun_time_names;
    /* -D flags a build gives only for NVIDIA's GPUs ([0]) or AMD's ([1]),
     * added by the file's target (project.h) */
    const char *const *vendor_args[2];
    int nvendor_args[2];
} FileArgs;

/* frontend_analyse with a file's own flags (NULL: none). */
bool frontend_analyse_with(Frontend *fe, const char *path, const char *contents, unsigned long size,
                           const FileArgs *fa, Model *m, FrontendReport *rep);
void frontend_report_free(FrontendReport *r);

/* Is `path` parsed as OpenCL C (its extension, or -x cl)? */
bool frontend_parses_as_opencl(const Frontend *fe, const char *path);

/* Kernels in host strings (docs/opencl.md): a C/C++ file (.c .cc .cpp .cxx
 * .h .hpp .hh) is analysed through the OpenCL programs written in its string
 * literals, with every position in the host file.  A fast scan, no parse. */
bool frontend_is_host_source(const char *path);
/* Does the host file hold a kernel string (or a broken one worth an error)? */
bool frontend_host_file_has_kernels(const char *path);
/* Can a fix replace host range `r` by `text` in place: one host byte per
 * kernel byte (no escapes, no literal boundary) and nothing in `text` that
 * the literal would need escaped?  True for files read as they are; else
 * false with the reason in *why. */
bool frontend_host_edit_ok(const FrontendReport *rep, SrcRange r, const char *text, const char **why);
/* The text of a file as an editor holds it (not saved). */
typedef struct {
    const char *path;
    const char *contents;
    unsigned long size;
} FrontendBuffer;
/* The next parses read these files' text from memory (NULL, 0: none): an
 * editor's open headers, or headers rewritten for speed (the engine's
 * instantiation_decls.h).  The caller keeps them alive meanwhile. */
void frontend_set_other_buffers(Frontend *fe, const FrontendBuffer *b, int n);
/* The buffers set now (*n of them; NULL, 0: none). */
const FrontendBuffer *frontend_other_buffers(const Frontend *fe, int *n);

/* A kept document: one file analysed again and again (an editor's open
 * document).  Its parse is kept between analyses with a precompiled
 * preamble (the file's leading #includes), so an analysis after an edit
 * below them reparses only the rest.  An analysis whose flags differ from
 * the kept parse's parses afresh; the findings are those of a fresh parse
 * either way.  `open` are other files' unsaved text (headers open in the
 * editor), read instead of the files on disk. */
typedef struct FrontendDocument FrontendDocument;

FrontendDocument *frontend_document_open(Frontend *fe, const char *path);
bool frontend_document_analyse(FrontendDocument *doc, const char *contents, unsigned long size, const FileArgs *fa,
                               const FrontendBuffer *open, int nopen, Model *m, FrontendReport *rep);
/* After frontend_document_analyse parsed the whole text, and once the caller
 * is done with its model and report (the check parses again, in the kept
 * parse): checks a slice of the host code (host_slice.h) against that
 * analysis, with the same arguments.  What it did, as HostSliceUse. */
HostSliceUse frontend_document_check_slice(FrontendDocument *doc, const char *contents, unsigned long size,
                                           const FileArgs *fa, const FrontendBuffer *open, int nopen);
/* Forgets the document's slice: its next analysis parses the whole text
 * (the caller analyses again with other settings). */
void frontend_document_drop_slice(FrontendDocument *doc);
void frontend_document_close(FrontendDocument *doc);
/* Its parses from now on go without a precompiled preamble: a reparse
 * reads the whole file again (slower, but libclang may crash building the
 * preamble of some files). */
void frontend_document_without_preamble(FrontendDocument *doc);
/* The CUDA toolkit this front end found ("" when none). */
const char *frontend_cuda_path(const Frontend *fe);
/* The toolkit frontend_new would find for these options, without a Frontend
 * ("" when there is none). */
void frontend_options_cuda_path(const FrontendOptions *o, char *out, size_t n);
/* Writes a precompiled shim header for this libclang to `out`. */
bool frontend_build_pch(Frontend *fe, const char *out, char *err, int errsize);
const char *frontend_libclang_version(void);
/* Where the loaded libclang and clang's resource headers (stddef.h, the
 * CUDA wrappers) are, as lines for --version; says what to install when
 * the headers are missing. */
void frontend_describe_install(FILE *out);
/* Is `s` an OpenCL C version gpulint parses (CL1.0 ... CL3.0)? */
bool opencl_std_valid(const char *s);

#endif
