/*
 * oversized-element: one struct (> 16 bytes, or a < 4-byte element) per thread.
 *
 * Parameters (defaults in brackets):
 *   GL_STRUCT_BYTES  struct size, 4..256, a multiple of 4: a struct of
 *                    GL_STRUCT_BYTES/4 floats [32]
 *   GL_STRUCT_ALIGN  its alignment (evidence key `alignment`), must divide the
 *                    size: 4 for a struct of floats/ints, 8 with a double,
 *                    16 with a float4 member [4]
 *   GL_FIELDS_ALL    1 = the whole struct is copied, out[gid] = in[gid];
 *                    0 = one field is read, out[gid] = in[gid].f[GL_FIELD] [1]
 *   GL_FIELD         the field read when GL_FIELDS_ALL=0, as a float index [0]
 *   GL_SUBWORD       0 = struct case; 1 = char elements, 2 = short elements:
 *                    then the struct parameters are ignored and the shape is a
 *                    per-thread char/short copy [0]
 *   GL_COMPANION     with GL_SUBWORD: 1 = each element read as char/short is
 *                    written as a 4-byte int (a sub-word stream next to a
 *                    word stream: a label image from a byte mask; half the
 *                    requests sub-word); 3 = the same, plus two int arrays
 *                    read per element (a quarter of the requests sub-word);
 *                    0 = the element is copied as it is [0]
 *   GL_ONE_BLOCK     1 = the finding's kernel runs as one block: one block's
 *                    elements instead of the bandwidth working set [0]
 * Variants:
 *   struct, whole copy:  "as written" (one struct per thread), "float4 chunks"
 *                        (the same bytes copied flat, one float4 per thread);
 *   struct, one field:   "as written", "SoA" (the field as its own float array;
 *                        the SoA copy is made once, outside the timing);
 *   subword:             "as written" (one char/short per thread), "char4" or
 *                        "short4" (4 per thread), "int4" (16 chars / 8 shorts
 *                        per thread).
 * All outputs are copies: bit-exact comparison.  Working set >= 256 MiB read
 * plus the output; one thread per struct (or per chunk).
 */
#ifndef GPULINT_BENCH_H
#include "../gpulint_bench.h"
#endif

#ifndef GL_FINDING_ID
#define GL_FINDING_ID "standalone"
#endif
#ifndef GL_RULE
#define GL_RULE "oversized-element"
#endif
#ifndef GL_LOCATION
#define GL_LOCATION "unknown:0"
#endif
#ifndef GL_STRUCT_BYTES
#define GL_STRUCT_BYTES 32
#endif
#ifndef GL_STRUCT_ALIGN
#define GL_STRUCT_ALIGN 4
#endif
#ifndef GL_FIELDS_ALL
#define GL_FIELDS_ALL 1
#endif
#ifndef GL_FIELD
#define GL_FIELD 0
#endif
#ifndef GL_SUBWORD
#define GL_SUBWORD 0
#endif
#ifndef GL_COMPANION
#define GL_COMPANION 0
#endif

namespace ovs {

constexpr int BLOCK = 256;
constexpr int SB = GL_STRUCT_BYTES;
constexpr int NF = SB / 4;
static_assert(SB >= 4 && SB <= 256 && SB % 4 == 0, "GL_STRUCT_BYTES must be a multiple of 4 in 4..256");
static_assert(GL_STRUCT_ALIGN >= 4 && GL_STRUCT_ALIGN <= 16 && SB % GL_STRUCT_ALIGN == 0,
              "GL_STRUCT_ALIGN must be 4, 8 or 16 and divide GL_STRUCT_BYTES");
static_assert(GL_FIELD >= 0 && GL_FIELD < NF, "GL_FIELD must index a float of the struct");
static_assert(GL_SUBWORD >= 0 && GL_SUBWORD <= 2, "GL_SUBWORD must be 0, 1 or 2");

struct __align__(GL_STRUCT_ALIGN) Elem {
    float f[NF];
};
static_assert(sizeof(Elem) == SB, "struct size differs from GL_STRUCT_BYTES");

__global__ void copy_as_written(const Elem *in, Elem *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n)
        out[gid] = in[gid];
}

__global__ void copy_float4(const float4 *in, float4 *out, int n4)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n4)
        out[gid] = in[gid];
}

