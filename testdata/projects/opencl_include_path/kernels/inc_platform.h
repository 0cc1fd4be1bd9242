/* What every kernel of the suite builds on. */
#ifndef INC_PLATFORM_H
#define INC_PLATFORM_H
#define KERNEL_FQ __kernel void
#define GLOBAL_AS __global
#define DECLSPEC inline
typedef uint u32;
typedef ulong u64;
#endif
