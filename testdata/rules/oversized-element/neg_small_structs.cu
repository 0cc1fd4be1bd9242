// oversized-element, negatives: structs of 4, 8, 12 and 16 bytes indexed by
// the thread id. Up to 16 bytes a lane's element fits one vector load; on the
// H100 8..20-byte structs showed no loss. Sizes come from the real layout:
// {char; double} is 16 bytes (7 bytes of padding), not 9.
#include <cuda_runtime.h>

struct Weight4 { float w; };                    // 4 bytes
struct Pair8 { int index; float value; };       // 8 bytes
struct Point12 { float x, y, z; };              // 12 bytes
struct Quad16 { float a, b, c, d; };            // 16 bytes
struct Tagged16 { char tag; double value; };    // 16 bytes with padding

static_assert(sizeof(Weight4) == 4, "layout");
static_assert(sizeof(Pair8) == 8, "layout");
static_assert(sizeof(Point12) == 12, "layout");
static_assert(sizeof(Quad16) == 16, "layout");
static_assert(sizeof(Tagged16) == 16, "layout");

__global__ void scale_weights(Weight4* w, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        w[i].w *= s;  // expect-none
}

__global__ void scatter_pairs(const Pair8* pairs, float* dense, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Pair8 p = pairs[i];  // expect-none
        dense[p.index] = p.value;
    }
}

__global__ void point_norms(const Point12* pts, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Point12 p = pts[i];  // expect-none
        out[i] = sqrtf(p.x * p.x + p.y * p.y + p.z * p.z);
    }
}

__global__ void quad_sums(const Quad16* q, Quad16* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Quad16 v = q[i];  // expect-none
    v.d = v.a + v.b + v.c;
    out[i] = v;  // expect-none
}

__global__ void tagged_values(const Tagged16* in, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Tagged16 t = in[i];  // expect-none
        out[i] = t.tag ? t.value : 0.0;
    }
}

int main()
{
    const int n = 1 << 20;
    Weight4* w; Pair8* p; Point12* pt; Quad16* q; Tagged16* t; float* f; double* d;
    cudaMalloc(&w, n * sizeof(Weight4)); cudaMalloc(&p, n * sizeof(Pair8));
    cudaMalloc(&pt, n * sizeof(Point12)); cudaMalloc(&q, n * sizeof(Quad16));
    cudaMalloc(&t, n * sizeof(Tagged16)); cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(double));
    scale_weights<<<n / 256, 256>>>(w, n, 2.0f);
    scatter_pairs<<<n / 256, 256>>>(p, f, n);
    point_norms<<<n / 256, 256>>>(pt, f, n);
    quad_sums<<<n / 256, 256>>>(q, q, n);
    tagged_values<<<n / 256, 256>>>(t, d, n);
    cudaDeviceSynchronize();
    return 0;
}
