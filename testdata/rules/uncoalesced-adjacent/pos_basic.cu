// uncoalesced-adjacent, positive cases: the plain shapes.
// Each thread reads or writes K adjacent elements at index gid*K + c, so
// neighbouring lanes are K*element_bytes apart and a warp request touches K
// times more 32-byte sectors than a stride-1 access would.
#include <cuda_runtime.h>

// K=2 load pair through the usual global thread id.
__global__ void load_pair(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float a = in[gid * 2 + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1 element_bytes=4 sectors_per_request=8 ideal_sectors=4 vector_type=float2 severity=info
        float b = in[gid * 2 + 1];
        out[gid] = a + b;
    }
}

// K=4 stores, written in offset order: one finding at the first store
// (info: on the H100 the write-back merges them, 1.00x, adjacent-K4-stores).
__global__ void store_quad(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float v = in[gid];
        out[4 * gid + 0] = v; // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 element_bytes=4 sectors_per_request=16 ideal_sectors=4 vector_type=float4 severity=info
        out[4 * gid + 1] = v * 2.0f;
        out[4 * gid + 2] = v * 3.0f;
        out[4 * gid + 3] = v * 4.0f;
    }
}

// A single access is a group of one: K comes from the multiplier alone.
__global__ void store_single(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        out[4 * gid + 3] = in[gid]; // expect: uncoalesced-adjacent K=4 offsets=3 element_bytes=4 sectors_per_request=16 ideal_sectors=4
    }
}

// K=8: every lane lands in its own sector (32 sectors per request).
__global__ void load_oct(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float s = in[gid * 8 + 0]; // expect: uncoalesced-adjacent K=8 offsets=0,1,2,3,4,5,6,7 element_bytes=4 sectors_per_request=32 ideal_sectors=4 severity=info
        s += in[gid * 8 + 1];
        s += in[gid * 8 + 2];
        s += in[gid * 8 + 3];
        s += in[gid * 8 + 4];
        s += in[gid * 8 + 5];
        s += in[gid * 8 + 6];
        s += in[gid * 8 + 7];
        out[gid] = s;
    }
}

// The thread id is assembled through several locals, the multiplier is on the
// left, and the higher offset comes first in source order: the finding is at
// the first access written, whatever its offset.
__global__ void swap_pair(const float* in, float* out, int n)
{
    int t = threadIdx.x;
    int b = blockIdx.x;
    int g = b * blockDim.x + t;
    if (g < n) {
        float hi = in[2 * g + 1]; // expect: uncoalesced-adjacent K=2 element_bytes=4 sectors_per_request=8 ideal_sectors=4
        float lo = in[2 * g];
        out[g] = hi - lo;
    }
}

// Loads and stores to different bases form separate groups: two findings.
__global__ void copy_pairs(const float* in, float* out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float a = in[gid * 2 + 0]; // expect: uncoalesced-adjacent K=2 offsets=0,1
        float b = in[gid * 2 + 1];
        out[gid * 2 + 0] = b; // expect: uncoalesced-adjacent K=2 offsets=0,1
        out[gid * 2 + 1] = a;
    }
}

// __restrict__ narrows the cost (the loads can be batched) but the request
// shape is unchanged: still a finding.
__global__ void load_quad_restrict(const float* __restrict__ in, float* __restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float x = in[gid * 4 + 0]; // expect: uncoalesced-adjacent K=4 offsets=0,1,2,3 sectors_per_request=16 ideal_sectors=4 vector_type=float4
        float y = in[gid * 4 + 1];
        float z = in[gid * 4 + 2];
        float w = in[gid * 4 + 3];
        out[gid] = x * y + z * w;
    }
}
