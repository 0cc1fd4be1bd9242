/* Host side of opencl_split, C API: kernels/scale.cl is built at run time
 * (its path below) and launched with a 16x16 local_work_size. */
#include <CL/cl.h>

#define LOCAL_X 16
#define LOCAL_Y 16

static const char *const kernel_file = "kernels/scale.cl";

void run_scale(cl_program program, cl_command_queue q, cl_mem in, cl_mem out, int width, int height)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, "scale2d", &err);
    const int taps = 4;
    clSetKernelArg(k, 0, sizeof(cl_mem), &in);
    clSetKernelArg(k, 1, sizeof(cl_mem), &out);
    clSetKernelArg(k, 2, sizeof(int), &width);
    clSetKernelArg(k, 3, sizeof(int), &taps);
    size_t global[2] = {(size_t)width, (size_t)height};
    size_t local[2] = {LOCAL_X, LOCAL_Y};
    clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);
    (void)kernel_file;
}
