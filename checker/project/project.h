/* project.h - how a file of a real project is built: its project root, the
 * compile database's flags for it (compdb.h), and, for includes that
 * neither the database nor the user's -I resolve, the project's own headers
 * found by name.  No libclang: the include closure is read as text, once
 * per header per run, so each file is parsed once with the flags it needs.
 *
 * Discovered directories are passed as -idirafter: they are searched after
 * the user's -I, the database's -I and the system headers, so they can fill
 * a gap but never shadow a header the build would have used.  An include
 * found only under another directory or another case gets a forwarding
 * header in a private temporary directory (also -idirafter). */
#ifndef GPULINT_PROJECT_H
#define GPULINT_PROJECT_H

#include "frontend/frontend.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *compile_db_dir;   /* -p DIR: where compile_commands.json is (NULL: search) */
    const char *const *user_include_dirs; int nuser_include_dirs;  /* the user's -I */
    const char *shim_dir;         /* include/shim of this gpulint */
    const char *cuda_path;        /* the toolkit, "" or NULL when none */
    bool headers_shim_only;       /* --headers=shim: never ask for the toolkit's headers */
    const char *const *user_args; int nuser_args; /* the user's flags (their -D decide #ifdef'd includes) */
    /* The directories the user named: a file under one of them with no
     * project marker (database, .git, build file) above it takes the
     * highest of them as its root, so its headers are found anywhere in
     * the tree the user pointed at. */
    const char *const *named_dirs; int nnamed_dirs;
} ProjectOptions;

/* What one file is parsed with.  The strings belong to the ProjectSet. */
typedef struct {
    const char *root;             /* the project's root directory */
    const char *compile_db;       /* the database that gave the flags, or NULL */
    bool from_database;           /* the file (not a neighbour) has an entry */
    const char **args; int nargs; /* extra clang flags, in order */
    bool real_headers;            /* its includes need headers only the CUDA toolkit has */
    PreludeNeed prelude;          /* the toolkit prelude its closure's system/toolkit includes need */
    int shim_pch;                 /* the precompiled shim variant they need (frontend_shim_pch_for_include) */
    bool defines_toolkit_config;  /* a file of its closure #defines a toolkit configuration macro */
    bool changes_pch;             /* the flags differ from the precompiled shim's (-std) */
    bool fast_math;               /* built with --use_fast_math */
    const char *offload_arch;     /* the database's --offload-arch (or -arch), or NULL */
    bool hip;                     /* the database compiles it as HIP (hipcc, -x hip) */
    int discovered_dirs;          /* how many of args are discovered include directories */
    int forwarded;                /* includes found only by another path or case */
    int cmake_definitions;        /* how many -D of args come from the CMake files (cmake_facts.h) */
    /* -D flags the CMake files give only a build for NVIDIA's GPUs ([0]) or
     * AMD's ([1]): which apply depends on the target the file is read for */
    const char **vendor_args[2]; int nvendor_args[2];
    bool has_error_directive;     /* the file itself has an #error (read as text) */
    bool gpu_code;                /* false only for a .cu file without GPU code whose project headers have
                                     no kernel or launch either (include_scan.h gpu_markers) */
    bool own_gpu_code;            /* the file's own text has GPU code (or it is no .cu file) */
    bool gpu_macros;              /* it uses a macro of its closure whose body has GPU code (include_scan.h) */
    const char *build_option;     /* without a database: the CMake option, OFF by default, that
                                     a build needs to compile the file (cmake_optional_switch) */
    const char **instantiating; int ninstantiating; /* files of the closure (the file itself
                                     included) with explicit instantiation definitions */
    /* without a database, for a file on disk: a CMake source template's
     * first generated source (cmake_source_template), to parse instead of
     * the file's text; NULL when the file is none */
    const char *template_text; size_t template_size;
    const char *template_note;    /* the note that says so and names the values */
} FileFlags;

typedef struct ProjectSet ProjectSet;

ProjectSet *projects_new(const ProjectOptions *o);
void projects_free(ProjectSet *ps);
/* The flags for `path` (any path of a .cu/.cuh file; its includes are read
 * from `contents` of `size` bytes when not NULL, an editor's buffer); `out`
 * is valid until the next call or projects_free. */
void projects_flags_for(ProjectSet *ps, const char *path, const char *contents, size_t size, FileFlags *out);
/* Is NAME defined by one of these clang flags (-DNAME, -DNAME=v, -D NAME)? */
bool projects_args_define(const char *const *args, int nargs, const char *name);
/* Does a file of the last projects_flags_for call's include closure
 * #define NAME (read as text, conditions not evaluated)? */
bool projects_closure_defines(ProjectSet *ps, const char *name);
/* --show-project: each project found, its database, the directories added
 * and the includes that are nowhere in the project. */
void projects_describe(const ProjectSet *ps, FILE *out);

/* For the include graph (fragments.h): the root of the project of a file
 * (an absolute, real path); the files of its header index (real paths);
 * an include of `includer` resolved in its own directory (a quoted one) or,
 * failing that, by path suffix in the index (<faiss/gpu/x.cuh>). */
const char *projects_root_of(ProjectSet *ps, const char *abs_path);
/* The #include lines of a file, in order (read once per run and kept;
 * conditions are not evaluated). */
typedef struct {
    const char *spelling;
    bool angled;
    /* X of an enclosing `#ifdef X` / `#if defined(X)` (the outermost one;
     * not a name with a leading underscore, which the compiler or the
     * toolkit may define): the include is read only when X is defined */
    const char *guard;
} Include;
int projects_includes_of(ProjectSet *ps, const char *path, const Include **includes);
int projects_index_files(ProjectSet *ps, const char *root, const char *const **files);
bool projects_resolve_include(ProjectSet *ps, const char *root, const char *includer, const char *spelling, bool angled,
                              char *out, size_t n);

#endif
