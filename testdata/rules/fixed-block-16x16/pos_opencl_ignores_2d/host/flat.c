/* Host of pos_opencl_ignores_2d (loads kernels/flat.cl). */
#include <CL/cl.h>

void flat(cl_program p, cl_command_queue q)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, "flat_copy", &err);
    size_t global[2] = {4096, 4096};
    size_t local[2] = {16, 16};  // expect: fixed-block-16x16 shape=16x16 kernel=flat_copy context=ignores-2d severity=info
    clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);
}
