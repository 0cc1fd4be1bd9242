/* gpulint_hipcub.h - a stand-in for hipCUB (AMD's CUB-compatible device
 * primitives), for HIP sources analysed without ROCm.  Searched after every
 * other include directory (-idirafter), so an installed hipCUB wins.
 * Written for gpulint from CUB's documented API: declarations only, enough
 * to parse kernels that load, store, reduce, scan and shuffle through a
 * block or warp primitive, and host code that calls the device-wide
 * algorithms (any arguments).  What a primitive does inside is not
 * modelled: its memory accesses are the library's. */
#ifndef GPULINT_HIPCUB_H
#define GPULINT_HIPCUB_H
#pragma clang system_header

#include <hip/hip_runtime.h>
#include <stddef.h>
/* what the real headers bring with them and projects rely on (a launch
 * function's std::cerr under ROCm) */
#include <iostream>
#include <limits>
#include <type_traits>
#include <utility>

#ifndef HIPCUB_WARP_THREADS
#ifdef __AMDGCN_WAVEFRONT_SIZE
#define HIPCUB_WARP_THREADS __AMDGCN_WAVEFRONT_SIZE
#else
#define HIPCUB_WARP_THREADS 64
#endif
#endif
#define HIPCUB_DEVICE_WARP_THREADS HIPCUB_WARP_THREADS
#define HIPCUB_STDERR
#define HIPCUB_RUNTIME_FUNCTION __host__

