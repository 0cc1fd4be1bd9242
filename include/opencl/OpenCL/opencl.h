/* gpulint stand-in for macOS <OpenCL/opencl.h>: see CL/cl.h */
#include <CL/cl.h>
