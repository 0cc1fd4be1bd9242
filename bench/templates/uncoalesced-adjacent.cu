/*
 * uncoalesced-adjacent: each thread touches K adjacent elements, in[gid*K + c].
 *
 * Parameters (defaults in brackets):
 *   GL_K      K, 2..16 [4]
 *   GL_ELEM   element type: float | double | int [float]
 *   GL_STORE  0 = the adjacent accesses are loads (a thread sums its K elements
 *               into out[gid]);
 *             1 = they are stores (a thread reads in[gid] and writes K values
 *               out[gid*K + c]);
 *             2 = both, interleaved (out[gid*K+c] = in[gid*K+c] + c+1, one
 *               element at a time, as a per-element copy loop is written) [0]
 *   GL_ONE_BLOCK  1 = the finding's kernel runs as one block: one block of
 *             threads instead of the bandwidth working set [0]
 * Variants:
 *   "as written"   scalar accesses, no __restrict__ (the usual user code);
 *   "restrict"     the same with __restrict__ on every pointer;
 *   "vector"       one access per 16/8-byte chunk through reinterpret_cast
 *                  (float4/float2, int4/int2, double2; several chunks when
 *                  K*elem > 16),
 *                  only when K*sizeof(elem) allows a chunk wider than one element;
 *   "smem staging" the block moves its contiguous K*blockDim elements through
 *                  shared memory with coalesced accesses (only when no vector
 *                  chunk is possible, e.g. odd K).
 * Working set: the K-strided array is >= 256 MiB (>= 4x L2); the grid is one
 * thread per K elements (hundreds of waves).  Correctness: float/double
 * results compared with a relative tolerance (same summation order, so the
 * error printed is 0), int bit-exact.
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "uncoalesced-adjacent"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_K
#define GL_K 4
#endif
#ifndef GL_ELEM
#define GL_ELEM float
#endif
#ifndef GL_STORE
#define GL_STORE 0
#endif

namespace adj {

typedef GL_ELEM T;
constexpr int K = GL_K;
constexpr int BLOCK = 256;
static_assert(K >= 2 && K <= 16, "GL_K must be 2..16");
static_assert(GL_STORE >= 0 && GL_STORE <= 2, "GL_STORE must be 0, 1 or 2");

/* Vector chunk: the widest of 16/8/4 bytes that divides a thread's K*sizeof(T)
 * bytes (its start address gid*K*sizeof(T) is then aligned to the chunk). */
constexpr int ROW_BYTES = K * (int)sizeof(T);
constexpr int VB = (ROW_BYTES % 16 == 0) ? 16 : (ROW_BYTES % 8 == 0) ? 8 : 4;
constexpr int NCH = ROW_BYTES / VB;
constexpr bool HAS_VEC = VB > (int)sizeof(T);
/* The chunk type of T's width: float4/float2, int4/int2, double2 (or T itself
 * when no wider chunk fits; then the vector variant is not used). */
template <class E, int B> struct Chunk { typedef E type; };
template <> struct Chunk<float, 16> { typedef float4 type; };
template <> struct Chunk<float, 8> { typedef float2 type; };
template <> struct Chunk<int, 16> { typedef int4 type; };
template <> struct Chunk<int, 8> { typedef int2 type; };
template <> struct Chunk<double, 16> { typedef double2 type; };
typedef typename Chunk<T, VB>::type V;
constexpr int EPC = (int)(sizeof(V) / sizeof(T)); /* elements per chunk */
static_assert(!HAS_VEC || (int)sizeof(V) == VB, "chunk type size mismatch");

/* Component i of a chunk (i is a constant after unrolling: no local memory). */
template <class E> __device__ __forceinline__ E get(const E &v, int) { return v; }
template <class E> __device__ __forceinline__ void set(E &v, int, E a) { v = a; }
#define GL_ADJ_VEC2(V2, E)                                                                   \
    __device__ __forceinline__ E get(const V2 &v, int i) { return i == 0 ? v.x : v.y; }     \
    __device__ __forceinline__ void set(V2 &v, int i, E a)                                  \
    {                                                                                       \
        if (i == 0)                                                                         \
            v.x = a;                                                                        \
        else                                                                                \
            v.y = a;                                                                        \
    }
#define GL_ADJ_VEC4(V4, E)                                                                   \
    __device__ __forceinline__ E get(const V4 &v, int i)                                    \
    {                                                                                       \
        return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;                            \
    }                                                                                       \
    __device__ __forceinline__ void set(V4 &v, int i, E a)                                  \
    {                                                                                       \
        if (i == 0)                                                                         \
            v.x = a;                                                                        \
        else if (i == 1)                                                                    \
            v.y = a;                                                                        \
        else if (i == 2)                                                                    \
            v.z = a;                                                                        \
        else                                                                                \
            v.w = a;                                                                        \
    }
