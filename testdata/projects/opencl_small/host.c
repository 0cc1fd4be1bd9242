/* Host side of opencl_small: gpulint scans it for launches of kernels.cl. */
#include <CL/cl.h>

#define BLOCK 16

void run(cl_program program, cl_command_queue q, cl_mem a, cl_mem b)
{
    cl_int err;
    cl_kernel t = clCreateKernel(program, "transpose", &err);
    size_t global[2] = {1024, 1024};
    size_t local[2] = {BLOCK, BLOCK};
    clEnqueueNDRangeKernel(q, t, 2, NULL, global, local, 0, NULL, NULL);
    cl_kernel g = clCreateKernel(program, "brighten", &err);
    clEnqueueNDRangeKernel(q, g, 2, NULL, global, local, 0, NULL, NULL);

    cl_kernel k = clCreateKernel(program, "blur", &err);
    const int radius = 3;
    clSetKernelArg(k, 0, sizeof(cl_mem), &a);
    clSetKernelArg(k, 1, sizeof(cl_mem), &b);
    clSetKernelArg(k, 2, sizeof(int), &radius);
    size_t n = 1 << 20, lsize = 256;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &lsize, 0, NULL, NULL);

    cl_kernel s = clCreateKernel(program, "scale", &err);
    clEnqueueNDRangeKernel(q, s, 1, NULL, &n, NULL, 0, NULL, NULL);

    cl_kernel u = clCreateKernel(program, "tuned", &err);
    size_t wide[2] = {32, 8};
    clEnqueueNDRangeKernel(q, u, 2, NULL, global, wide, 0, NULL, NULL);
}
