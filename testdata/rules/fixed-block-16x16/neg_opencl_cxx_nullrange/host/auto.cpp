// Host of neg_opencl_cxx_nullrange (loads kernels/auto.cl).
#include <CL/cl2.hpp>

struct Runner {
    cl::NDRange group_;
    void run(cl::CommandQueue &q, cl::Program &p, cl::Buffer &x, int w, int h)
    {
        cl::Kernel a(p, "auto_a");
        q.enqueueNDRangeKernel(a, cl::NullRange, cl::NDRange(w, h));  // expect-none
        cl::Kernel b(p, "auto_b");
        q.enqueueNDRangeKernel(b, cl::NullRange, cl::NDRange(w, h), cl::NullRange);  // expect-none
        auto c = cl::KernelFunctor<cl::Buffer, int>(p, "auto_c");
        c(cl::EnqueueArgs(q, cl::NDRange(w, h)), x, w);  // expect-none
        cl::Kernel d(p, "auto_d");
        q.enqueueNDRangeKernel(d, cl::NullRange, cl::NDRange(w, h), group_);  // expect-none
    }
};
