/* gpulint stand-in: see cl.h */
#include <CL/cl.h>
