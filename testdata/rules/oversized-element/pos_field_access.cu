// oversized-element, positives: single-field reads and writes of large
// structs, typedef'd structs, template structs, 2-D thread indexing.
// A single 4-byte field of a 32-byte element still makes each lane fetch from
// a different 32-byte sector: the stride between lanes is sizeof(struct).
#include <cuda_runtime.h>

struct Neuron {            // 32 bytes
    float weight;
    float bias;
    float grad;
    float momentum;
    float state[4];
};
static_assert(sizeof(Neuron) == 32, "layout");

typedef struct {           // 24 bytes, only reachable through the typedef name
    float x, y, z;
    float u, v, w;
} Vertex;
static_assert(sizeof(Vertex) == 24, "layout");

template <int N>
struct Feat { float v[N]; };
static_assert(sizeof(Feat<8>) == 32, "layout");
static_assert(sizeof(Feat<16>) == 64, "layout");

struct Pixel32 { float r, g, b, a; float nx, ny, nz, depth; };  // 32 bytes
static_assert(sizeof(Pixel32) == 32, "layout");

// Single-field read.
__global__ void gather_weights(const Neuron* layer, float* w, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n)
        w[tid] = layer[tid].weight;  // expect: oversized-element size=32 kind=struct fields=weight severity=high
}

// Single-field write.
__global__ void clear_grads(Neuron* layer, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n)
        layer[tid].grad = 0.0f;  // expect: oversized-element size=32 kind=struct fields=grad severity=high
}

// Typedef'd anonymous struct.
__global__ void vertex_lengths(const Vertex* verts, float* len, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        Vertex v = verts[tid];  // expect: oversized-element size=24 kind=struct fields=whole severity=medium
        len[tid] = sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
    }
}

// Template struct, concrete instantiation: Feat<8> is 32 bytes.
__global__ void feat_norms(const Feat<8>* feats, float* norms, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        Feat<8> f = feats[tid];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
        float s = 0.0f;
        for (int k = 0; k < 8; ++k) s += f.v[k] * f.v[k];
        norms[tid] = sqrtf(s);
    }
}

// Template kernel over the template struct, instantiated only with N = 16 (64 bytes).
template <int N>
__global__ void feat_scale(Feat<N>* feats, float s, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n) return;
    Feat<N> f = feats[tid];  // expect: oversized-element size=64 kind=struct fields=whole severity=high
    for (int k = 0; k < N; ++k) f.v[k] *= s;
    feats[tid] = f;  // expect: oversized-element size=64 kind=struct fields=whole severity=high
}

// 2-D thread indexing, threadIdx.x on the fastest dimension: stride 1 element.
__global__ void shade_gbuffer(const Pixel32* gbuf, float* lum, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        Pixel32 p = gbuf[y * width + x];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
        lum[y * width + x] = 0.2126f * p.r + 0.7152f * p.g + 0.0722f * p.b;
    }
}

int main()
{
    const int n = 4096, w = 64, h = 64;
    Neuron* layer; Vertex* verts; Feat<8>* f8; Feat<16>* f16; Pixel32* gbuf; float* out;
    cudaMalloc(&layer, n * sizeof(Neuron)); cudaMalloc(&verts, n * sizeof(Vertex));
    cudaMalloc(&f8, n * sizeof(Feat<8>));   cudaMalloc(&f16, n * sizeof(Feat<16>));
    cudaMalloc(&gbuf, w * h * sizeof(Pixel32)); cudaMalloc(&out, n * sizeof(float));
    gather_weights<<<n / 256, 256>>>(layer, out, n);
    clear_grads<<<n / 256, 256>>>(layer, n);
    vertex_lengths<<<n / 256, 256>>>(verts, out, n);
    feat_norms<<<n / 256, 256>>>(f8, out, n);
    feat_scale<16><<<n / 256, 256>>>(f16, 0.5f, n);
    shade_gbuffer<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(gbuf, out, w, h);
    cudaDeviceSynchronize();
    return 0;
}
