// uncoalesced-adjacent inside grid-stride loops: the induction variable is
// tid + counter*blockDim.x*gridDim.x, and the per-iteration shift is the
// same for every lane, so in[2*i] and in[2*i + 1] are still K=2 adjacent
// accesses per thread in every iteration.
#include <cuda_runtime.h>

// Complex numbers stored interleaved, scaled in place.
__global__ void complex_scale(float* data, float s, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float re = data[2 * i];      // expect: uncoalesced-adjacent K=2 offsets=0,1 access=load
        float im = data[2 * i + 1];
        data[2 * i] = re * s;        // expect: uncoalesced-adjacent K=2 offsets=0,1 access=store copy_shape=true severity=low
        data[2 * i + 1] = im * s;
    }
}

// The stride in a local, 64-bit indices, RGBA pixels copied per thread: K=4.
__global__ void rgba_copy(const float* src, float* dst, long long n)
{
    long long stride = (long long)blockDim.x * gridDim.x;
    for (long long p = blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride) {
        float r = src[4 * p + 0];    // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 access=load copy_shape=true severity=high
        float g = src[4 * p + 1];
        float b = src[4 * p + 2];
        float a = src[4 * p + 3];
        dst[4 * p + 0] = r;          // expect: uncoalesced-adjacent K=4 access=store severity=high
        dst[4 * p + 1] = g;
        dst[4 * p + 2] = b;
        dst[4 * p + 3] = a;
    }
}

// A while loop stepping by the grid, with a short loop over the 3 channels.
__global__ void rgb_gray(const float* rgb, float* gray, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        float g = 0.0f;
        for (int c = 0; c < 3; ++c)
            g += rgb[3 * i + c];     // expect: uncoalesced-adjacent K=3 offsets=0,1,2 severity=info
        gray[i] = g;
        i += blockDim.x * gridDim.x;
    }
}

// An outer loop over rows: each row shifts the pattern by a uniform width.
__global__ void pair_rows(const float* in, float* out, int rows, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < rows; ++r)
        out[r * width + x] = in[r * 2 * width + 2 * x] + in[r * 2 * width + 2 * x + 1];  // expect: uncoalesced-adjacent K=2 offsets=0,1
}

void launch(float* data, const float* src, float* dst, int n)
{
    complex_scale<<<256, 256>>>(data, 2.0f, n);
    rgba_copy<<<256, 256>>>(src, dst, n);
}