GL_ADJ_VEC2(float2, float)
GL_ADJ_VEC2(int2, int)
GL_ADJ_VEC2(double2, double)
GL_ADJ_VEC4(float4, float)
GL_ADJ_VEC4(int4, int)

/* Element c of a thread's K elements held as NCH chunks. */
__device__ __forceinline__ T elem(const V *ch, int c) { return get(ch[c / EPC], c % EPC); }
__device__ __forceinline__ void set_elem(V *ch, int c, T a) { set(ch[c / EPC], c % EPC, a); }

__device__ __forceinline__ T op(T v, int c) { return v + (T)(c + 1); }

/* ---- GL_STORE == 0: K adjacent loads, one output per thread ---- */

__global__ void load_as_written(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T s = in[gid * K];
#pragma unroll
        for (int c = 1; c < K; c++)
            s += in[gid * K + c];
        out[gid] = s;
    }
}

__global__ void load_restrict(const T *__restrict__ in, T *__restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T s = in[gid * K];
#pragma unroll
        for (int c = 1; c < K; c++)
            s += in[gid * K + c];
        out[gid] = s;
    }
}

__global__ void load_vector(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        const V *p = reinterpret_cast<const V *>(in + gid * K);
        V ch[NCH];
#pragma unroll
        for (int j = 0; j < NCH; j++)
            ch[j] = p[j];
        T s = elem(ch, 0);
#pragma unroll
        for (int c = 1; c < K; c++)
            s += elem(ch, c);
        out[gid] = s;
    }
}

/* n is a multiple of BLOCK (the host makes it so): no tail. */
__global__ void load_smem(const T *in, T *out, int n)
{
    __shared__ T tile[BLOCK * K];
    const T *src = in + (size_t)blockIdx.x * BLOCK * K;
    for (int j = threadIdx.x; j < BLOCK * K; j += BLOCK)
        tile[j] = src[j];
    __syncthreads();
    int gid = blockIdx.x * BLOCK + threadIdx.x;
    if (gid < n) {
        T s = tile[threadIdx.x * K];
#pragma unroll
        for (int c = 1; c < K; c++)
            s += tile[threadIdx.x * K + c];
        out[gid] = s;
    }
}

/* ---- GL_STORE == 1: one load, K adjacent stores ---- */

__global__ void store_as_written(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T v = in[gid];
#pragma unroll
        for (int c = 0; c < K; c++)
            out[gid * K + c] = op(v, c);
    }
}

__global__ void store_restrict(const T *__restrict__ in, T *__restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T v = in[gid];
#pragma unroll
        for (int c = 0; c < K; c++)
            out[gid * K + c] = op(v, c);
    }
}

__global__ void store_vector(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T v = in[gid];
        V ch[NCH];
#pragma unroll
        for (int c = 0; c < K; c++)
            set_elem(ch, c, op(v, c));
        V *q = reinterpret_cast<V *>(out + gid * K);
#pragma unroll
        for (int j = 0; j < NCH; j++)
            q[j] = ch[j];
    }
}

__global__ void store_smem(const T *in, T *out, int n)
{
    __shared__ T tile[BLOCK * K];
    int gid = blockIdx.x * BLOCK + threadIdx.x;
    if (gid < n) {
        T v = in[gid];
#pragma unroll
        for (int c = 0; c < K; c++)
            tile[threadIdx.x * K + c] = op(v, c);
    }
    __syncthreads();
    T *dst = out + (size_t)blockIdx.x * BLOCK * K;
    for (int j = threadIdx.x; j < BLOCK * K; j += BLOCK)
        dst[j] = tile[j];
}

/* ---- GL_STORE == 2: K adjacent loads and stores, interleaved ---- */

__global__ void copy_as_written(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
#pragma unroll
        for (int c = 0; c < K; c++)
            out[gid * K + c] = op(in[gid * K + c], c);
    }
}

__global__ void copy_restrict(const T *__restrict__ in, T *__restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
#pragma unroll
        for (int c = 0; c < K; c++)
            out[gid * K + c] = op(in[gid * K + c], c);
    }
}

