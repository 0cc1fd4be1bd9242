/* include_scan.h - the #include and #define lines of a file, read as text.
 *
 * Conditions are not evaluated: an include under #if adds at most a
 * directory that is not needed (discovered directories cannot shadow
 * anything).  Each include remembers the name of an enclosing `#ifdef X` /
 * `#if defined(X)` (Include.guard, project.h), so that the toolkit prelude
 * is chosen by the includes the build reads. */
#ifndef GPULINT_INCLUDE_SCAN_H
#define GPULINT_INCLUDE_SCAN_H

#include "project/project.h"
#include "util/arena.h"

typedef struct {
    Include *items; int n;
    bool defines_toolkit_config;  /* #define THRUST_DEVICE_SYSTEM ... (frontend.h) */
    const char **defines; int ndefines; /* the names the file #defines */
    bool has_error;               /* an #error directive (config_choice.h may choose for it) */
    int explicit_instantiations;  /* explicit instantiation definitions (instantiation_decls.h) */
    bool gpu_code;                /* a kernel, a device function or variable, or a launch (gpu_markers) */
    bool kernel_code;             /* a kernel or a launch (gpu_markers) */
    const char **gpu_macros; int ngpu_macros; /* macros whose body has GPU code (`#define KERNEL
                                     __global__`), not one that names a marker (`#define __device__`) */
} IncludeList;

/* Does the text have a sign of GPU code: __global__, __device__,
 * __shared__, __constant__, __launch_bounds__, a <<<...>>> launch or a
 * launch API call?  *kernels: one of a kernel or a launch (__global__,
 * __launch_bounds__, <<<, the launch calls).  Comments count too: a false
 * yes only costs a parse. */
bool gpu_markers(const char *text, bool *kernels);

/* Does the text (`contents` of `size` bytes, or the file at `path`) use
 * one of the words? */
bool text_uses_words(const char *path, const char *contents, size_t size, const char *const *words, int nwords);

/* Scans `text` (modified: lines are cut at their newline); the strings live
 * in `arena`, the arrays are the caller's to free. */
void scan_includes(Arena *arena, char *text, IncludeList *out);

/* ---------------------------------------------------- closures, memoized
 *
 * The include closure of a header is the same for every file that reaches
 * it when each of its includes (and theirs) is resolved before the
 * project's discovered directories (next to the includer, in the
 * directories the file's flags name, the system's or the toolkit's) and
 * none is under an #ifdef: such a header is "settled".  Its closure's facts
 * are worked out once per run and context (the directories searched before
 * the system's), so files that share a long chain of headers do not walk it
 * again each (the walk in project.c splices them in). */

/* A system or toolkit include under `#ifdef guard` that needs a prelude
 * bigger than the runtime's: it counts when `guard` is defined. */
typedef struct {
    PreludeNeed need;
    const char *guard;
} GuardedNeed;

/* What the system and toolkit includes of some files ask for. */
typedef struct {
    PreludeNeed prelude;         /* the unguarded ones' (and guarded ones' that need only the runtime) */
    int shim_pch;                /* the unguarded ones' (frontend_shim_pch_for_include) */
    bool real_headers;           /* one is found only in the toolkit */
    GuardedNeed *guarded; int nguarded; /* malloc'd */
} LibraryNeeds;

/* Adds a system or toolkit include, under `guard` (NULL: none). */
void library_needs_add(LibraryNeeds *needs, const char *spelling, const char *guard, bool toolkit);

/* What one header brings itself, filled by the caller's HeaderExpandFn. */
typedef struct {
    bool settled;                /* its own includes are settled (and it has no explicit instantiation) */
    const char **children; int nchildren; /* the project headers it includes, as resolved (malloc'd array;
                                     the strings must live as long as the memo) */
    LibraryNeeds needs;          /* of its own system and toolkit includes */
    IncludeList text;            /* its scan (a copy; the arrays stay the scan's) */
} HeaderLocal;

/* The facts of a closure (the header and all it reaches). */
typedef struct {
    bool settled;                /* every header of it is settled: the rest applies */
    bool kernel_code, defines_toolkit_config, real_headers, gpu_macros;
    PreludeNeed prelude;
    int shim_pch;
    PreludeNeed guarded_need;    /* the biggest of its GuardedNeeds (PRELUDE_RUNTIME: none) */
} ClosureFacts;

typedef void (*HeaderExpandFn)(void *env, const char *path, HeaderLocal *out);
typedef struct ClosureMemo ClosureMemo;

ClosureMemo *closure_memo_new(void);
void closure_memo_free(ClosureMemo *m);
/* The facts of the closure of `path` under `context` (the same string for
 * the same directories); headers not met before are expanded by `expand`,
 * each once.  *node names it for the calls below. */
const ClosureFacts *closure_memo_facts(ClosureMemo *m, const char *context, const char *path, HeaderExpandFn expand,
                                       void *env, int *node);
/* Does a header of the closure of `node` #define `name`?  Linear in the
 * headers met so far once per name, then constant. */
bool closure_memo_defines(ClosureMemo *m, int node, const char *name);
/* Calls `fn` once for each header of the closures of `nodes`. */
void closure_memo_visit(ClosureMemo *m, const int *nodes, int nnodes, void (*fn)(void *env, const HeaderLocal *h),
                        void *env);

#endif
