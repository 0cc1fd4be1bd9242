/* jit_index.h - which project files refer to which run-time compiled
 * kernel files, and what the project says about their builds: read once
 * per project root (when its first file needs it), for jit_names.c.
 *
 * Every project file is read once: the `<stem>_cl_src`/`<stem>_cuh`
 * (embedded text) and `<stem>.cl` (file name) references it makes, the
 * -DNAME= options its string literals write, the options a file that calls
 * clBuildProgram always passes, NVRTC's default execution space, and the
 * option macros, traits classes and typedefs of jit_types.h. */
#ifndef GPULINT_JIT_INDEX_H
#define GPULINT_JIT_INDEX_H

#include "project/jit_names.h"
#include "util/strmap.h"

#define MAX_COMMON_FLAGS 64
#define JIT_INDEX_NAME 64

typedef struct {
    int *files; int n;       /* indexes into the project's file list */
} Referrers;

/* A host file that builds OpenCL programs, with the -D options it always
 * passes (jit_unconditional_flags). */
typedef struct {
    int file;
    char *flags[MAX_COMMON_FLAGS];
    int nflags;
} BuildFile;

typedef struct {
    char *root;
    const char *const *files; int nfiles;
    StrMap by_stem;          /* stem -> referrers + 1 */
    Referrers *refs; int nrefs;
    bool device_default;     /* a file passes NVRTC --device-as-default-execution-space */
    BuildFile *builds; int nbuilds; /* the files that call clBuildProgram */
    StrMap option_file;      /* a -DNAME= option's name -> the first file whose literals write it + 1 */
    JitTypes *types;         /* option macros, traits classes' type names, typedefs */
} RootRefs;


struct JitIndex {
    RootRefs *roots; int nroots;
};

/* Does `text` (a kernel file's) test the flag's name in a conditional
 * directive (`#ifdef KERNEL_STATIC`, `#if defined(KERNEL_STATIC)`)? */
bool jit_text_tests_flag(const char *text, const char *flag);

/* For a build's "NAME=%s" flag (a text the host writes at run time), when
 * the kernel file `path` (`text`) includes through NAME as a folder (`#include
 * STR(NAME/inc.h)`, or `#define H STR(NAME/inc.h)` for an `#include H`): the
 * folder of the project file with that tail nearest the kernel, relative to
 * the kernel's ("." beside it), as "NAME=folder" in define, and the tail
 * ("inc.h") in file.  False when the kernel does not, or no file fits. */
bool jit_include_folder(const RootRefs *refs, const char *path, const char *text, const char *flag, char *define,
                        size_t n, char *file, size_t nfile);

/* The index of the project under `root`, built on first use. */
RootRefs *jit_refs_for(JitIndex *ji, ProjectSet *ps, const char *root);

/* Are the files a and b in the same directory? */
bool jit_same_dir(const char *a, const char *b);

/* The sources host `text` builds before the kernel file `path` (stem
 * `stem`, jit_sources.h) into out->prefix: the project file `<source>.cl`
 * beside it, or elsewhere in the project. */
void jit_take_prefix_sources(const RootRefs *refs, const char *path, const char *text, const char *stem,
                             JitDefines *out);

/* For each name of `assumed` ("T=float, dim_t=int") out has no define of:
 * a concrete type from the first project file whose option strings write
 * it (`-D dim_t={}` in the code that sets up every build), as a common
 * option. */
void jit_take_types_written_elsewhere(RootRefs *refs, const char *assumed, JitDefines *out);

#endif
