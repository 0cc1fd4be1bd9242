// Host of pos_opencl_cxx_functor (loads kernels/ops.cl).
#include <CL/cl2.hpp>

struct Ops {
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> *add;
    void build(cl::Program &program) { add = new cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int>(program, "add_images"); }
    void run(cl::CommandQueue &queue, cl::Buffer &a, cl::Buffer &b, cl::Buffer &c, int w, int h)
    {
        (*add)(cl::EnqueueArgs(queue, cl::NDRange(w, h), cl::NDRange(16, 16)), a, b, c, w);  // expect: fixed-block-16x16 shape=16x16 kernel=add_images context=row-major severity=low
    }
};

void multiply(cl::CommandQueue &queue, cl::Program &program, cl::Buffer &a, cl::Buffer &b, cl::Buffer &c, int w, int h)
{
    cl::make_kernel<cl::Buffer, cl::Buffer, cl::Buffer, int> mul(program, "mul_images");
    cl::NDRange local(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=mul_images context=row-major severity=low
    mul(cl::EnqueueArgs(queue, cl::NDRange(0, 0), cl::NDRange(w, h), local), a, b, c, w);
}
