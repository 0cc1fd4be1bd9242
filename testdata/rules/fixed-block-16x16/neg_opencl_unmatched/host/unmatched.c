/* Host of neg_opencl_unmatched: "lonely" is only launched through a kernel
 * object passed in from elsewhere, not followed. */
#include <CL/cl.h>

void other_program(cl_program p, cl_command_queue q)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, "somewhere_else", &err);
    size_t global[2] = {1024, 1024}, local[2] = {16, 16};
    clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);  // expect-none
}

void launch_given(cl_kernel given, cl_command_queue q)
{
    static const char *name = "lonely";
    size_t global[2] = {1024, 1024}, local[2] = {16, 16};
    clEnqueueNDRangeKernel(q, given, 2, NULL, global, local, 0, NULL, NULL);  // expect-none
    (void)name;
}
