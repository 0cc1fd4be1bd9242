/* gpulint's stand-in for the OpenCL C++ wrapper (CL/cl2.hpp, CL/opencl.hpp,
 * CL/cl.hpp): the classes and calls gpulint reads in host files (cl::Kernel,
 * cl::NDRange, CommandQueue::enqueueNDRangeKernel, cl::KernelFunctor,
 * cl::make_kernel, cl::EnqueueArgs, Kernel::setArg), declared loosely so
 * that real host code type-checks around them.  It is pre-included when a
 * C++ host file is scanned and defines the real header's guard (CL_HPP_),
 * so a copy of cl2.hpp shipped inside a project is skipped.  Host files
 * are scanned, never compiled: nothing here has a definition. */
#ifndef GPULINT_CL_WRAPPER_STUB_HPP
#define GPULINT_CL_WRAPPER_STUB_HPP
#define CL_HPP_

#include <CL/cl.h>

namespace cl {

/* Every handle takes any constructor arguments and answers any of the
 * common calls, so code around a launch keeps its types. */
#define GPULINT_CL_LOOSE_CLASS(Name)                                                                                   \
    class Name {                                                                                                       \
    public:                                                                                                            \
        Name();                                                                                                        \
        template <typename... A> explicit Name(const A &...);                                                          \
        template <typename... A> cl_int build(const A &...) const;                                                     \
        template <typename... A> cl_int getInfo(const A &...) const;                                                   \
        template <cl_uint I> size_t getInfo() const;                                                                   \
        template <cl_uint I, typename... A> size_t getBuildInfo(const A &...) const;                                   \
        template <typename... A> cl_int getBuildInfo(const A &...) const;                                              \
        template <typename... A> static cl_int get(const A &...);                                                      \
        template <typename... A> static Name getDefault(const A &...);                                                 \
        template <typename... A> cl_int enqueueReadBuffer(const A &...) const;                                         \
        template <typename... A> cl_int enqueueWriteBuffer(const A &...) const;                                        \
        template <typename... A> cl_int enqueueCopyBuffer(const A &...) const;                                         \
        template <typename... A> cl_int enqueueFillBuffer(const A &...) const;                                         \
        template <typename... A> void *enqueueMapBuffer(const A &...) const;                                           \
        template <typename... A> cl_int enqueueUnmapMemObject(const A &...) const;                                     \
        template <typename... A> cl_int enqueueBarrierWithWaitList(const A &...) const;                                \
        cl_int finish() const;                                                                                         \
        cl_int flush() const;                                                                                          \
        cl_int wait() const;                                                                                           \
        cl_int release() const;                                                                                        \
        void *operator()() const;                                                                                      \
    }

GPULINT_CL_LOOSE_CLASS(Platform);
GPULINT_CL_LOOSE_CLASS(Device);
GPULINT_CL_LOOSE_CLASS(Context);
GPULINT_CL_LOOSE_CLASS(Program);
GPULINT_CL_LOOSE_CLASS(Memory);
GPULINT_CL_LOOSE_CLASS(Buffer);
GPULINT_CL_LOOSE_CLASS(Image2D);
GPULINT_CL_LOOSE_CLASS(Event);
GPULINT_CL_LOOSE_CLASS(UserEvent);
GPULINT_CL_LOOSE_CLASS(Sampler);
GPULINT_CL_LOOSE_CLASS(Error);
#undef GPULINT_CL_LOOSE_CLASS

struct LocalSpaceArg {
    size_t size_;
};
LocalSpaceArg Local(size_t size);

/* An N-dimensional range: NDRange(x), (x, y), (x, y, z); NullRange has none. */
class NDRange {
public:
    NDRange();
    NDRange(size_t x);
    NDRange(size_t x, size_t y);
    NDRange(size_t x, size_t y, size_t z);
    size_t dimensions() const;
    size_t &operator[](int i);
    const size_t &operator[](int i) const;
    const size_t *get() const;
    operator const size_t *() const;
};
static const NDRange NullRange;

class Kernel {
public:
    Kernel();
    Kernel(const Program &program, const char *name, cl_int *err = nullptr);
    explicit Kernel(const cl_kernel &kernel, bool retain = false);
    template <typename T> cl_int setArg(cl_uint index, const T &value);
    cl_int setArg(cl_uint index, size_t size, const void *value);
    template <typename... A> cl_int getInfo(const A &...) const;
    template <typename... A> cl_int getWorkGroupInfo(const A &...) const;
    template <cl_uint I, typename... A> size_t getWorkGroupInfo(const A &...) const;
    cl_kernel operator()() const;
};

class CommandQueue {
public:
    CommandQueue();
    template <typename... A> explicit CommandQueue(const A &...);
    cl_int enqueueNDRangeKernel(const Kernel &kernel, const NDRange &offset, const NDRange &global,
                                const NDRange &local = NullRange, const void *events = nullptr,
                                Event *event = nullptr) const;
    cl_int enqueueTask(const Kernel &kernel, const void *events = nullptr, Event *event = nullptr) const;
    template <typename... A> cl_int enqueueReadBuffer(const A &...) const;
    template <typename... A> cl_int enqueueWriteBuffer(const A &...) const;
    template <typename... A> cl_int enqueueCopyBuffer(const A &...) const;
    template <typename... A> cl_int enqueueFillBuffer(const A &...) const;
    template <typename... A> void *enqueueMapBuffer(const A &...) const;
    template <typename... A> cl_int enqueueUnmapMemObject(const A &...) const;
    template <typename... A> cl_int enqueueBarrierWithWaitList(const A &...) const;
    template <typename... A> cl_int getInfo(const A &...) const;
    template <typename... A> static CommandQueue getDefault(const A &...);
    cl_int finish() const;
    cl_int flush() const;
    cl_command_queue operator()() const;
};

/* The queue and ranges of one functor launch: (queue, global),
 * (queue, global, local), (queue, offset, global, local), with an event
 * or a wait list first where the real header allows it. */
class EnqueueArgs {
public:
    EnqueueArgs(const CommandQueue &queue, const NDRange &global);
    EnqueueArgs(const CommandQueue &queue, const NDRange &global, const NDRange &local);
    EnqueueArgs(const CommandQueue &queue, const NDRange &offset, const NDRange &global, const NDRange &local);
    EnqueueArgs(const CommandQueue &queue, const Event &e, const NDRange &global);
    EnqueueArgs(const CommandQueue &queue, const Event &e, const NDRange &global, const NDRange &local);
    EnqueueArgs(const NDRange &global);
    EnqueueArgs(const NDRange &global, const NDRange &local);
};

template <typename... Ts> class KernelFunctor {
public:
    KernelFunctor(const Program &program, const char *name, cl_int *err = nullptr);
    KernelFunctor(const Kernel &kernel);
    template <typename... A> Event operator()(const EnqueueArgs &args, const A &...kernel_args);
    Kernel getKernel();
};

/* cl.hpp 1.2 */
template <typename... Ts> struct make_kernel {
    make_kernel(const Program &program, const char *name, cl_int *err = nullptr);
    make_kernel(const Kernel &kernel);
    template <typename... A> Event operator()(const EnqueueArgs &args, const A &...kernel_args);
};

} // namespace cl

#endif
