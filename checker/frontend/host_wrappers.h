/* host_wrappers.h - launches whose block a wrapper's callers give (see
 * host_wrappers.c). */
#ifndef GPULINT_HOST_WRAPPERS_H
#define GPULINT_HOST_WRAPPERS_H

#include "model/model.h"

/* The project files read as text and indexed, per project root, for the
 * life of the process (a worker keeps its own). */
typedef struct HostWrapperCache HostWrapperCache;
HostWrapperCache *host_wrapper_cache_new(void);
void host_wrapper_cache_free(HostWrapperCache *c);

/* A call site whose block argument was resolved. */
typedef struct {
    const char *file;        /* absolute; owned by the cache */
    long offset;
    unsigned line, col;      /* where the block is spelled */
    long long block[3];
    char comment[160];       /* shape_tuned_comment's, or "" */
} WrapperSite;

/* The call sites, in the project under project_root, of host function
 * `wrapper` (nparams parameters) whose parameter `param` is a launch's
 * block, each with the block it passes; *out is malloc'd. */
int host_wrapper_sites(HostWrapperCache *c, const char *project_root, const char *wrapper, int param, int nparams,
                       WrapperSite **out);

/* For each launch of m whose block is a parameter of its host function,
 * a launch of the same kernel per resolved call site (block_range there,
 * named like `path`: relative when it is), linked to the kernel. */
void link_wrapper_launches(HostWrapperCache *c, const char *path, const char *project_root, Model *m);

#endif
