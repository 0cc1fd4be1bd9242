// uncoalesced-adjacent through a short loop: `for (c < K) in[gid*K + c]`
// with K below 8 is the same K adjacent accesses per thread (nvcc unrolls
// it); from K = 8 on, the loop is a row walk and belongs to uncoalesced-row.
#include <cuda_runtime.h>

__global__ void sum_quads_loop(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n) return;
    float s = 0.0f;
    for (int c = 0; c < 4; ++c)
        s += in[gid * 4 + c];  // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 sectors_per_request=16 severity=info
    out[gid] = s;
}

#define CH 3
__global__ void rgb_to_gray_loop(const float* rgb, float* gray, int n)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    if (px >= n) return;
    const float w[CH] = {0.299f, 0.587f, 0.114f};
    float g = 0.0f;
    for (int c = 0; c < CH; ++c)
        g += w[c] * rgb[px * CH + c];  // expect: uncoalesced-adjacent K=3 offsets=0,1,2
    gray[px] = g;
}

// K = 8 in a loop: the row rule's (not reported here).
__global__ void sum_eights_loop(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n) return;
    float s = 0.0f;
    for (int c = 0; c < 8; ++c)
        s += in[gid * 8 + c];  // expect-none
    out[gid] = s;
}

// A loop over a column of tiles: the counter steps by blockDim.x, coalesced.
__global__ void strided_tiles(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int c = 0; c < 4; ++c)
        s += in[c * n + gid];  // expect-none
    out[gid] = s;
}

// The first element read before the loop, the rest in it: one group, offsets 0..3.
template <typename T>
__global__ void combine_first_then_loop(const T* in, T* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        T acc = in[gid * 4];  // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 element_bytes=8
        for (int c = 1; c < 4; ++c)
            acc += in[gid * 4 + c];
        out[gid] = acc;
    }
}

void launch_combine(const double* in, double* out, int n)
{
    combine_first_then_loop<double><<<(n + 255) / 256, 256>>>(in, out, n);
}
