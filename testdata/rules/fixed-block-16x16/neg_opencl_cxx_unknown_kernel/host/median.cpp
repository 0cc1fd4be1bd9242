// Host of neg_opencl_cxx_unknown_kernel (loads kernels/median.cl).
#include <CL/cl2.hpp>
#include <string>

namespace mine {
struct Kernel {
    Kernel(cl::Program &p, const char *name);
    cl::Kernel k;
};
} // namespace mine

void given(cl::CommandQueue &q, cl::Kernel &k, int w, int h)
{
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(w, h), cl::NDRange(16, 16));  // expect-none
}

void wrapped(cl::CommandQueue &q, cl::Program &p, int w, int h)
{
    mine::Kernel mk(p, "median3");
    q.enqueueNDRangeKernel(mk.k, cl::NullRange, cl::NDRange(w, h), cl::NDRange(16, 16));  // expect-none
}

void built(cl::CommandQueue &q, cl::Program &p, const std::string &suffix, int w, int h)
{
    cl::Kernel k(p, ("median" + suffix).c_str());
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(w, h), cl::NDRange(16, 16));  // expect-none
}
