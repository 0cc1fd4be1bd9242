// uncoalesced-adjacent with a framework's atomic (PyTorch's gpuAtomicAdd,
// declared here as its header does): four scalar atomics per thread on
// adjacent floats, lanes 16 bytes apart, are the K=4 pattern an atomicAdd
// would be.
#include <cuda_runtime.h>

template <typename T> __device__ T gpuAtomicAdd(T* address, T value);

__global__ void scatter_rows4(float* out, const float4* in, const long long* rows)
{
    int t = threadIdx.x;
    long long base = rows[blockIdx.x] * 64 + t * 4;
    float4 v = in[blockIdx.x * 16 + t];
    gpuAtomicAdd(out + base + 0, v.x); // expect: uncoalesced-adjacent K=4 base=out
    gpuAtomicAdd(out + base + 1, v.y);
    gpuAtomicAdd(out + base + 2, v.z);
    gpuAtomicAdd(out + base + 3, v.w);
}
