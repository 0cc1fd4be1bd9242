// Host-side helpers: __global__ appears only in a macro, a comment and a
// string here, so this header defines no kernel and is not analysed.
#pragma once
#define KERNEL_QUALIFIER __global__
/* kernels are declared with __global__ in rows.hpp */
static const char *const kernel_keyword = "__global__";
