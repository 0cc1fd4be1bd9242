/*
 * cooperative_groups.h for the gpulint shim: the group types and the
 * functions that make them (this_thread_block, tiled_partition<N>,
 * this_grid, coalesced_threads), with the documented members.  Declarations
 * only, written for gpulint from the documented API (see README.md); parsed
 * only by files that include it.  gpulint reads a member call named sync()
 * as a barrier.
 */
/* before the guard: the guard names are reserved identifiers */
#if defined(__INCLUDE_LEVEL__) && __INCLUDE_LEVEL__ > 0
#pragma clang system_header
#endif
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#include "gpulint_cuda_shim.h"

/* the inline-asm constraint of a generic pointer, which code that writes
 * its own grid barrier in PTX borrows from the toolkit's header */
#ifndef _CG_ASM_PTR_CONSTRAINT
#if defined(_WIN64) || defined(__LP64__)
#define _CG_ASM_PTR_CONSTRAINT "l"
#else
#define _CG_ASM_PTR_CONSTRAINT "r"
#endif
#endif

namespace cooperative_groups {

class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};

class thread_block : public thread_group {
public:
  static __device__ void sync();
  static __device__ unsigned int size();
  static __device__ unsigned int num_threads();
  static __device__ unsigned int thread_rank();
  static __device__ dim3 group_index();
  static __device__ dim3 thread_index();
  static __device__ dim3 dim_threads();
  static __device__ dim3 group_dim();
};

class grid_group : public thread_group {
public:
  /* code passes the token to its own barrier helpers as an unsigned int */
  typedef unsigned int arrival_token;
  static __device__ void sync();
  static __device__ arrival_token barrier_arrive();
  static __device__ void barrier_wait(arrival_token &&token);
  static __device__ bool is_valid();
  static __device__ unsigned long long size();
  static __device__ unsigned long long num_threads();
  static __device__ unsigned long long thread_rank();
  static __device__ unsigned long long block_rank();
  static __device__ unsigned long long num_blocks();
  static __device__ dim3 group_dim();
  static __device__ dim3 dim_blocks();
  static __device__ dim3 block_index();
};

/* sm_90 thread block clusters (this_cluster()); a cluster barrier is a
 * sync(), or barrier_arrive() then barrier_wait() */
class cluster_group : public thread_group {
public:
  struct arrival_token {};
  static __device__ void sync();
  static __device__ arrival_token barrier_arrive();
  static __device__ void barrier_wait();
  static __device__ void barrier_wait(arrival_token &&token);
  static __device__ bool is_valid();
  static __device__ unsigned int size();
  static __device__ unsigned int num_threads();
  static __device__ unsigned int thread_rank();
  static __device__ unsigned int block_rank();
  static __device__ unsigned int num_blocks();
  static __device__ dim3 dim_threads();
  static __device__ dim3 thread_index();
  static __device__ dim3 block_index();
  static __device__ dim3 dim_blocks();
  static __device__ unsigned int query_shared_rank(const void *addr);
  template <typename T>
  static __device__ T *map_shared_rank(T *addr, int rank);
};

/* the warp-level collectives of tiles and coalesced groups */
#define __GPULINT_CG_WARP_MEMBERS                                             \
  template <class T> __device__ T shfl(T var, int srcRank) const;            \
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;  \
  template <class T>                                                         \
  __device__ T shfl_down(T var, unsigned int delta) const;                   \
  template <class T> __device__ T shfl_xor(T var, unsigned int mask) const;  \
  __device__ int any(int predicate) const;                                   \
  __device__ int all(int predicate) const;                                   \
  __device__ unsigned int ballot(int predicate) const;                       \
  template <class T> __device__ unsigned int match_any(T value) const;       \
  template <class T>                                                         \
  __device__ unsigned int match_all(T value, int &pred) const;               \
  __device__ unsigned long long meta_group_rank() const;                     \
  __device__ unsigned long long meta_group_size() const;

class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __GPULINT_CG_WARP_MEMBERS
};

template <unsigned int Size, class ParentT = void> class thread_block_tile;

/* thread_block_tile<N> is the parent-independent base of the
 * thread_block_tile<N, Parent> that tiled_partition<N>(parent) returns. */
template <unsigned int Size> class thread_block_tile<Size, void> : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;
  __device__ void sync() const;
  static constexpr __device__ unsigned int size() { return Size; }
  static constexpr __device__ unsigned int num_threads() { return Size; }
  __device__ unsigned int thread_rank() const;
  __GPULINT_CG_WARP_MEMBERS
};
template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

#undef __GPULINT_CG_WARP_MEMBERS

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tileSize);
__device__ coalesced_group binary_partition(const coalesced_group &g, bool pred);
template <unsigned int Size, class ParentT>
__device__ coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &g,
                                            bool pred);
__device__ coalesced_group labeled_partition(const coalesced_group &g, int label);
template <unsigned int Size, class ParentT>
__device__ coalesced_group labeled_partition(const thread_block_tile<Size, ParentT> &g,
                                             int label);

/* free-function forms */
template <class GroupT> __device__ void sync(GroupT const &g);
template <class GroupT> __device__ unsigned long long thread_rank(GroupT const &g);
template <class GroupT> __device__ unsigned long long group_size(GroupT const &g);
template <class GroupT> __device__ unsigned long long num_threads(GroupT const &g);

/* details::bar_has_flipped: the grid-barrier helper that code with its
 * own inter-block barrier calls, as the toolkit's grid sync does */
namespace details {
__device__ bool bar_has_flipped(unsigned int old_arrive,
                                unsigned int current_arrive);
} /* namespace details */

} /* namespace cooperative_groups */

#endif /* _COOPERATIVE_GROUPS_H_ */
