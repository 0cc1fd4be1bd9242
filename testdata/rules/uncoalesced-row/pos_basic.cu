// uncoalesced-row, positive cases: the plain shapes. Each thread walks its own
// row of W elements (index tid*W + i, i the loop variable), so at every
// iteration neighbouring lanes are W*element_bytes apart.
#include <cuda_runtime.h>

// Row sums with a runtime width (kernel parameter).
__global__ void row_sum(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += in[gid * width + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}

// Same walk with the terms commuted and a pre-increment.
__global__ void row_max(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float m = -3.0e38f;
        for (int j = 0; j < width; ++j)
            m = fmaxf(m, in[j + width * gid]); // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=j severity=high
        out[gid] = m;
    }
}

// Row scaling: both the load and the store walk the row (two findings).
__global__ void row_scale(const float* in, float* out, const float* scale, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float f = scale[gid];
        for (int i = 0; i < width; i++) {
            float v = in[gid * width + i]; // expect: uncoalesced-row row_width=width loop_var=i
            out[gid * width + i] = v * f; // expect: uncoalesced-row row_width=width loop_var=i
        }
    }
}

// Thread id from threadIdx.x alone (single-block kernel), loop from a nonzero start.
__global__ void row_tail(const float* in, float* out, int width, int start)
{
    int t = threadIdx.x;
    float s = 0.0f;
    for (int i = start; i < width; i++)
        s += in[t * width + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i
    out[t] = s;
}

// Runtime width from a __constant__ variable.
__constant__ int c_width;

__global__ void row_sum_const(const float* in, float* out, int rows)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < c_width; i++)
            s += in[gid * c_width + i]; // expect: uncoalesced-row element_bytes=4 row_width=c_width loop_var=i severity=high
        out[gid] = s;
    }
}

// The width reaches the index through a local copy: row_width names the
// value it was copied from.
__global__ void row_sum_alias(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int w = width;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < w; i++)
            s += in[gid * w + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}
