/* A kernel string and its launch in one C file: the launch's 16x16
 * work-group is linked to the kernel in the string by its name. */
#include <CL/cl.h>

static const char *source =
    "__kernel void copy2d(__global const float *in, __global float *out, int w)\n"
    "{\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    out[y * w + x] = in[y * w + x];\n"
    "}\n";

void run(cl_context ctx, cl_command_queue q)
{
    cl_int err;
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    clBuildProgram(program, 0, NULL, NULL, NULL, NULL);
    cl_kernel k = clCreateKernel(program, "copy2d", &err);
    size_t global[2] = {1024, 1024};
    size_t local[2] = {16, 16};
    clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);
}
