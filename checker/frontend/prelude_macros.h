/* prelude_macros.h - inside the front end: a file's -D macros as a header
 * read after the toolkit prelude's header.
 *
 * A precompiled prelude is built without the file's own macros (only the
 * toolkit configuration macros, frontend_is_toolkit_config_macro), so a
 * file's -D flags apply to what follows the prelude.  When the prelude's
 * header is parsed from source instead (its PCH not built yet, --no-pch, no
 * cache directory), the same flags on the command line would reach the
 * toolkit's headers too: a -D__NVCC__ chosen for the project's own code
 * (config_choice.h) makes cccl refuse clang ("CUDA compiler and CUDA
 * toolkit headers are incompatible"), and the file's status would depend on
 * the cache.  So those -D flags become `#define`s of a header (an in-memory
 * file) included right after the prelude's, and both ways parse alike.
 * -U flags stay on the command line: there, as with the PCH, they do not
 * undefine what the prelude defines. */
#ifndef GPULINT_PRELUDE_MACROS_H
#define GPULINT_PRELUDE_MACROS_H

#include <stdbool.h>
#include <stddef.h>

#include <limits.h>

typedef struct {
    char *text;               /* #define lines */
    size_t len, cap;
    char path[PATH_MAX + 64]; /* where it is included from: beside the prelude's header, in memory only */
} PreludeMacros;

/* The header for the -D flags of the user's flags (`extra`, which also
 * come again after the file's, as on the command line) and the file's;
 * false when none moves. */
bool prelude_macros_build(PreludeMacros *pm, const char *prelude, const char *const *extra, int nextra,
                          const char *const *file_args, int nfile_args);

/* When args[i] is a -D that moves after the prelude: the index of its last
 * argument (the value of a bare "-D"); else -1. */
int prelude_macro_skip(const char *const *args, int n, int i);

void prelude_macros_free(PreludeMacros *pm);

#endif
