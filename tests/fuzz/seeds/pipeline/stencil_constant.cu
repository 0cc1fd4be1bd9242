// A 1-D stencil with its weights in constant memory, a halo loaded by the
// first threads, and a sqrt in double on a float.
#include <cuda_runtime.h>
#include <math.h>

#define RADIUS 3
__constant__ float weights[2 * RADIUS + 1];

__global__ void stencil_1d(const float *in, float *out, int n)
{
    extern __shared__ float buf[];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    buf[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        buf[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
        buf[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.0f;
    }
    __syncthreads();
    float s = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; k++) s += weights[k + RADIUS] * buf[l + k];
    if (g < n) out[g] = sqrt(fabs(s));
}
