/* Launches kernels/partials.cl with a 32x4 work-group. */
#include <CL/cl.h>

void partials(cl_program prog, cl_command_queue q, size_t n)
{
    cl_int err;
    cl_kernel k = clCreateKernel(prog, "column_partials", &err);
    size_t global[2] = {n, 4};
    size_t local[2] = {32, 4};
    clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);
}
