// A host file that holds its OpenCL kernel as a string and builds it with
// options it writes into a stream: REAL from the element type (double
// first), START_SCALAR from a #define two headers down.
#include "stream.h"

#include <sstream>
#include <string>

static const char *kernels = R"CLC(
constant REAL scalar = START_SCALAR;

kernel void triad(global REAL *restrict a, global const REAL *restrict b, global const REAL *restrict c)
{
    const size_t i = get_global_id(0);
    a[i] = b[i] + scalar * c[i];
}
)CLC";

template <class T>
void Stream<T>::build()
{
    cl::Program program(context, kernels);
    std::ostringstream args;
    args << "-DSTART_SCALAR=" << START_SCALAR << " ";
    if (sizeof(T) == sizeof(double))
        args << "-DREAL=double";
    else
        args << "-DREAL=float";
    program.build(args.str().c_str());
}

template class Stream<double>;
template class Stream<float>;
