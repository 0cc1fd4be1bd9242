/*
 * cooperative_groups/reduce.h for the gpulint shim: cooperative_groups::reduce
 * and the operator objects it takes (plus, less, greater, bit_and, bit_or,
 * bit_xor).  Declarations only, written for gpulint from the documented API
 * (see README.md).
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef _COOPERATIVE_GROUPS_REDUCE_H
#define _COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

#define __GPULINT_CG_OP(NAME, EXPR)                                           \
  template <class T> struct NAME {                                           \
    __device__ T operator()(const T &a, const T &b) const { return EXPR; }   \
  };
__GPULINT_CG_OP(plus, a + b)
__GPULINT_CG_OP(less, b < a ? b : a)
__GPULINT_CG_OP(greater, a < b ? b : a)
__GPULINT_CG_OP(bit_and, a & b)
__GPULINT_CG_OP(bit_or, a | b)
__GPULINT_CG_OP(bit_xor, a ^ b)
#undef __GPULINT_CG_OP

template <class GroupT, class T, class Op>
__device__ T reduce(const GroupT &group, T value, Op op);
template <class GroupT, class T, class Op>
__device__ void reduce_update_async(const GroupT &group, T &dst, const T &value,
                                    Op op);
template <class GroupT, class T, class Op>
__device__ void reduce_store_async(const GroupT &group, T *dst, const T &value,
                                   Op op);

} /* namespace cooperative_groups */

#endif /* _COOPERATIVE_GROUPS_REDUCE_H */
