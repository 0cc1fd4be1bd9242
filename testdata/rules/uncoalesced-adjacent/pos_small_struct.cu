// uncoalesced-adjacent on arrays of small structs: each thread touches K
// fields of its own 8..16-byte struct (p[i].x, p[i].y, ...), so lanes are a
// whole struct apart and every field is its own scalar access (nvcc keeps
// 4-byte aligned structs as scalar ld.global.f32 per field).
#include <cuda_runtime.h>

struct Point3 { float x, y, z; };            // 12 bytes, 4-byte aligned
struct Particle { float x, y, vx, vy; };     // 16 bytes, 4-byte aligned
typedef struct { int key; int value; } KeyValue;  // 8 bytes

// Reading a point cloud field by field: K=3 loads, measured 1.00x (info).
__global__ void point_norms(const Point3* pts, float* norms, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        norms[i] = sqrtf(pts[i].x * pts[i].x + pts[i].y * pts[i].y + pts[i].z * pts[i].z);  // expect: uncoalesced-adjacent K=3 element_bytes=4 struct_bytes=12 lane_stride_bytes=12 fields=x,y,z severity=info
}

// A particle update: every field loaded and stored: the K=4 copy shape.
__global__ void advance(Particle* p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = p[i].x, y = p[i].y, vx = p[i].vx, vy = p[i].vy;  // expect: uncoalesced-adjacent K=4 access=load copy_shape=true struct=Particle severity=high
    p[i].x = x + vx * dt;  // expect: uncoalesced-adjacent K=4 access=store copy_shape=true offsets=0,1,2,3 severity=high
    p[i].y = y + vy * dt;
    p[i].vx = vx * 0.99f;
    p[i].vy = vy * 0.99f;
}

// Key/value pairs through a pointer to a typedef'd struct, in a grid-stride loop.
__global__ void swap_pairs(KeyValue* kv, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int k = kv[i].key;  // expect: uncoalesced-adjacent K=2 struct_bytes=8 access=load copy_shape=true severity=low
        int v = kv[i].value;
        kv[i].key = v;  // expect: uncoalesced-adjacent K=2 struct_bytes=8 access=store
        kv[i].value = k;
    }
}

// Two of the four fields read: lanes 16 bytes apart, 8 used; not measured,
// so the rule claims no more than low.
__global__ void positions_only(const Particle* p, float2* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = make_float2(p[i].x, p[i].y);  // expect: uncoalesced-adjacent K=2 fields=x,y struct_bytes=16 severity=low
}

// Through the arrow form and a helper.
__device__ float sum_xy(const Point3* q) { return q->x + q->y; }  // expect: uncoalesced-adjacent K=2 fields=x,y
__global__ void via_helper(const Point3* pts, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sum_xy(pts + i);
}

void launch(Particle* p, int n)
{
    advance<<<(n + 255) / 256, 256>>>(p, 0.01f, n);
}
