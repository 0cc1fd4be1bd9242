/* Host of neg_opencl_c_runtime (loads kernels/tile.cl). */
#include <CL/cl.h>

void tiles(cl_program p, cl_command_queue q, size_t bx, size_t by, int big)
{
    cl_int err;
    size_t global[2] = {1024, 1024};
    cl_kernel a = clCreateKernel(p, "tile_a", &err);
    size_t tuned[2] = {bx, by};  // expect-none
    clEnqueueNDRangeKernel(q, a, 2, NULL, global, tuned, 0, NULL, NULL);

    cl_kernel b = clCreateKernel(p, "tile_b", &err);
    clEnqueueNDRangeKernel(q, b, 2, NULL, global, NULL, 0, NULL, NULL);  // expect-none

    cl_kernel c = clCreateKernel(p, "tile_c", &err);
    size_t local[2] = {16, 16};  // expect-none
    if (big) local[0] = 32;
    clEnqueueNDRangeKernel(q, c, 2, NULL, global, local, 0, NULL, NULL);
}
