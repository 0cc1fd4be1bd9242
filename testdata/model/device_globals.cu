// Model golden: file-scope device variables. A __device__ array is global
// memory (its own base, no kernel parameter); a __device__ scalar read is
// data (even with an initialiser); warpSize is the constant 32; a __managed__
// array is global too.

__device__ float g_table[1024];
__device__ int g_offset;
__device__ int g_stride = 4;     // initialised, but writable: not a constant
__managed__ int m_flags[64];

__global__ void use_globals(float* out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = g_table[t % 1024];
    out[t] += g_table[threadIdx.x + g_offset];    // index from a loaded scalar
    int lane = threadIdx.x % warpSize;            // % is not affine
    int warp_base = (threadIdx.x / warpSize) * warpSize;
    out[warp_base + lane] = 0.0f;
    out[t * warpSize] = 1.0f;                     // 128*threadIdx.x ...
    out[t * g_stride] = 1.5f;                     // unknown: g_stride is data
    g_table[threadIdx.x] = out[t];
    if (m_flags[blockIdx.x & 63])
        out[0] = 2.0f;
}
