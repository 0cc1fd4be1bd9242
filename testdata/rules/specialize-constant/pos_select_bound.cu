// specialize-constant: a loop bound that is one of two constants chosen by a
// kernel parameter (len = perspective ? 9 : 6) and indexes a per-thread array
// (an image warp's transform matrix): the runtime choice keeps the array in
// local memory; template<bool perspective> lets the loop unroll.
#include <cuda_runtime.h>

__constant__ float c_tmat[9 * 64];

__global__ void warp_image(float* out, const float* in, int w, int h, int tid_t, bool perspective)
{
    const int len = (perspective ? 9 : 6);
    const float* t = c_tmat + tid_t * len;
    float m[9];
    for (int i = 0; i < len; i++) // expect: specialize-constant symbol=perspective values=6,9 value_source=select local_array=m array_size=9 severity=high
        m[i] = t[i];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float xs = m[0] * x + m[1] * y + m[2];
    float ys = m[3] * x + m[4] * y + m[5];
    if (perspective) {
        float z = m[6] * x + m[7] * y + m[8];
        xs /= z;
        ys /= z;
    }
    int sx = min(max((int)xs, 0), w - 1), sy = min(max((int)ys, 0), h - 1);
    out[y * w + x] = in[sy * w + sx];
}

// The same choice written inline in the loop condition.
__global__ void taps(float* out, const float* in, int n, bool wide)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v[8];
    for (int k = 0; k < (wide ? 8 : 4); k++) // expect: specialize-constant symbol=wide values=4,8 local_array=v
        v[k] = in[min(i + k, n - 1)];
    float s = 0.0f;
    for (int k = 0; k < 8; k++) s += v[k];
    out[i] = s;
}
