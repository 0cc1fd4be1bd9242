// oversized-element, positives: global arrays of structs larger than 16 bytes,
// one element per thread (stride 1 element), whole-struct copies.
// Sizes come from the real layout and are pinned by static_assert.
#include <cuda_runtime.h>

struct Sample20 { float a, b, c, d, e; };                // 20 bytes, align 4
struct Body24 { float px, py, pz, vx, vy, vz; };         // 24 bytes, align 4
struct Cell32 { float v[8]; };                           // 32 bytes, align 4
struct Tri48 { float3 a, b, c, n; };                     // 48 bytes, align 4
struct Mat64 { float m[16]; };                           // 64 bytes, align 4
struct Padded24 { double a; char b; double c; };         // 24 bytes: 7 padding bytes after b

static_assert(sizeof(Sample20) == 20, "layout");
static_assert(sizeof(Body24) == 24, "layout");
static_assert(sizeof(Cell32) == 32, "layout");
static_assert(sizeof(Tri48) == 48, "layout");
static_assert(sizeof(Mat64) == 64, "layout");
static_assert(sizeof(Padded24) == 24 && alignof(Padded24) == 8, "layout");

// 20 bytes: low (the H100 shows no loss for whole-struct copies up to 20 bytes).
__global__ void accumulate_samples(const Sample20* in, Sample20* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Sample20 s = in[i];  // expect: oversized-element size=20 alignment=4 kind=struct fields=whole severity=info
        s.e = s.a + s.b + s.c + s.d;
        out[i] = s;  // expect: oversized-element size=20 kind=struct fields=whole severity=info
    }
}

// 24 bytes: medium.
__global__ void advance_bodies(Body24* bodies, int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Body24 b = bodies[i];  // expect: oversized-element size=24 kind=struct fields=whole severity=medium
    b.px += b.vx * dt;
    b.py += b.vy * dt;
    b.pz += b.vz * dt;
    bodies[i] = b;  // expect: oversized-element size=24 kind=struct fields=whole severity=medium
}

// 32 bytes: high.
__global__ void cell_sums(const Cell32* cells, float* sums, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Cell32 c = cells[i];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
        float s = 0.0f;
        for (int k = 0; k < 8; ++k) s += c.v[k];
        sums[i] = s;
    }
}

// 48 bytes: high.
__global__ void triangle_area(const Tri48* tris, float* area, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Tri48 t = tris[i];  // expect: oversized-element size=48 kind=struct fields=whole severity=high
        float3 e1 = make_float3(t.b.x - t.a.x, t.b.y - t.a.y, t.b.z - t.a.z);
        float3 e2 = make_float3(t.c.x - t.a.x, t.c.y - t.a.y, t.c.z - t.a.z);
        float cx = e1.y * e2.z - e1.z * e2.y;
        float cy = e1.z * e2.x - e1.x * e2.z;
        float cz = e1.x * e2.y - e1.y * e2.x;
        area[i] = 0.5f * sqrtf(cx * cx + cy * cy + cz * cz);
    }
}

// 64 bytes: high.
__global__ void transpose_mats(Mat64* mats, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Mat64 m = mats[i];  // expect: oversized-element size=64 kind=struct fields=whole severity=high
    Mat64 t;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            t.m[c * 4 + r] = m.m[r * 4 + c];
    mats[i] = t;  // expect: oversized-element size=64 kind=struct fields=whole severity=high
}

// 24 bytes only because of padding (8 + 1 + 7 + 8): medium.
__global__ void padded_pairs(const Padded24* in, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Padded24 p = in[i];  // expect: oversized-element size=24 alignment=8 kind=struct fields=whole severity=medium
        out[i] = p.b ? p.a : p.c;
    }
}

int main()
{
    const int n = 1 << 20;
    Sample20* s; Body24* b; Cell32* c; Tri48* t; Mat64* m; Padded24* p;
    float* f; double* d;
    cudaMalloc(&s, n * sizeof(Sample20)); cudaMalloc(&b, n * sizeof(Body24));
    cudaMalloc(&c, n * sizeof(Cell32));   cudaMalloc(&t, n * sizeof(Tri48));
    cudaMalloc(&m, n * sizeof(Mat64));    cudaMalloc(&p, n * sizeof(Padded24));
    cudaMalloc(&f, n * sizeof(float));    cudaMalloc(&d, n * sizeof(double));
    int blocks = (n + 255) / 256;
    accumulate_samples<<<blocks, 256>>>(s, s, n);
    advance_bodies<<<blocks, 256>>>(b, n, 0.01f);
    cell_sums<<<blocks, 256>>>(c, f, n);
    triangle_area<<<blocks, 256>>>(t, f, n);
    transpose_mats<<<blocks, 256>>>(m, n);
    padded_pairs<<<blocks, 256>>>(p, d, n);
    cudaDeviceSynchronize();
    return 0;
}
