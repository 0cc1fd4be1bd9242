/* Launches kernels/resize.cl's kernel with a 16x16 work-group. */
#include <CL/cl.h>

#define WG_X 16
#define WG_Y 16

void resize(cl_program program, cl_command_queue queue, size_t w, size_t h)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, "resize_nearest", &err);
    size_t global[2] = {w, h};
    size_t local[2] = {WG_X, WG_Y};  // expect: fixed-block-16x16 shape=16x16 kernel=resize_nearest context=row-major x_source="macro WG_X" severity=low
    clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL);
}
