/* cmake_definitions.h - the -D definitions a CMakeLists.txt gives the
 * sources under its directory (cmake_facts.h reads the files and feeds the
 * commands here in order).
 *
 * No CMake code runs.  Definitions at a file's top level apply to every
 * build.  Inside if() they apply only where the condition can be read
 * without a build tree:
 *  - an option() or set() value seen before the if() (option(X "" ON)),
 *    and NOT of it;
 *  - a backend switch named for a GPU vendor (USE_CUDA, WITH_HIP,
 *    X_NVIDIA_BACKEND, CMAKE_CUDA_COMPILER, X_ROCM): read as on where the
 *    file is parsed for that vendor's GPUs and off for the other's, whatever
 *    its default, so that a project whose default build is AMD's still
 *    parses its .cu files as its NVIDIA build does;
 *  - else() takes the other side; elseif() and any other condition leave
 *    the rest of the block out, as do function(), macro() and loops.
 * target_compile_definitions(T INTERFACE ...) counts when T is an
 * INTERFACE (header-only) library of the same file: its users are the
 * project's sources.  ${VAR} in a value is expanded when VAR is known. */
#ifndef GPULINT_CMAKE_DEFINITIONS_H
#define GPULINT_CMAKE_DEFINITIONS_H

#include <stdbool.h>

typedef enum { CMAKE_ANY_VENDOR = 0, CMAKE_NVIDIA = 1, CMAKE_AMD = 2 } CmakeVendor;

typedef struct CmakeDefinitions CmakeDefinitions;

/* expand(ctx, text): text with each ${VAR} replaced by its value
 * (malloc'd), NULL when a variable is unknown (cmake_facts.c). */
typedef char *(*CmakeExpandFn)(void *ctx, const char *text);

CmakeDefinitions *cmake_definitions_new(CmakeExpandFn expand, void *ctx);
void cmake_definitions_free(CmakeDefinitions *d);

/* A new CMake file starts: no block of the previous one is open any more
 * (a file cut short cannot hide the next one's definitions). */
void cmake_definitions_begin_file(CmakeDefinitions *d);

/* One command of a CMake file, in order: block commands (if, else, elseif,
 * endif, function, ...) move the reading through the conditions; the
 * definition commands of a CMakeLists.txt (lists_file) in `dir` add. */
void cmake_definitions_command(CmakeDefinitions *d, const char *dir, bool lists_file, const char *name,
                               char *const *args, int nargs);

/* The definitions that every build (CMAKE_ANY_VENDOR), or only a build
 * for `vendor`'s GPUs, gives the source at `path` (absolute), appended to
 * the `n` already in *defs (a malloc'd vector: free it); returns the new
 * count.  Each once. */
int cmake_definitions_for_path(CmakeDefinitions *d, const char *path, CmakeVendor vendor, const char ***defs, int n);

/* The i-th definition (for --show-project): 1, or 0 past the end. */
int cmake_definitions_at(CmakeDefinitions *d, int i, const char **dir, const char **definition, CmakeVendor *vendor);

/* One of CMake's false constants (0, OFF, NO, FALSE, N, IGNORE, NOTFOUND,
 * X-NOTFOUND, the empty string)? */
bool cmake_false_constant(const char *v);

#endif
