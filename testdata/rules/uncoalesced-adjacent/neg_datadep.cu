// uncoalesced-adjacent, negative cases: nothing can be proven about the lane
// stride (data-dependent index), or the code is not device code.
#include <cuda_runtime.h>

// Gather through an index array: idx[gid] is data, so the stride of
// in[idx[gid]*2 + c] between lanes is unknown. No finding.
__global__ void gather_pairs(const float* in, const int* idx, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int j = idx[gid]; // expect-none
        float a = in[j * 2 + 0]; // expect-none
        float b = in[j * 2 + 1]; // expect-none
        out[gid] = a + b; // expect-none
    }
}

// Same gather written inline.
__global__ void gather_inline(const float* in, const int* idx, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[gid] = in[idx[gid] * 2] + in[idx[gid] * 2 + 1]; // expect-none
    }
}

// Host reference code with the K=2 shape: not a kernel.
void cpu_pairs(const float* in, float* out, int n)
{
    for (int i = 0; i < n; i++) {
        out[i] = in[i * 2 + 0] + in[i * 2 + 1]; // expect-none
    }
}
