/* gpulint_opencl_vendor.h - pre-included into every OpenCL C parse: the
 * built-in functions of vendor extensions that clang defines as macros
 * (the extension is "supported") but whose functions its lazily declared
 * builtins (-fdeclare-opencl-builtins) leave out.  A kernel written for
 * AMD's drivers calls amd_bitalign() after
 * `#pragma OPENCL EXTENSION cl_amd_media_ops : enable`; without these
 * declarations each call is an undeclared identifier and the kernel is
 * lost.  Declarations only: nothing here runs. */
#ifndef GPULINT_OPENCL_VENDOR_H
#define GPULINT_OPENCL_VENDOR_H

#define GPULINT_OVL __attribute__((overloadable, const))
/* name(T, T, T) -> T for a scalar type and its vectors */
#define GPULINT_TERNARY(name, T)                                                                                    \
    T GPULINT_OVL name(T, T, T);                                                                                    \
    T##2 GPULINT_OVL name(T##2, T##2, T##2);                                                                        \
    T##3 GPULINT_OVL name(T##3, T##3, T##3);                                                                        \
    T##4 GPULINT_OVL name(T##4, T##4, T##4);                                                                        \
    T##8 GPULINT_OVL name(T##8, T##8, T##8);                                                                        \
    T##16 GPULINT_OVL name(T##16, T##16, T##16);
/* R name(A) with R and A of the same width */
#define GPULINT_UNARY(name, R, A)                                                                                   \
    R GPULINT_OVL name(A);                                                                                          \
    R##2 GPULINT_OVL name(A##2);                                                                                    \
    R##3 GPULINT_OVL name(A##3);                                                                                    \
    R##4 GPULINT_OVL name(A##4);                                                                                    \
    R##8 GPULINT_OVL name(A##8);                                                                                    \
    R##16 GPULINT_OVL name(A##16);

#ifdef cl_amd_media_ops
GPULINT_TERNARY(amd_bitalign, uint)
GPULINT_TERNARY(amd_bytealign, uint)
GPULINT_TERNARY(amd_lerp, uint)
GPULINT_TERNARY(amd_sad, uint)
GPULINT_TERNARY(amd_sadhi, uint)
uint GPULINT_OVL amd_pack(float4);
uint GPULINT_OVL amd_sad4(uint4, uint4, uint);
GPULINT_UNARY(amd_unpack0, float, uint)
GPULINT_UNARY(amd_unpack1, float, uint)
GPULINT_UNARY(amd_unpack2, float, uint)
GPULINT_UNARY(amd_unpack3, float, uint)
#endif

#ifdef cl_amd_media_ops2
GPULINT_TERNARY(amd_msad, uint)
GPULINT_TERNARY(amd_sadd, uint)
GPULINT_TERNARY(amd_sadw, uint)
GPULINT_TERNARY(amd_bfe, uint)
GPULINT_TERNARY(amd_max3, float)
GPULINT_TERNARY(amd_max3, int)
GPULINT_TERNARY(amd_max3, uint)
GPULINT_TERNARY(amd_min3, float)
GPULINT_TERNARY(amd_min3, int)
GPULINT_TERNARY(amd_min3, uint)
GPULINT_TERNARY(amd_median3, float)
GPULINT_TERNARY(amd_median3, int)
GPULINT_TERNARY(amd_median3, uint)
int GPULINT_OVL amd_bfe(int, uint, uint);
uint GPULINT_OVL amd_bfm(uint, uint);
#endif

#undef GPULINT_TERNARY
#undef GPULINT_UNARY
#undef GPULINT_OVL
#endif
