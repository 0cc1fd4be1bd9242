/* toolkit_pch.h - inside the front end: the precompiled toolkit preludes
 * (include/toolkit/gpulint_toolkit_{runtime,libs,cccl}.h), built lazily once
 * per machine into a user cache directory ($GPULINT_CACHE_DIR, else
 * $XDG_CACHE_HOME/gpulint, else ~/.cache/gpulint; never the user's
 * project).  The file name is a hash of what the PCH depends on: the
 * libclang version, the prelude headers' text, the compiler flags and the
 * toolkit's version files (path, size, time), so a new toolkit or gpulint
 * gets a new PCH.  Concurrent workers and runs are safe: one process, in the
 * background, builds under a lock file into a temporary name renamed into
 * place; until then files parse the headers from source.  A prelude that
 * fails to build leaves a `.failed` note and is not tried again.  Each PCH
 * has its size and checksum beside it (`.sum`); one that no longer matches
 * (damaged on disk: libclang would crash on it) is removed and built again. */
#ifndef GPULINT_TOOLKIT_PCH_H
#define GPULINT_TOOLKIT_PCH_H

#include "frontend/frontend.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    CXIndex index;
    PreludeNeed need;
    const char *data_dir;          /* where include/toolkit lives */
    const char *cuda_path;
    const char *libclang_version;
    const char *const *args;       /* the real-header flags, without the file's own */
    int nargs;
    bool verbose;
} ToolkitPchRequest;

typedef enum {
    TOOLKIT_PCH_READY,   /* its path is in `out` */
    TOOLKIT_PCH_PENDING, /* its build is started in the background, or under way */
    TOOLKIT_PCH_UNCACHED, /* nowhere to keep it (no writable cache directory): the prelude's header from source */
    TOOLKIT_PCH_NONE     /* no prelude: its header is missing, or it does not build with this toolkit */
} ToolkitPchState;

/* The PCH of the prelude rq asks for (see ToolkitPchState). */
ToolkitPchState toolkit_pch_get(const ToolkitPchRequest *rq, char *out, size_t n);
/* Removes a cached PCH that libclang rejected (a header changed since),
 * with its checksum: the next run builds it again. */
void toolkit_pch_discard(const char *path);
const char *toolkit_prelude_name(PreludeNeed need);
/* Its header's file name, in <data dir>/include/toolkit. */
const char *toolkit_prelude_header(PreludeNeed need);

#endif
