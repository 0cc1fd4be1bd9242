// uncoalesced-row, negative cases: constant row widths below 8. An H100 shows
// no gain from rewriting these (a warp-per-row version is even slower), so the
// rule stays silent.
#include <cuda_runtime.h>

#define W2 2

// Width 4, literal.
__global__ void rows4(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < 4; i++)
            s += in[gid * 4 + i]; // expect-none
        out[gid] = s;
    }
}

// Width 2 from a macro.
__global__ void rows2(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < W2; i++)
            s += in[gid * W2 + i]; // expect-none
        out[gid] = s;
    }
}

// Width 7 from a constexpr (one below the threshold), written through a pointer.
__global__ void rows7(const float* in, float* out, int rows)
{
    constexpr int kW = 7;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        const float* r = in + gid * kW;
        float s = 0.0f;
        for (int i = 0; i < kW; i++)
            s += r[i]; // expect-none
        out[gid] = s;
    }
}
