// A host function of the file itself whose parameter type comes from the
// missing header: clang read its specifiers (no __global__ among them), only
// its parameter list is broken, so the GPU code is complete: ok.
#include <cstdio>
#include <cstdlib>
#include <thirdparty/logging.h>

[[noreturn]] inline void fail_with(const char* what, thirdparty::Status status)
{
    std::fprintf(stderr, "%s: %s\n", what, thirdparty::describe(status));
    std::exit(1);
}

__global__ void damp(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.9;
}
