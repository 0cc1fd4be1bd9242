// Uses thrust: parsed with the CUDA toolkit's headers and the 'cccl'
// precompiled prelude (tests/toolkit_pch_test.sh).
#include <thrust/device_vector.h>
#include <thrust/fill.h>

// A managed variable is a device one the host can use too (nvcc); the
// toolkit spells it with an attribute clang honours only for HIP.
struct Counters { unsigned *scaled; };
__managed__ Counters counters;

__global__ void scale(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 2.5; // expect: double-literal
    if (i == 0) atomicAdd(counters.scaled, (unsigned)n);
}

void run(int n)
{
    thrust::device_vector<float> a(n), b(n);
    thrust::fill(a.begin(), a.end(), 1.0f);
    scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(a.data()), thrust::raw_pointer_cast(b.data()), n);
}
