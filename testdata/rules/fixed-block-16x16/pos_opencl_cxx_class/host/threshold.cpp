// The host side of pos_opencl_cxx_class (loads kernels/threshold.cl).
#include <CL/cl2.hpp>

class Thresholder {
public:
    Thresholder(cl::Program &program) { kernel_ = cl::Kernel(program, "threshold"); }
    void run(cl::CommandQueue &queue, size_t w, size_t h)
    {
        queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(w, h), cl::NDRange(16, 16));  // expect: fixed-block-16x16 shape=16x16 kernel=threshold context=row-major severity=low
    }

private:
    cl::Kernel kernel_;
};