__global__ void copy_vector(const T *in, T *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        const V *p = reinterpret_cast<const V *>(in + gid * K);
        V ch[NCH];
#pragma unroll
        for (int j = 0; j < NCH; j++)
            ch[j] = p[j];
#pragma unroll
        for (int c = 0; c < K; c++)
            set_elem(ch, c, op(elem(ch, c), c));
        V *q = reinterpret_cast<V *>(out + gid * K);
#pragma unroll
        for (int j = 0; j < NCH; j++)
            q[j] = ch[j];
    }
}

__global__ void copy_smem(const T *in, T *out, int n)
{
    __shared__ T tile[BLOCK * K];
    const T *src = in + (size_t)blockIdx.x * BLOCK * K;
    for (int j = threadIdx.x; j < BLOCK * K; j += BLOCK)
        tile[j] = src[j];
    __syncthreads();
    int gid = blockIdx.x * BLOCK + threadIdx.x;
    if (gid < n) {
#pragma unroll
        for (int c = 0; c < K; c++)
            tile[threadIdx.x * K + c] = op(tile[threadIdx.x * K + c], c);
    }
    __syncthreads();
    T *dst = out + (size_t)blockIdx.x * BLOCK * K;
    for (int j = threadIdx.x; j < BLOCK * K; j += BLOCK)
        dst[j] = tile[j];
}

typedef void (*kern_t)(const T *, T *, int);

} /* namespace adj */

int main(int argc, char **argv)
{
    using namespace adj;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);

    /* one thread per K elements; the K-strided array fills the working set */
    size_t n = gl::one_block(gl::round_down(b.bandwidth_bytes() / ROW_BYTES, BLOCK), BLOCK);
    size_t wide = n * K, narrow = n;
    const unsigned grid = gl::blocks_for(n, BLOCK);

    const char *mode = GL_STORE == 0 ? "loads" : GL_STORE == 1 ? "stores" : "loads+stores";
    b.param("K", K);
    b.param("elem", GL_XSTR(GL_ELEM));
    b.param("elem_bytes", (int)sizeof(T));
    b.param("store", GL_STORE);
    b.param("access", mode);
    b.param("vector_bytes", HAS_VEC ? VB : 0);
    b.param("vector_chunks", HAS_VEC ? NCH : 0);
    b.param("threads", (long long)n);
    b.param("block", BLOCK);
    b.param("one_block", GL_ONE_BLOCK);

    T *in = b.alloc<T>(GL_STORE == 1 ? narrow : wide);
    T *out = b.alloc<T>(GL_STORE == 0 ? narrow : wide);
    b.fill(in, GL_STORE == 1 ? narrow : wide, 1);
    b.set_output(out, GL_STORE == 0 ? narrow : wide);

    double bytes = (double)sizeof(T) * (GL_STORE == 2 ? 2.0 * wide : (double)(wide + narrow));
    int ni = (int)n;
    kern_t k_as = GL_STORE == 0 ? load_as_written : GL_STORE == 1 ? store_as_written : copy_as_written;
    kern_t k_re = GL_STORE == 0 ? load_restrict : GL_STORE == 1 ? store_restrict : copy_restrict;
    kern_t k_ve = GL_STORE == 0 ? load_vector : GL_STORE == 1 ? store_vector : copy_vector;
    kern_t k_sm = GL_STORE == 0 ? load_smem : GL_STORE == 1 ? store_smem : copy_smem;

    b.add_variant("as written", (const void *)k_as, [=] {
         k_as<<<grid, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(grid, BLOCK);
    b.add_variant("restrict", (const void *)k_re, [=] {
         k_re<<<grid, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(grid, BLOCK);
    if (HAS_VEC) {
        b.add_variant("vector", (const void *)k_ve, [=] {
             k_ve<<<grid, BLOCK>>>(in, out, ni);
             GL_CHECK_LAUNCH();
         }).set_bytes(bytes).set_shape(grid, BLOCK);
        char buf[96];
        std::snprintf(buf, sizeof buf, "vector: %d chunk(s) of %d bytes (%s%d) per thread", NCH, VB,
                      GL_XSTR(GL_ELEM), EPC);
        b.note(buf);
    } else {
        b.add_variant("smem staging", (const void *)k_sm, [=] {
             k_sm<<<grid, BLOCK>>>(in, out, ni);
             GL_CHECK_LAUNCH();
         }).set_bytes(bytes).set_shape(grid, BLOCK);
        b.note("K*sizeof(elem) allows no chunk wider than one element: shared-memory staging instead of a vector");
    }
    if (GL_STORE != 2)
        b.note("the scalar accesses are not interleaved with stores of their own: __restrict__ only changes "
               "the load path (ld.global.nc); with GL_STORE=2 it also lifts load-store ordering");
    return b.run();
}
