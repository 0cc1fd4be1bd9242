/* kernel_text.h - what a file's text says about its kernels, read without
 * a parse: a CUDA kernel (`__global__`, or a project's kernel alias), an
 * OpenCL kernel, a kernel template; a C++ header or source that is CUDA or
 * HIP code by its text.  Used by the include graph (fragments.h). */
#ifndef GPULINT_KERNEL_TEXT_H
#define GPULINT_KERNEL_TEXT_H

#include "util/arena.h"

#include <stdbool.h>

/* Files larger than this are not read for these signs. */
#define KERNEL_TEXT_MAX_BYTES (4L * 1024 * 1024)

/* The path's extension with its dot ("" for none). */
const char *path_extension(const char *path);
/* A C++ header by its extension: .h, .hh, .hpp, .hxx. */
bool path_is_cpp_header(const char *path);

/* Does C/C++ text define a CUDA kernel: a `__global__` outside comments,
 * literals and preprocessor directives (a macro that makes kernels is not a
 * kernel; the file that uses it has them)? */
bool text_defines_cuda_kernel(const char *text);
/* A C++ header (.h, .hh, .hpp, .hxx) whose text defines a kernel
 * (arrayfire's kernel/harris.hpp): CUDA code, analysed through the
 * translation unit that includes it like a .cuh.  Also one whose kernels
 * are declared through a kernel alias (`GLOBAL void f(...)` with
 * `#define GLOBAL __global__`) that it or a file it includes with quotes
 * from its own directory defines; the project graph knows every alias of
 * the project. */
bool is_cuda_kernel_header(const char *path);
/* A C++ source or header that includes a HIP header and defines a kernel:
 * HIP code by another extension (hipcc compiles .cpp files). */
bool is_hip_source(const char *path);

/* text_defines_cuda_kernel, where a kernel may also be declared `ALIAS void
 * f(...)` for one of aliases[0..naliases) (`#define ALIAS __global__`). */
bool text_defines_kernel(const char *text, const char *const *aliases, int naliases);
/* `#define NAME __global__` (the directive's text after '#', blanks
 * skipped): NAME, a kernel alias, in the arena; else NULL. */
const char *kernel_alias_defined(Arena *arena, const char *q);
/* A `template <...>` right before a `__global__` (no declaration between). */
bool text_defines_kernel_template(const char *text);
/* How many lambdas whose call operator is device code the text holds
 * (counting stops at max): `] __device__`, `] (args) __device__`, with
 * `__host__` or `mutable` between, or `] NAME(` with NAME a project macro
 * for them (XGBOOST_DEVICE, HOST_DEVICE_FN). */
int text_device_lambdas(const char *text, int max);

#endif
