// Host of pos_opencl_cxx_ndrange_var (loads kernels/gain.cl).
#include <CL/opencl.hpp>

#define BX 16
#define BY 16

void apply_gain(cl::CommandQueue &queue, cl::Program &program, cl::Buffer &img, int w, int h)
{
    cl::Kernel k(program, "gain");
    k.setArg(0, img);
    k.setArg(1, w);
    const cl::NDRange global(w, h);
    const cl::NDRange local(BX, BY);  // expect: fixed-block-16x16 shape=16x16 kernel=gain context=row-major x_source="macro BX" severity=low
    queue.enqueueNDRangeKernel(k, cl::NullRange, global, local);
}
