/* Loads kernels/blur.cl. */
#include <CL/cl.h>

void filters(cl_program blur_prog, cl_command_queue q, size_t w, size_t h)
{
    cl_int err;
    cl_kernel blur = clCreateKernel(blur_prog, "blur3", &err);
    size_t global[2] = {w, h};
    // Measured on our boards: 16x16 is faster here than 32x8.
    size_t local[2] = {16, 16};  // expect: fixed-block-16x16 shape=16x16 kernel=blur3 context=row-major severity=info
    clEnqueueNDRangeKernel(q, blur, 2, NULL, global, local, 0, NULL, NULL);
}