namespace hipcub {

struct NullType {};

/* functors */
struct Sum { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Max { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Min { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Equality { template <class T> __host__ __device__ bool operator()(const T &a, const T &b) const; };
template <class K, class V> struct KeyValuePair {
    K key;
    V value;
    __host__ __device__ KeyValuePair();
    __host__ __device__ KeyValuePair(const K &k, const V &v);
};
struct ArgMax { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct ArgMin { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };

/* compile-time helpers */
template <int N, int V = 0> struct Log2 { static constexpr int VALUE = N <= 1 ? V : Log2<(N >> 1), V + 1>::VALUE; };
template <int V> struct Log2<1, V> { static constexpr int VALUE = V; };
template <int V> struct Log2<0, V> { static constexpr int VALUE = V; };
template <class T> struct Uninitialized {
    alignas(T) unsigned char storage[sizeof(T)];
    __host__ __device__ T &Alias();
};
enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

/* thread and warp utilities */
__device__ int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z);
__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
template <int LOGICAL_WARP_THREADS> __device__ unsigned long long WarpMask(unsigned int warp_id);
template <int LOGICAL_WARP_THREADS, class T>
__device__ T ShuffleUp(T input, int src_offset, int first_thread, unsigned long long member_mask);
template <int LOGICAL_WARP_THREADS, class T>
__device__ T ShuffleDown(T input, int src_offset, int last_thread, unsigned long long member_mask);
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleIndex(T input, int src_lane, unsigned long long member_mask);

/* block-level primitives */
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockLoad {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockLoad();
    __device__ BlockLoad(TempStorage &storage);
    template <class InputIterator> __device__ void Load(InputIterator in, T (&items)[ITEMS_PER_THREAD]);
    template <class InputIterator> __device__ void Load(InputIterator in, T (&items)[ITEMS_PER_THREAD], int valid);
    template <class InputIterator, class Default>
    __device__ void Load(InputIterator in, T (&items)[ITEMS_PER_THREAD], int valid, Default out_of_bounds);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockStore {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockStore();
    __device__ BlockStore(TempStorage &storage);
    template <class OutputIterator> __device__ void Store(OutputIterator out, T (&items)[ITEMS_PER_THREAD]);
    template <class OutputIterator> __device__ void Store(OutputIterator out, T (&items)[ITEMS_PER_THREAD], int valid);
};

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockReduce();
    __device__ BlockReduce(TempStorage &storage);
    template <class Op> __device__ T Reduce(T input, Op op);
    template <class Op> __device__ T Reduce(T input, Op op, int valid);
    template <int N, class Op> __device__ T Reduce(T (&inputs)[N], Op op);
    __device__ T Sum(T input);
    __device__ T Sum(T input, int valid);
    template <int N> __device__ T Sum(T (&inputs)[N]);
};

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockScan();
    __device__ BlockScan(TempStorage &storage);
    /* the scalar forms, with an aggregate or a prefix callback after them */
    template <class... Rest> __device__ void InclusiveSum(T input, T &output, Rest &&...rest);
    template <class... Rest> __device__ void ExclusiveSum(T input, T &output, Rest &&...rest);
    template <class Op, class... Rest> __device__ void InclusiveScan(T input, T &output, Op op, Rest &&...rest);
    template <class Op, class... Rest> __device__ void ExclusiveScan(T input, T &output, T init, Op op, Rest &&...rest);
    /* the blocked-array forms */
    template <int N, class... Rest> __device__ void InclusiveSum(T (&input)[N], T (&output)[N], Rest &&...rest);
    template <int N, class... Rest> __device__ void ExclusiveSum(T (&input)[N], T (&output)[N], Rest &&...rest);
    template <int N, class Op, class... Rest>
    __device__ void InclusiveScan(T (&input)[N], T (&output)[N], Op op, Rest &&...rest);
    template <int N, class Op, class... Rest>
    __device__ void ExclusiveScan(T (&input)[N], T (&output)[N], T init, Op op, Rest &&...rest);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockExchange {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockExchange();
    __device__ BlockExchange(TempStorage &storage);
    template <class U> __device__ void StripedToBlocked(U (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
    template <class U> __device__ void BlockedToStriped(U (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
    template <class U> __device__ void StripedToBlocked(U (&items)[ITEMS_PER_THREAD]);
    template <class U> __device__ void BlockedToStriped(U (&items)[ITEMS_PER_THREAD]);
};

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockRadixSort {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockRadixSort();
    __device__ BlockRadixSort(TempStorage &storage);
    template <class... Rest> __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], Rest &&...rest);
    template <class... Rest> __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], Rest &&...rest);
    template <class... Rest> __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], Rest &&...rest);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS, int ALGORITHM = 0, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockHistogram {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ BlockHistogram();
    __device__ BlockHistogram(TempStorage &storage);
    template <class Counter> __device__ void Histogram(T (&items)[ITEMS_PER_THREAD], Counter histogram[BINS]);
    template <class Counter> __device__ void Composite(T (&items)[ITEMS_PER_THREAD], Counter histogram[BINS]);
    template <class Counter> __device__ void InitHistogram(Counter histogram[BINS]);
};

/* the padded raking grid that block scans and reductions build on */
template <class T, int BLOCK_THREADS, int ARCH = 0> struct BlockRakingLayout {
    enum {
        SHARED_ELEMENTS = BLOCK_THREADS,
        MAX_RAKING_THREADS = BLOCK_THREADS < HIPCUB_WARP_THREADS ? BLOCK_THREADS : HIPCUB_WARP_THREADS,
        SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS,
        RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH,
        HAS_CONFLICTS = 0,
        CONFLICT_DEGREE = 0,
        USE_SEGMENT_PADDING = 0,
        GRID_ELEMENTS = RAKING_THREADS * SEGMENT_LENGTH,
        UNGUARDED = SHARED_ELEMENTS % RAKING_THREADS == 0,
    };
    struct _TempStorage { T buff[GRID_ELEMENTS]; };
    struct TempStorage : Uninitialized<_TempStorage> {};
    static __device__ T *PlacementPtr(TempStorage &storage, unsigned int linear_tid);
    static __device__ T *RakingPtr(TempStorage &storage, unsigned int linear_tid);
};

/* warp-level primitives */
template <class T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = 0> class WarpReduce {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ WarpReduce(TempStorage &storage);
    __device__ T Sum(T input);
    __device__ T Sum(T input, int valid);
    template <class Op> __device__ T Reduce(T input, Op op);
    template <class Op> __device__ T Reduce(T input, Op op, int valid);
    template <class Flag> __device__ T HeadSegmentedSum(T input, Flag head_flag);
    template <class Flag> __device__ T TailSegmentedSum(T input, Flag tail_flag);
};

template <class T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = 0> class WarpScan {
public:
    struct TempStorage : Uninitialized<NullType> {};
    __device__ WarpScan(TempStorage &storage);
    template <class... Rest> __device__ void InclusiveSum(T input, T &output, Rest &&...rest);
    template <class... Rest> __device__ void ExclusiveSum(T input, T &output, Rest &&...rest);
    template <class Op, class... Rest> __device__ void InclusiveScan(T input, T &output, Op op, Rest &&...rest);
    template <class Op, class... Rest> __device__ void ExclusiveScan(T input, T &output, T init, Op op, Rest &&...rest);
    __device__ T Broadcast(T input, unsigned int src_lane);
};

/* iterators */
template <class T, class Offset = ptrdiff_t> class CountingInputIterator {
public:
    using value_type = T;
    using difference_type = Offset;
    __host__ __device__ CountingInputIterator(const T &start);
    __host__ __device__ T operator*() const;
    __host__ __device__ T operator[](Offset n) const;
    __host__ __device__ CountingInputIterator operator+(Offset n) const;
};
template <class T, class Offset = ptrdiff_t> class ConstantInputIterator {
public:
    using value_type = T;
    __host__ __device__ ConstantInputIterator(const T &value);
    __host__ __device__ T operator*() const;
    __host__ __device__ T operator[](Offset n) const;
    __host__ __device__ ConstantInputIterator operator+(Offset n) const;
};
template <class Value, class Op, class InputIterator, class Offset = ptrdiff_t> class TransformInputIterator {
public:
    using value_type = Value;
    __host__ __device__ TransformInputIterator(InputIterator in, Op op);
    __host__ __device__ Value operator*() const;
    __host__ __device__ Value operator[](Offset n) const;
    __host__ __device__ TransformInputIterator operator+(Offset n) const;
};
template <CacheLoadModifier MODIFIER, class T, class Offset = ptrdiff_t> class CacheModifiedInputIterator {
public:
    using value_type = T;
    __host__ __device__ CacheModifiedInputIterator(T *ptr);
    __host__ __device__ T operator*() const;
    __host__ __device__ T operator[](Offset n) const;
    __host__ __device__ CacheModifiedInputIterator operator+(Offset n) const;
};
template <class Offset = ptrdiff_t> class DiscardOutputIterator {
public:
    __host__ __device__ DiscardOutputIterator();
    __host__ __device__ DiscardOutputIterator &operator*();
    template <class T> __host__ __device__ void operator=(const T &);
    __host__ __device__ DiscardOutputIterator operator+(Offset n) const;
};
template <class T> struct DoubleBuffer {
    T *d_buffers[2];
    int selector;
    __host__ __device__ DoubleBuffer();
    __host__ __device__ DoubleBuffer(T *current, T *alternate);
    __host__ __device__ T *Current();
    __host__ __device__ T *Alternate();
};

/* device-wide algorithms, called from host code: any arguments (their
 * first two are the temporary storage and its size) */
#define GPULINT_HIPCUB_ALGORITHM(name) \
    template <class... Args> static __host__ hipError_t name(Args &&...args)
struct DeviceReduce {
    GPULINT_HIPCUB_ALGORITHM(Sum); GPULINT_HIPCUB_ALGORITHM(Max); GPULINT_HIPCUB_ALGORITHM(Min);
    GPULINT_HIPCUB_ALGORITHM(ArgMax); GPULINT_HIPCUB_ALGORITHM(ArgMin); GPULINT_HIPCUB_ALGORITHM(Reduce);
    GPULINT_HIPCUB_ALGORITHM(ReduceByKey);
};
struct DeviceSegmentedReduce {
    GPULINT_HIPCUB_ALGORITHM(Sum); GPULINT_HIPCUB_ALGORITHM(Max); GPULINT_HIPCUB_ALGORITHM(Min);
    GPULINT_HIPCUB_ALGORITHM(ArgMax); GPULINT_HIPCUB_ALGORITHM(ArgMin); GPULINT_HIPCUB_ALGORITHM(Reduce);
};
struct DeviceScan {
    GPULINT_HIPCUB_ALGORITHM(InclusiveSum); GPULINT_HIPCUB_ALGORITHM(ExclusiveSum);
    GPULINT_HIPCUB_ALGORITHM(InclusiveScan); GPULINT_HIPCUB_ALGORITHM(ExclusiveScan);
    GPULINT_HIPCUB_ALGORITHM(InclusiveSumByKey); GPULINT_HIPCUB_ALGORITHM(ExclusiveSumByKey);
};
struct DeviceRadixSort {
    GPULINT_HIPCUB_ALGORITHM(SortKeys); GPULINT_HIPCUB_ALGORITHM(SortKeysDescending);
    GPULINT_HIPCUB_ALGORITHM(SortPairs); GPULINT_HIPCUB_ALGORITHM(SortPairsDescending);
};
struct DeviceSegmentedRadixSort {
    GPULINT_HIPCUB_ALGORITHM(SortKeys); GPULINT_HIPCUB_ALGORITHM(SortKeysDescending);
    GPULINT_HIPCUB_ALGORITHM(SortPairs); GPULINT_HIPCUB_ALGORITHM(SortPairsDescending);
};
struct DeviceSelect {
    GPULINT_HIPCUB_ALGORITHM(Flagged); GPULINT_HIPCUB_ALGORITHM(If); GPULINT_HIPCUB_ALGORITHM(Unique);
};
struct DevicePartition { GPULINT_HIPCUB_ALGORITHM(Flagged); GPULINT_HIPCUB_ALGORITHM(If); };
struct DeviceRunLengthEncode { GPULINT_HIPCUB_ALGORITHM(Encode); GPULINT_HIPCUB_ALGORITHM(NonTrivialRuns); };
struct DeviceHistogram { GPULINT_HIPCUB_ALGORITHM(HistogramEven); GPULINT_HIPCUB_ALGORITHM(HistogramRange); };
#undef GPULINT_HIPCUB_ALGORITHM

} // namespace hipcub

#endif
