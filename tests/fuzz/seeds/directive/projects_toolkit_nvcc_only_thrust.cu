// A thrust file that builds only under nvcc: its #error leaves no
// alternative but __NVCC__, which gpulint chooses for the file's own code
// (config_choice.h). The toolkit's headers must not see that macro (cccl
// refuses clang when __NVCC__ is set), whether the 'cccl' prelude comes
// precompiled, is still being built, or has no cache directory to go to.
#include <thrust/device_vector.h>
#include <thrust/transform.h>

#if defined(__NVCC__)
#define RUNTIME_CALL(fn) cuda##fn
#else
#error Unsupported compiler for this file
#endif

__global__ void scale(const float *in, float *out, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * s;
}

void check(void)
{
    if (RUNTIME_CALL(GetLastError)() != RUNTIME_CALL(Success)) return;
}
