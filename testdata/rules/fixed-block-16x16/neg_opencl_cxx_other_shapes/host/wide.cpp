// Host of neg_opencl_cxx_other_shapes (loads kernels/wide.cl).
#include <CL/opencl.hpp>

void wide(cl::CommandQueue &q, cl::Program &p, int w, int h, bool tuned)
{
    cl::Kernel a(p, "wide_a");
    q.enqueueNDRangeKernel(a, cl::NullRange, cl::NDRange(w, h), cl::NDRange(32, 8));  // expect-none
    cl::Kernel b(p, "wide_b");
    q.enqueueNDRangeKernel(b, cl::NullRange, cl::NDRange(w * h), cl::NDRange(256));  // expect-none
    cl::Kernel c(p, "wide_c");
    cl::NDRange local(16, 16);  // expect-none
    if (tuned) local = cl::NDRange(32, 8);
    q.enqueueNDRangeKernel(c, cl::NullRange, cl::NDRange(w, h), local);
}
