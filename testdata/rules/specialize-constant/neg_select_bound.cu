// specialize-constant, negatives next to the select-bound case: no per-thread
// array (the loop reads global memory only), a choice that depends on the
// thread, and a choice between a constant and a runtime value.
#include <cuda_runtime.h>

__global__ void no_array(float* out, const float* in, int n, bool wide)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int len = wide ? 8 : 4;
    float s = 0.0f;
    for (int k = 0; k < len; k++) // expect-none
        s += in[min(i + k, n - 1)];
    out[i] = s;
}

__global__ void per_thread_choice(float* out, const float* in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int len = (i & 1) ? 8 : 4;
    float v[8];
    for (int k = 0; k < len; k++) // expect-none
        v[k] = in[min(i + k, n - 1)];
    out[i] = v[0] + v[len - 1];
}

__global__ void runtime_arm(float* out, const float* in, int n, int taps, bool clamp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int len = clamp ? 8 : taps;
    float v[8];
    for (int k = 0; k < len && k < 8; k++) // expect-none
        v[k] = in[min(i + k, n - 1)];
    out[i] = v[0];
}
