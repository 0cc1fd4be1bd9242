/* gpulint_rocprim.h - a stand-in for the block- and warp-level part of
 * rocPRIM (AMD's device primitives), for HIP sources analysed without ROCm.
 * Searched after every other include directory (-idirafter), so an
 * installed rocPRIM wins.  Written for gpulint from rocPRIM's documented
 * API: declarations only, enough to parse kernels that load, store,
 * reduce and scan through a block or warp primitive; what a primitive does
 * inside is not modelled (its memory accesses are the library's). */
#ifndef GPULINT_ROCPRIM_H
#define GPULINT_ROCPRIM_H
#pragma clang system_header

#include <hip/hip_runtime.h>

namespace rocprim {

template <class T = void> struct plus { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T = void> struct minus { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T = void> struct multiplies { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T = void> struct maximum { __host__ __device__ T operator()(const T &a, const T &b) const; };
template <class T = void> struct minimum { __host__ __device__ T operator()(const T &a, const T &b) const; };

enum class block_load_method { block_load_direct, block_load_striped, block_load_vectorize, block_load_transpose, block_load_warp_transpose };
enum class block_store_method { block_store_direct, block_store_striped, block_store_vectorize, block_store_transpose, block_store_warp_transpose };
enum class block_reduce_algorithm { using_warp_reduce, raking_reduce, raking_reduce_commutative_only, default_algorithm = using_warp_reduce };
enum class block_scan_algorithm { using_warp_scan, reduce_then_scan, default_algorithm = using_warp_scan };

struct empty_storage_type {};

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_load_method Method = block_load_method::block_load_direct, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_load {
public:
    using storage_type = empty_storage_type;
    template <class InputIterator> __device__ void load(InputIterator input, T (&items)[ItemsPerThread]);
    template <class InputIterator>
    __device__ void load(InputIterator input, T (&items)[ItemsPerThread], unsigned int valid);
    template <class InputIterator, class Default>
    __device__ void load(InputIterator input, T (&items)[ItemsPerThread], unsigned int valid, Default out_of_bounds);
    template <class InputIterator>
    __device__ void load(InputIterator input, T (&items)[ItemsPerThread], storage_type &storage);
};

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_store_method Method = block_store_method::block_store_direct, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_store {
public:
    using storage_type = empty_storage_type;
    template <class OutputIterator> __device__ void store(OutputIterator output, T (&items)[ItemsPerThread]);
    template <class OutputIterator>
    __device__ void store(OutputIterator output, T (&items)[ItemsPerThread], unsigned int valid);
    template <class OutputIterator>
    __device__ void store(OutputIterator output, T (&items)[ItemsPerThread], storage_type &storage);
};

template <class T, unsigned int BlockSizeX, block_reduce_algorithm Algorithm = block_reduce_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_reduce {
public:
    using storage_type = empty_storage_type;
    template <class Op = plus<T>> __device__ void reduce(T input, T &output, Op op = Op());
    template <class Op = plus<T>> __device__ void reduce(T input, T &output, storage_type &storage, Op op = Op());
    template <unsigned int N, class Op = plus<T>> __device__ void reduce(T (&input)[N], T &output, Op op = Op());
    template <unsigned int N, class Op = plus<T>>
    __device__ void reduce(T (&input)[N], T &output, storage_type &storage, Op op = Op());
};

template <class T, unsigned int BlockSizeX, block_scan_algorithm Algorithm = block_scan_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_scan {
public:
    using storage_type = empty_storage_type;
    template <class Op = plus<T>> __device__ void inclusive_scan(T input, T &output, Op op = Op());
    template <class Op = plus<T>> __device__ void exclusive_scan(T input, T &output, T init, Op op = Op());
    template <unsigned int N, class Op = plus<T>>
    __device__ void inclusive_scan(T (&input)[N], T (&output)[N], Op op = Op());
    template <unsigned int N, class Op = plus<T>>
    __device__ void exclusive_scan(T (&input)[N], T (&output)[N], T init, Op op = Op());
};

template <class T, unsigned int WarpSize = 64, bool UseAllReduce = false>
class warp_reduce {
public:
    using storage_type = empty_storage_type;
    template <class Op = plus<T>> __device__ void reduce(T input, T &output, storage_type &storage, Op op = Op());
};

} // namespace rocprim

#endif
