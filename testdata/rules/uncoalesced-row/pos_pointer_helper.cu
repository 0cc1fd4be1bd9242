// uncoalesced-row, positive cases with pointer arithmetic, helper functions
// and a while loop.
#include <cuda_runtime.h>

// Row pointer: row = in + gid*width, then row[i].
__global__ void row_ptr_sum(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        const float* row = in + gid * width;
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += row[i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
        out[gid] = s;
    }
}

// Row pointer taken as &in[gid*width].
__global__ void row_addr_norm(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        const float* r = &in[gid * width];
        float s = 0.0f;
        for (int k = 0; k < width; k++)
            s += r[k] * r[k]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=k
        out[gid] = sqrtf(s);
    }
}

// Index computed by a helper called in the loop.
__device__ int at(int r, int c, int w) { return r * w + c; }

__global__ void row_helper_index(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += in[at(gid, i, width)]; // expect: uncoalesced-row element_bytes=4 loop_var=i severity=high
        out[gid] = s;
    }
}

// The load itself sits in a helper called once per iteration: the finding is
// reported at the access (inside the helper).
__device__ __forceinline__ float load_cell(const float* m, int r, int c, int w)
{
    return m[r * w + c]; // expect: uncoalesced-row element_bytes=4 severity=high
}

__global__ void row_helper_load(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < rows) {
        float s = 0.0f;
        for (int i = 0; i < width; i++)
            s += load_cell(in, gid, i, width);
        out[gid] = s;
    }
}

// while loop with an explicit increment.
__global__ void row_while(const float* in, float* out, int rows, int width)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= rows) return;
    float s = 0.0f;
    int i = 0;
    while (i < width) {
        s += in[gid * width + i]; // expect: uncoalesced-row element_bytes=4 row_width=width loop_var=i severity=high
        i++;
    }
    out[gid] = s;
}
