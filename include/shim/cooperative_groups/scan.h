/*
 * cooperative_groups/scan.h for the gpulint shim: inclusive_scan and
 * exclusive_scan over a group (operator objects from reduce.h).
 * Declarations only, written for gpulint from the documented API.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef _COOPERATIVE_GROUPS_SCAN_H
#define _COOPERATIVE_GROUPS_SCAN_H

#include "reduce.h"

namespace cooperative_groups {
template <class GroupT, class T>
__device__ T inclusive_scan(const GroupT &group, T value);
template <class GroupT, class T, class Op>
__device__ T inclusive_scan(const GroupT &group, T value, Op op);
template <class GroupT, class T>
__device__ T exclusive_scan(const GroupT &group, T value);
template <class GroupT, class T, class Op>
__device__ T exclusive_scan(const GroupT &group, T value, Op op);
} /* namespace cooperative_groups */

#endif /* _COOPERATIVE_GROUPS_SCAN_H */
