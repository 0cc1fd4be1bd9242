/* Loads kernels/blur/blur.cl and kernels/sharpen/sharpen.cl. */
#include <CL/cl.h>

void filters(cl_program blur_prog, cl_program sharpen_prog, cl_command_queue q, size_t w, size_t h)
{
    cl_int err;
    cl_kernel blur = clCreateKernel(blur_prog, "blur3", &err);
    size_t global[2] = {w, h};
    size_t local[2] = {16, 16};  // expect: fixed-block-16x16 shape=16x16 kernel=blur3 context=row-major x_source=literal severity=low
    clEnqueueNDRangeKernel(q, blur, 2, NULL, global, local, 0, NULL, NULL);

    cl_kernel sharp;
    sharp = clCreateKernel(sharpen_prog, "sharpen", &err);
    const size_t lx = 16, ly = 16;
    size_t tile[] = {lx, ly};  // expect: fixed-block-16x16 shape=16x16 kernel=sharpen context=row-major x_source="const lx" severity=low
    clEnqueueNDRangeKernel(q, sharp, 2, NULL, global, tile, 0, NULL, NULL);
}
