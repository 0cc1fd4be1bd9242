/*
 * cooperative_groups/memcpy_async.h for the gpulint shim: memcpy_async and
 * wait over a group.  Declarations only, written for gpulint from the
 * documented API.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef _COOPERATIVE_GROUPS_MEMCPY_ASYNC
#define _COOPERATIVE_GROUPS_MEMCPY_ASYNC

#include "../cooperative_groups.h"

namespace cooperative_groups {
template <class GroupT>
__device__ void memcpy_async(const GroupT &group, void *dst, const void *src,
                             size_t count);
template <class GroupT> __device__ void wait(const GroupT &group);
template <class GroupT> __device__ void wait_prior(const GroupT &group);
} /* namespace cooperative_groups */

#endif
