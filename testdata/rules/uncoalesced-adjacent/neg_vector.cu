// uncoalesced-adjacent, negative cases: the K elements of a thread are already
// fetched as one vector (float2/float4), which is the fix this rule suggests.
#include <cuda_runtime.h>

// float4 through reinterpret_cast: stride 1 in 16-byte elements.
__global__ void quad_vec(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float4 v = reinterpret_cast<const float4*>(in)[gid]; // expect-none
        out[gid] = v.x + v.y + v.z + v.w; // expect-none
    }
}

// float2 pointer parameter.
__global__ void pair_vec(const float2* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float2 c = in[gid]; // expect-none
        out[gid] = c.x * c.x + c.y * c.y; // expect-none
    }
}

// float4 store of four results.
__global__ void quad_store(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float v = in[gid]; // expect-none
        reinterpret_cast<float4*>(out)[gid] = make_float4(v, 2.0f * v, 3.0f * v, 4.0f * v); // expect-none
    }
}

// Two results written as one float2 per thread.
__global__ void pair_store(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float v = in[gid]; // expect-none
        reinterpret_cast<float2*>(out)[gid] = make_float2(v, -v); // expect-none
    }
}
