// uncoalesced-adjacent, struct accesses that are not the small-AoS shape.
#include <cuda_runtime.h>

struct __align__(16) Aligned4 { float x, y, z, w; };  // nvcc: one ld.global.v4.f32
struct __align__(8) Aligned2 { float re, im; };        // nvcc: one ld.global.v2.f32
struct Point3 { float x, y, z; };
struct Big { float a, b, c, d, e, f, g, h; int id; }; // 36 bytes: oversized-element's
union Bits { float f; unsigned int u; };

// 16-byte aligned struct read whole, field by field: already one vector load.
__global__ void aligned_sum(const Aligned4* p, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = p[i].x + p[i].y + p[i].z + p[i].w;  // expect-none
}

// __align__(8) complex numbers: one 8-byte access.
__global__ void magnitude(const Aligned2* c, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = c[i].re * c[i].re + c[i].im * c[i].im;  // expect-none
}

// Built-in vector types: float4 / int2 are loaded as one instruction.
__global__ void vec_sum(const float4* v, const int2* w, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = v[i].x + v[i].y + v[i].z + v[i].w + w[i].x + w[i].y;  // expect-none
}

// One field only: not adjacent accesses.
__global__ void only_x(const Point3* p, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = p[i].x;  // expect-none
}

// A struct indexed by the block: the same struct for every lane (broadcast).
__global__ void per_block(const Point3* centers, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = centers[blockIdx.x].x + centers[blockIdx.x].y;  // expect-none
}

// Large structs and unions belong elsewhere (or nowhere).
__global__ void big_and_union(const Big* b, const Bits* u, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = b[i].a + b[i].b + (float)b[i].id + u[i].f + (float)u[i].u;  // expect-none
}

// Structs in shared memory.
__global__ void shared_points(const float* in, float* out)
{
    __shared__ Point3 tile[256];
    int t = threadIdx.x;
    tile[t].x = in[t]; tile[t].y = in[t] * 2.0f; tile[t].z = 0.0f;  // expect-none
    __syncthreads();
    out[t] = tile[255 - t].x + tile[255 - t].y;  // expect-none
}

// Neighbours in a loop: p[i + d].x is a stencil over structs, not this shape.
__global__ void neighbours(const Point3* p, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 1 || i >= n - 1) return;
    float s = 0.0f;
    for (int d = -1; d <= 1; ++d) s += p[i + d].x;  // expect-none
    out[i] = s;
}
