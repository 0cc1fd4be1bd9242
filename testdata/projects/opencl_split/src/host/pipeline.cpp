// Host side of opencl_split, C++ wrapper API: the kernels of
// kernels/image.cl, launched with cl::NDRange local ranges.
#include <CL/opencl.hpp>

#define TILE 16

static const char *kernel_file = "kernels/image.cl";

void run_pipeline(cl::CommandQueue &queue, cl::Program &program, cl::Buffer &a, cl::Buffer &b, int w, int h)
{
    cl::Kernel bright(program, "brighten");
    bright.setArg(0, a);
    bright.setArg(1, b);
    bright.setArg(2, w);
    bright.setArg(3, 1.5f);
    queue.enqueueNDRangeKernel(bright, cl::NullRange, cl::NDRange(w, h), cl::NDRange(16, 16));

    cl::Kernel blur = cl::Kernel(program, "blur_rows");
    const int radius = 2;
    blur.setArg(0, a);
    blur.setArg(1, b);
    blur.setArg(2, w);
    blur.setArg(3, radius);
    const cl::NDRange local(TILE, TILE);
    queue.enqueueNDRangeKernel(blur, cl::NullRange, cl::NDRange(w, h), local);

    auto invert = cl::KernelFunctor<cl::Buffer, int>(program, "invert");
    invert(cl::EnqueueArgs(queue, cl::NDRange(w, h), cl::NDRange(16, 16)), a, w);

    cl::Kernel tuned(program, "tuned");
    queue.enqueueNDRangeKernel(tuned, cl::NullRange, cl::NDRange(w, h), cl::NDRange(32, 8));

    cl::Kernel unsized(program, "unsized");
    queue.enqueueNDRangeKernel(unsized, cl::NullRange, cl::NDRange(w, h));
    (void)kernel_file;
}
