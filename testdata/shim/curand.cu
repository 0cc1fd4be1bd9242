// Shim coverage: curand_kernel.h (device API) and curand.h (host API). Must
// parse with the bundled shim with no error and no note. The states have
// the toolkit's sizes (curandState 48 bytes, Philox 64).
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

__global__ void setup_states(curandState* states, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < n) curand_init(seed, id, 0, &states[id]);
}

// The usual copy of the state to registers: 48 bytes per thread.
__global__ void monte_carlo(curandState* states, float* out, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curandState local = states[id];  // expect: oversized-element size=48 kind=struct fields=whole severity=high
    float x = curand_uniform(&local), y = curand_uniform(&local);
    out[id] = (x * x + y * y <= 1.0f) ? 1.0f : 0.0f;
    out[id] += curand_normal(&local) * 0.0f + (float)(curand(&local) & 1u) * 0.0f;
    states[id] = local;  // expect: oversized-element size=48 kind=struct fields=whole severity=high
}

// Philox: four values per call.
__global__ void noise4(curandStatePhilox4_32_10_t* states, float4* out, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < n) {
        float4 u = curand_uniform4(&states[id]);
        float4 g = curand_normal4(&states[id]);
        out[id] = make_float4(u.x + g.x, u.y + g.y, u.z + g.z, u.w + g.w);
    }
}

int fill_uniform(float* d, size_t n)
{
    curandGenerator_t gen;
    if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS) return 1;
    curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
    curandGenerateUniform(gen, d, n);
    curandGenerateNormal(gen, d, n, 0.0f, 1.0f);
    curandDestroyGenerator(gen);
    return 0;
}

void launch(curandState* s, curandStatePhilox4_32_10_t* p, float* out, float4* out4, int n)
{
    setup_states<<<(n + 255) / 256, 256>>>(s, 42ULL, n);
    monte_carlo<<<(n + 255) / 256, 256>>>(s, out, n);
    noise4<<<(n + 255) / 256, 256>>>(p, out4, n);
}
