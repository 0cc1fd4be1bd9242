// specialize-constant: the launch argument is not a literal, but host code
// in the file gives it only a few constants: a local set in a switch or an
// if chain, a field of a local config struct, an element of a constant
// table, or a parameter of the launching wrapper whose callers pass constants.
#include <cuda_runtime.h>

__global__ void fir(const float* in, float* out, int n, int taps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int t = 0; t < taps; ++t)  // expect: specialize-constant symbol=taps value_source=host-values values=3,5,9
        acc += in[min(i + t, n - 1)];
    out[i] = acc;
}

enum Quality { DRAFT, NORMAL, BEST };

void run_fir(const float* in, float* out, int n, Quality q)
{
    int taps;
    switch (q) {
    case DRAFT: taps = 3; break;
    case NORMAL: taps = 5; break;
    default: taps = 9; break;
    }
    fir<<<(n + 255) / 256, 256>>>(in, out, n, taps);
}

__global__ void box(const float* in, float* out, int n, int span)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int t = 0; t < span; ++t)  // expect: specialize-constant symbol=span value_source=host-values values=4,2
        acc += in[min(i + t, n - 1)];
    out[i] = acc / span;
}

struct BoxConfig { int span; int blocks; };

void run_box(const float* in, float* out, int n, bool wide)
{
    BoxConfig cfg = {};
    if (wide) cfg.span = 4;
    else cfg.span = 2;
    cfg.blocks = (n + 255) / 256;
    box<<<cfg.blocks, 256>>>(in, out, n, cfg.span);
}

__global__ void smooth(const float* in, float* out, int n, int radius)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int d = -radius; d <= radius; ++d)  // expect: specialize-constant symbol=radius value_source=host-values values=1,2,3,4 window=symmetric
        acc += in[min(max(i + d, 0), n - 1)];
    out[i] = acc;
}

static const int kRadius[] = {1, 2, 3};

void run_smooth_level(const float* in, float* out, int n, int level)
{
    smooth<<<(n + 255) / 256, 256>>>(in, out, n, kRadius[level]);
}

void run_smooth(const float* in, float* out, int n, int radius)
{
    smooth<<<(n + 255) / 256, 256>>>(in, out, n, radius);
}

void api(const float* in, float* out, int n)
{
    run_smooth(in, out, n, 2);
    run_smooth(in, out, n, 4);
}
