/* language.h - the GPU languages gpulint reads, as data: one entry per
 * language with its file extensions, its libclang flags, the width of the
 * target's warp (or wavefront), what the language can express, and the
 * words its messages use.
 *
 * The front end picks a file's language here (by extension, or by -x) and
 * parses with its flags; the model records it (Model.language); rules read
 * the entry (model_language(m)) instead of testing which language it
 * is: a rule's wording comes from `word` and `idiom`, and where a rule does
 * something else for another language, the difference is a capability field
 * here.  Adding a language: docs/dev/adding-a-dialect.md. */
#ifndef GPULINT_LANGUAGE_H
#define GPULINT_LANGUAGE_H

#include <stdbool.h>
#include <stddef.h>

/* The language a model was built from (an index into the table).  The
 * warp (wavefront) width and the memory granule are the target's
 * (model/target.h), not the language's. */
typedef enum { LANG_CUDA, LANG_OPENCL, LANG_HIP, LANG_COUNT } Language;

/* How a kernel moves a short vector through a pointer to scalars. */
typedef enum {
    VECTOR_BY_POINTER_CAST,   /* reinterpret_cast<float4 *>(p)[i]: the base must be aligned to the vector */
    VECTOR_BY_LOAD_BUILTINS,  /* vloadN(i, p) / vstoreN(v, i, p): element alignment suffices */
} VectorAccess;

/* How a value known at launch becomes a compile-time constant. */
typedef enum {
    SPECIALIZE_BY_TEMPLATE,     /* a template parameter, instantiated per value, chosen on the host */
    SPECIALIZE_BY_BUILD_OPTION, /* a -D option of the run-time compiler, one program per value */
} Specialization;

/* Words for the language's concepts, as its messages spell them (CUDA's /
 * OpenCL C's in the comments). */
typedef struct {
    const char *thread;          /* "thread" / "work-item" */
    const char *lane;            /* one of a warp's threads: "lane" / "work-item" */
    const char *block;           /* "block" / "work-group" */
    const char *thread_block;    /* a launch's block, named in full: "thread block" / "work-group (local_work_size)" */
    const char *launch_block;    /* what a launch site sets: "block" / "local work size" */
    const char *block_shape;     /* where the host sets it: "the block shape" / "local_work_size" */
    const char *warp;            /* the language's group of lanes: "warp" / "sub-group" */
    const char *hardware_warp;   /* the hardware's: "warp" / "32-wide warp" (OpenCL C has no warps) */
    const char *shared_memory;   /* "shared memory" / "local memory" */
    const char *shared_qualifier;   /* "__shared__" / "__local" */
    const char *constant_qualifier; /* "__constant__" / "__constant" */
    const char *restrict_qualifier; /* "__restrict__" / "restrict" */
    const char *align_open, *align_close; /* around a byte count: "__align__(" ")" / "__attribute__((aligned(" ")))" */
    const char *align_verb;      /* "declare" T __align__(16) / "give" T __attribute__(...) */
    const char *vector_mover;    /* who moves an aligned struct in one access: "nvcc" / "each work-item" */
    const char *compiler;        /* "nvcc" / "the OpenCL compiler" */
    const char *specialized_code; /* what the host chooses among: "the instantiation" / "the program or kernel" */
} LanguageWords;

/* Phrases of fixes that say the same thing in each language's terms. */
typedef struct {
    const char *compile_time_value;     /* "a template parameter" / "a compile-time constant (-D option)" */
    const char *compile_time_condition; /* the same for a branch's condition */
    const char *tunable_parameter;      /* what a tunable block shape becomes: "parameter" / "host parameter (...)" */
    const char *compiler_unswitches;    /* "nvcc -O3 often unswitches" / "the OpenCL compiler may unswitch" */
    const char *share_row;              /* lanes sharing a row, up to the lane: "let a warp (or a group of lanes) share each row: lane" */
    const char *group_reduce;           /* how that group sums: "the warp reduces with __shfl_down_sync" / ... */
    const char *vector_access_hint;     /* after "as float4 loads": "" / " (vloadN/vstoreN)" */
    const char *bench_caveat;           /* after "gpulint --emit-bench": "" / ", measured with CUDA" */
} LanguageIdioms;

typedef struct {
    Language id;
    const char *name;            /* "cuda", "opencl", "hip" */
    const char *x_name;          /* `-x NAME` (gpulint's and clang's): "cuda", "cl", "hip" */
    /* The -x clang reads it as when that is not x_name (NULL: x_name): HIP
     * is read as CUDA, with the HIP shim (include/shim/hip) and the
     * macros hipcc defines. */
    const char *clang_x;
    const char *title;           /* its name in messages: "CUDA", "OpenCL" */
    /* The file extensions of its source files, NULL-terminated: together
     * the one list of GPU source extensions. */
    const char *const *extensions;
    /* The languageId values an editor (LSP) gives its documents,
     * NULL-terminated: "cuda", "cuda-cpp". */
    const char *const *editor_ids;
    /* The language's fixed libclang flags, after -x, the language standard
     * and the target, NULL-terminated. */
    const char *const *parse_flags;
    /* Headers its compiler includes before the file (hipcc: hip_runtime.h),
     * NULL-terminated; NULL: none. */
    const char *const *implicit_includes;
    /* Its files' default target (model/target.h) is an AMD GPU: a 64-wide
     * wavefront unless the architecture says otherwise; else NVIDIA's. */
    bool amd_default_target;
    /* Capabilities: what the language can express, where rules differ. */
    bool host_code_in_gpu_files; /* its files hold the host code that launches (CUDA); else host files do */
    bool fp64_optional;          /* a device may lack double precision (OpenCL's cl_khr_fp64) */
    bool float_math_names;       /* float twins of the math functions (expf); else overloaded builtins */
    VectorAccess vector_access;
    Specialization specialization;
    /* A finding's evidence `language` (NULL: the default language, none). */
    const char *evidence_name;
    /* The model dump's line for it ("OpenCL C"; NULL: no line, CUDA's dumps as they were). */
    const char *dump_name;
    LanguageWords word;
    LanguageIdioms idiom;
} GpuLanguage;

const GpuLanguage *language_info(Language id);
/* The language of a file by its extension (.cu, .cl, ...), NULL when it is
 * no GPU source: the one test of "is this a GPU file". */
const GpuLanguage *language_for_path(const char *path);
/* The language `-x NAME` names ("cuda", "cl"), NULL when none. */
const GpuLanguage *language_named(const char *x_name);
/* The language of an editor's languageId ("cuda-cpp", "opencl"), NULL
 * when none. */
const GpuLanguage *language_for_editor_id(const char *id);
/* The extensions of `lang` (NULL: of every language, in table order) as
 * text for a message, `sep` between them and `last_sep` before the last:
 * ".cu, .cuh, .cl, .clh and .opencl".  Truncated to fit `size`. */
void language_extension_text(char *buf, size_t size, const GpuLanguage *lang, const char *sep,
                             const char *last_sep);
/* The -x names as text for a message, each after `prefix`, the last
 * language's first: "cl or cuda" ("-x cl or -x cuda" with prefix "-x "). */
void language_x_name_text(char *buf, size_t size, const char *prefix);

#endif
