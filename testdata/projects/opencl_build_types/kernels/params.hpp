/* The shape of an array, shared by host and kernels.  The host puts this
 * text before each kernel's when it builds a program, and passes
 * -D dim_t=long -D T=<element type> as build options. */
#ifndef PARAMS_HPP
#define PARAMS_HPP

#ifndef __OPENCL_VERSION__
#include <cstdint>
typedef int64_t dim_t;
#endif

typedef struct {
    dim_t dims[4];
    dim_t strides[4];
    dim_t offset;
#ifndef __OPENCL_VERSION__
    dim_t elements() const { return dims[0] * dims[1] * dims[2] * dims[3]; }
#endif
} ArrayParam;

#endif
