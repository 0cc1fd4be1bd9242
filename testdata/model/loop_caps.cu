// Model golden: caps on uniform values.  A loop bound min(x, C) records x
// and C (the loop runs at most C times); `assert(k <= C)` and
// `if (k > C) return;` outside loops record "k <= C" for the kernel; a
// guard with other work, an else, or inside a loop records nothing.
#include <cassert>

#define MAX_TAPS 16

__global__ void caps(const float* in, float* out, int n, int taps, int order, int radius, int m)
{
    assert(order <= 8 && radius < 5);
    if (taps < 1 || taps > MAX_TAPS) return;
    if (16 < m) { out[0] = 0.0f; }
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < min(taps, 4); ++t)
        acc += in[i + t];
    for (int t = 0; t < min(8, order + 1); ++t)
        acc += in[i + t];
    for (int j = 0; j < n; ++j) {
        if (j > 3) return;
        acc += in[j];
    }
    out[i] = acc;
}
