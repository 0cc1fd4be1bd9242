/* jit_names.h - values for the names a run-time compiled CUDA kernel file
 * leaves to its host code.
 *
 * Projects that compile kernels with NVRTC at run time keep them in .cu/.cuh
 * files whose text the build embeds in the host program (a generated
 * `<stem>_cuh.hpp`, a string); the host code passes sizes as -D options
 * when it compiles them (`-D THREADS_X=32`), usually from constants of the
 * same name it also uses for the launch (`constexpr int THREADS_X = 32;`).
 * Parsed alone, such a file has "use of undeclared identifier" errors in
 * its kernels.  OpenCL kernel files built at run time (`<stem>_cl_src`)
 * are handled the same way, without the NVRTC-only parts below.  For each
 * such name, the project files that refer to the kernel file (by
 * `<stem>_cuh`, `<stem>_cu`, `<stem>_cl` or its file name) are read as
 * text for a constant of that name (`constexpr`/`const` with an
 * initialiser, or a #define), and so are the project headers each of them
 * includes (one level: a `config.hpp` of launch sizes, quoted or angled);
 * what is found is passed as -D NAME=(value),
 * and the file is parsed again.  A name the host code that compiles the
 * embedded text mentions but gives no constant (`DefineKeyValue(DIMY,
 * threads_y)`: a value known only at run time) is defined as a placeholder
 * literal and listed in `run_time_names`: the model reads it as an unknown
 * compile-time constant, as a template parameter of a pattern, never as the
 * placeholder's number.  Other undeclared names stay undefined and the file
 * stays degraded.  A file whose embedded text a
 * project file names (`<stem>_cuh`) is compiled by NVRTC: it is parsed with
 * __CUDACC_RTC__ defined, as NVRTC does, when it has errors in GPU code;
 * when a project file passes NVRTC --device-as-default-execution-space (or
 * -default-device), functions without __host__/__device__ are device code
 * there, and the file is parsed with them __host__ __device__.  A templated
 * host's option macros and traits classes (a type per host template
 * instantiation) are read as jit_types.h says, and the embedded sources it
 * builds before an OpenCL file are included first (jit_sources.h). */
#ifndef GPULINT_JIT_NAMES_H
#define GPULINT_JIT_NAMES_H

#include "project/project.h"
#include "frontend/frontend.h"
#include "project/jit_types.h"

/* The number a run-time name is parsed with: not 0 or 1, so that `NAME - 1`
 * as an array size and `x / (NAME - 1)` stay valid C++. */
#define JIT_RUN_TIME_PLACEHOLDER "2"
/* The one tried when a kernel's own #if checks refuse that (a work-group
 * size that must be a multiple of 4): a power of two a warp wide. */
#define JIT_RUN_TIME_PLACEHOLDER_WIDE "64"

typedef struct {
    char **defines;   /* "NAME=(value)", for -D */
    int ndefines;
    char *source;     /* the host file the first value (or the embedding) came from */
    char **run_time_names; /* names among defines whose value the host knows only at run time */
    int nrun_time_names;
    char *run_time_source; /* the host file that mentions the first of them */
    char **common;          /* defines among them that every OpenCL build of the project passes */
    int ncommon;
    char *common_source;    /* the host file that writes them */
    char *folder_of;        /* says which of common is a folder the host names at run time, and the file
                               it was found by (jit_include_folder); else NULL */
    bool run_time_compiled; /* a project file names its embedded text (<stem>_cuh): __CUDACC_RTC__ is among defines */
    bool device_default;    /* and the project compiles with NVRTC's --device-as-default-execution-space */
    bool opencl;            /* an OpenCL kernel file (built by clBuildProgram; no __CUDACC_RTC__) */
    const char *placeholder; /* the run-time names' number for the parser (NULL: JIT_RUN_TIME_PLACEHOLDER) */
    char *flag;              /* among defines: a flag whose branch of the kernel's headers defines flag_for, */
    char *flag_for;          /* when the host passes a flag it names at run time ("-D%s"); else NULL */
    char **generic;          /* among defines: "NAME=type" set from a type parameter of the host's template */
    int ngeneric;
    char *generic_how;       /* how the first one's type was chosen (jit_types.h) */
    char **prefix;           /* the sources the host builds before the file's (jit_sources.h), included first */
    int nprefix;
} JitDefines;

/* Which project files refer to which kernel files, by stem: each project's
 * files are read once (when its first file needs it), then only the
 * referring files are read again. */
typedef struct JitIndex JitIndex;
JitIndex *jit_index_new(void);
void jit_index_free(JitIndex *ji);

/* The values for the undeclared names of a CUDA or OpenCL file's report
 * (OpenCL: its undefined-name errors are notes marked build_time_error,
 * and the types it was parsed with assumed, `assumed_types` or NULL),
 * from the project's files that refer to it (or, for a kernel in a string
 * of a host source file, from that file and the headers it includes);
 * false when none is found. */
bool jit_defines_for(JitIndex *ji, ProjectSet *ps, const char *root, const char *path, bool opencl,
                     const FrontendReport *pr, const char *assumed_types, JitDefines *out);
/* For each name of `assumed` ("T=float, dim_t=int": the types an OpenCL
 * file was parsed with assumed, opencl_build_types.h) that an option
 * string of `text` (the host file `file`) gives a type (-DT=double, read
 * as jit_options.h does; through an option macro or a traits class,
 * jit_types.h, with `types`, which may be NULL), NAME=type into out unless
 * out has NAME; generic ones (set from the host template's type parameter)
 * only when `generic`.  The count added. */
int jit_take_type_options(const char *text, const char *file, const char *assumed, JitTypes *types, bool generic,
                          JitDefines *out);
void jit_defines_free(JitDefines *d);
/* *to becomes a copy of *from (to's old content freed). */
void jit_defines_copy(JitDefines *to, const JitDefines *from);
/* Moves what `from` holds into `into` (a define `into` has already is
 * dropped; the first source stays); `from` is left empty. */
void jit_defines_merge(JitDefines *into, JitDefines *from);
/* The run-time names' defines from the `from`-th define on become
 * NAME=placeholder (a string literal's, kept by pointer). */
void jit_defines_set_placeholder(JitDefines *d, int from, const char *placeholder);
/* Drops the defines, run-time names, common flags and prefix sources after
 * the first n of each. */
void jit_defines_truncate(JitDefines *d, int ndefines, int nrun_time_names, int ncommon, int nprefix);
/* Does a project file that compiles the kernel file's embedded text name
 * `word` (a flag it may pass: `DefineKey(LMEDS)`)? */
bool jit_host_mentions(JitIndex *ji, ProjectSet *ps, const char *root, const char *path, const char *word);
/* The note that says what the file was parsed with (malloc'd). */
char *jit_describe(const JitDefines *d);

#endif
