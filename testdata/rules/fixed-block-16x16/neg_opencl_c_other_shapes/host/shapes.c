/* Host of neg_opencl_c_other_shapes (loads kernels/shapes.cl). */
#include <CL/cl.h>

void shapes(cl_program p, cl_command_queue q)
{
    cl_int err;
    size_t global[2] = {1024, 1024}, n = 1 << 20;
    cl_kernel a = clCreateKernel(p, "wide", &err);
    size_t l1[2] = {32, 8};  // expect-none
    clEnqueueNDRangeKernel(q, a, 2, NULL, global, l1, 0, NULL, NULL);
    cl_kernel b = clCreateKernel(p, "flat", &err);
    size_t l2 = 256;  // expect-none
    clEnqueueNDRangeKernel(q, b, 1, NULL, &n, &l2, 0, NULL, NULL);
    cl_kernel c = clCreateKernel(p, "small", &err);
    size_t l3[2] = {8, 8};  // expect-none
    clEnqueueNDRangeKernel(q, c, 2, NULL, global, l3, 0, NULL, NULL);
}
