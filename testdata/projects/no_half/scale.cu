// A project with its own `half` (a storage type) next to cuda_fp16.h: it
// builds with CUDA_NO_HALF (from its CMakeLists.txt), which keeps the
// toolkit's ::half typedef out.  Without it, `using mylib::half;` clashes.
#include <cuda_fp16.h>

namespace mylib {
struct half {
    unsigned short bits;
};
} // namespace mylib
using mylib::half;

__global__ void widen(const __half *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __half2float(in[i]) * 0.1;
}

__global__ void copy_bits(const half *in, half *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i].bits = in[i].bits;
}
