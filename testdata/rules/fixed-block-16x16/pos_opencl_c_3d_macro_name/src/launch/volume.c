/* Host of pos_opencl_c_3d_macro_name (loads kernels/volume.cl). */
#include <CL/cl.h>

#define SLICE_KERNEL "slice_copy"

void copy_volume(cl_program program, cl_command_queue q, size_t w, size_t h, size_t d)
{
    cl_int err;
    cl_kernel k = clCreateKernel(program, SLICE_KERNEL, &err);
    size_t global[3] = {w, h, d};
    size_t local[3] = {16, 16, 1};  // expect: fixed-block-16x16 shape=16x16 kernel=slice_copy severity=low
    clEnqueueNDRangeKernel(q, k, 3, NULL, global, local, 0, NULL, NULL);
}