__global__ void field_as_written(const Elem *in, float *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n)
        out[gid] = in[gid].f[GL_FIELD];
}

__global__ void field_soa(const float *field, float *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n)
        out[gid] = field[gid];
}

/* setup only: the field as its own array */
__global__ void make_soa(const Elem *in, float *field, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        field[i] = in[i].f[GL_FIELD];
}

/* ---- subword elements ---- */
#if GL_SUBWORD != 0
#if GL_SUBWORD == 2
typedef unsigned short S;
typedef ushort4 S4;
#define GL_SUBWORD_NAME "short"
#define GL_SUBWORD_X4 "short4"
#else
typedef unsigned char S;
typedef uchar4 S4;
#define GL_SUBWORD_NAME "char"
#define GL_SUBWORD_X4 "char4"
#endif
constexpr int PER16 = 16 / (int)sizeof(S);

#if GL_COMPANION
static_assert(GL_COMPANION == 1 || GL_COMPANION == 3, "GL_COMPANION must be 0, 1 or 3");
/* the output is a word per element: int; with GL_COMPANION=3 two int
 * arrays a and b are read beside the sub-word one (their low halves added:
 * never the harness's 0xFFFFFFFF "unwritten" pattern) */
typedef int O;
typedef int4 O4;
__global__ void sub_as_written(const S *in, const int *a, const int *b, O *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n)
        out[gid] = (O)in[gid] + (GL_COMPANION == 3 ? (a[gid] & 0xffff) + (b[gid] & 0xffff) : 1);
}

__global__ void sub_x4(const S4 *in, const int4 *a, const int4 *b, O4 *out, int n4)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n4) {
        S4 v = in[gid];
        int4 d = make_int4(1, 1, 1, 1);
        if (GL_COMPANION == 3) {
            int4 x = a[gid], y = b[gid];
            d = make_int4((x.x & 0xffff) + (y.x & 0xffff), (x.y & 0xffff) + (y.y & 0xffff), (x.z & 0xffff) + (y.z & 0xffff), (x.w & 0xffff) + (y.w & 0xffff));
        }
        out[gid] = make_int4((O)v.x + d.x, (O)v.y + d.y, (O)v.z + d.z, (O)v.w + d.w);
    }
}

/* 16 bytes of sub-word input per thread, PER16 words out */
__global__ void sub_int4(const int4 *in, const int4 *a, const int4 *b, int4 *out, int n16)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n16) {
        int4 raw = in[gid];
        const S *s = reinterpret_cast<const S *>(&raw);
#pragma unroll
        for (int q = 0; q < PER16 / 4; q++) {
            int i = gid * (PER16 / 4) + q;
            int4 d = make_int4(1, 1, 1, 1);
            if (GL_COMPANION == 3) {
                int4 x = a[i], y = b[i];
                d = make_int4((x.x & 0xffff) + (y.x & 0xffff), (x.y & 0xffff) + (y.y & 0xffff), (x.z & 0xffff) + (y.z & 0xffff), (x.w & 0xffff) + (y.w & 0xffff));
            }
            out[i] = make_int4((O)s[4 * q] + d.x, (O)s[4 * q + 1] + d.y, (O)s[4 * q + 2] + d.z, (O)s[4 * q + 3] + d.w);
        }
    }
}
#else
/* the same signatures as above, with no companion arrays (a, b unused) */
typedef S O;
typedef S4 O4;
__global__ void sub_as_written(const S *in, const int *, const int *, O *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n)
        out[gid] = in[gid];
}

__global__ void sub_x4(const S4 *in, const int4 *, const int4 *, O4 *out, int n4)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n4)
        out[gid] = in[gid];
}

__global__ void sub_int4(const int4 *in, const int4 *, const int4 *, int4 *out, int n16)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n16)
        out[gid] = in[gid];
}
#endif
#endif /* GL_SUBWORD != 0 */

} /* namespace ovs */

int main(int argc, char **argv)
{
    using namespace ovs;
    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);
    b.param("subword", GL_SUBWORD);
    b.param("one_block", GL_ONE_BLOCK);

#if GL_SUBWORD != 0
    size_t n = gl::one_block(gl::round_down(b.bandwidth_bytes() / sizeof(S), (size_t)BLOCK * PER16), BLOCK);
    b.param("kind", "subword");
    b.param("elem", GL_SUBWORD_NAME);
    b.param("elem_bytes", (int)sizeof(S));
    b.param("elements", (long long)n);
    b.param("block", BLOCK);
    b.param("companion", GL_COMPANION);
    S *in = b.alloc<S>(n);
    O *out = b.alloc<O>(n);
    b.fill(in, n, 1);
    b.set_output(out, n);
