// oversized-element, negatives: large structs and byte arrays in global
// memory indexed by a warp-uniform value (blockIdx, a kernel parameter, a loop
// counter shared by all lanes). Every lane reads the same element: one
// broadcast per warp, no per-lane stride.
#include <cuda_runtime.h>

struct LayerParams {       // 32 bytes
    float scale, shift, clip_lo, clip_hi;
    int in_dim, out_dim, stride, pad;
};
static_assert(sizeof(LayerParams) == 32, "layout");

struct Light {             // 32 bytes
    float3 pos;
    float3 color;
    float intensity;
    float radius;
};
static_assert(sizeof(Light) == 32, "layout");

// One parameter block per CUDA block.
__global__ void apply_block_params(const LayerParams* params, float* x, int n)
{
    LayerParams p = params[blockIdx.x];  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = fminf(fmaxf(x[i] * p.scale + p.shift, p.clip_lo), p.clip_hi);
}

// A parameter chooses the element.
__global__ void apply_layer(const LayerParams* params, int layer, float* x, int n)
{
    float s = params[layer].scale;  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

// All lanes walk the same light list.
__global__ void accumulate_lights(const Light* lights, int num_lights,
                                  const float3* pos, float* lum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = pos[i];
    float acc = 0.0f;
    for (int l = 0; l < num_lights; ++l) {
        Light L = lights[l];  // expect-none
        float dx = L.pos.x - p.x, dy = L.pos.y - p.y, dz = L.pos.z - p.z;
        acc += L.intensity / (1.0f + dx * dx + dy * dy + dz * dz);
    }
    lum[i] = acc;
}

// A byte flag per block.
__global__ void masked_copy(const char* block_enabled, const float* in, float* out, int n)
{
    char on = block_enabled[blockIdx.x];  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = on ? in[i] : 0.0f;
}

int main()
{
    const int n = 1 << 16;
    LayerParams* lp; Light* lights; float3* pos; float* f; char* flags;
    cudaMalloc(&lp, (n / 256) * sizeof(LayerParams)); cudaMalloc(&lights, 16 * sizeof(Light));
    cudaMalloc(&pos, n * sizeof(float3)); cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&flags, n / 256);
    apply_block_params<<<n / 256, 256>>>(lp, f, n);
    apply_layer<<<n / 256, 256>>>(lp, 3, f, n);
    accumulate_lights<<<n / 256, 256>>>(lights, 16, pos, f, n);
    masked_copy<<<n / 256, 256>>>(flags, f, f, n);
    cudaDeviceSynchronize();
    return 0;
}