#if GL_COMPANION == 3
    int *ca = b.alloc<int>(n), *cb = b.alloc<int>(n);
    b.fill(ca, n, 2);
    b.fill(cb, n, 3);
#else
    const int *ca = nullptr, *cb = nullptr;
#endif
    const double bytes = (double)n * (sizeof(S) + sizeof(O) + (GL_COMPANION == 3 ? 2 * sizeof(int) : 0));
    const int n1 = (int)n, n4 = (int)(n / 4), n16 = (int)(n / PER16);
    const unsigned g1 = gl::blocks_for(n1, BLOCK), g4 = gl::blocks_for(n4, BLOCK), g16 = gl::blocks_for(n16, BLOCK);
    const S4 *in4 = reinterpret_cast<const S4 *>(in);
    O4 *out4 = reinterpret_cast<O4 *>(out);
    const int4 *in16 = reinterpret_cast<const int4 *>(in);
    int4 *out16 = reinterpret_cast<int4 *>(out);
    const int4 *ca4 = reinterpret_cast<const int4 *>(ca), *cb4 = reinterpret_cast<const int4 *>(cb);
    b.add_variant("as written", (const void *)sub_as_written, [=] {
         sub_as_written<<<g1, BLOCK>>>(in, ca, cb, out, n1);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK);
    b.add_variant(GL_SUBWORD_X4, (const void *)sub_x4, [=] {
         sub_x4<<<g4, BLOCK>>>(in4, ca4, cb4, out4, n4);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g4, BLOCK);
    b.add_variant("int4", (const void *)sub_int4, [=] {
         sub_int4<<<g16, BLOCK>>>(in16, ca4, cb4, out16, n16);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g16, BLOCK);
#else
    /* n structs, a multiple of 4 so that n*SB is a whole number of float4 */
    size_t n = gl::one_block(gl::round_down(b.bandwidth_bytes() / SB, (size_t)BLOCK * 4), (size_t)BLOCK * 4);
    b.param("kind", "struct");
    b.param("struct_bytes", SB);
    b.param("alignment", GL_STRUCT_ALIGN);
    b.param("fields", GL_FIELDS_ALL ? "whole" : "one");
    b.param("field", GL_FIELD);
    b.param("structs", (long long)n);
    b.param("block", BLOCK);
    Elem *in = b.alloc<Elem>(n);
    b.fill(reinterpret_cast<float *>(in), n * NF, 1);
    const int ni = (int)n;
    const unsigned g1 = gl::blocks_for(n, BLOCK);
#if GL_FIELDS_ALL
    Elem *out = b.alloc<Elem>(n);
    b.set_output(out, n);
    const double bytes = 2.0 * n * SB;
    const int n4 = (int)(n * SB / 16);
    const unsigned g4 = gl::blocks_for(n4, BLOCK);
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    float4 *out4 = reinterpret_cast<float4 *>(out);
    b.add_variant("as written", (const void *)copy_as_written, [=] {
         copy_as_written<<<g1, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK);
    b.add_variant("float4 chunks", (const void *)copy_float4, [=] {
         copy_float4<<<g4, BLOCK>>>(in4, out4, n4);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g4, BLOCK);
#else
    float *field = b.alloc<float>(n);
    float *out = b.alloc<float>(n);
    make_soa<<<b.device().sm_count * 16, 256>>>(in, field, ni);
    GL_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    b.set_output(out, n);
    const double bytes = 2.0 * n * sizeof(float); /* useful bytes: the field read, the result written */
    b.add_variant("as written", (const void *)field_as_written, [=] {
         field_as_written<<<g1, BLOCK>>>(in, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK).set_exact();
    b.add_variant("SoA", (const void *)field_soa, [=] {
         field_soa<<<g1, BLOCK>>>(field, out, ni);
         GL_CHECK_LAUNCH();
     }).set_bytes(bytes).set_shape(g1, BLOCK).set_exact();
    b.note("GB/s counts useful bytes (the field read and the result written); the struct layout also moves the "
           "unused fields' sectors");
#endif
#endif
    return b.run();
}
