// oversized-element, positives: the thread id reaches the index through a
// helper function or pointer arithmetic, and the access sits in a helper.
#include <cuda_runtime.h>

struct Particle {          // 32 bytes
    float3 pos;
    float3 vel;
    float mass;
    float charge;
};
static_assert(sizeof(Particle) == 32, "layout");

struct Record {            // 20 bytes
    int key;
    float weight;
    float score;
    float lo, hi;
};
static_assert(sizeof(Record) == 20, "layout");

__device__ __forceinline__ int global_id()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

// The access is in the helper; its index is the caller's thread id.
__device__ Particle load_particle(const Particle* ps, int i)
{
    return ps[i];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
}

__global__ void particle_momentum(const Particle* ps, float3* momentum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Particle p = load_particle(ps, i);
        momentum[i] = make_float3(p.mass * p.vel.x, p.mass * p.vel.y, p.mass * p.vel.z);
    }
}

// The thread id comes from a helper function.
__global__ void particle_charge(const Particle* ps, float* q, int n)
{
    int i = global_id();
    if (i < n)
        q[i] = ps[global_id()].charge;  // expect: oversized-element size=32 kind=struct fields=charge severity=high
}

// Pointer arithmetic: r points at this thread's record.
__global__ void record_scores(const Record* recs, float* out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n) return;
    const Record* r = recs + tid;
    out[tid] = r->score;  // expect: oversized-element size=20 kind=struct fields=score severity=medium
}

int main()
{
    const int n = 1 << 16;
    Particle* ps; Record* recs; float3* mom; float* f;
    cudaMalloc(&ps, n * sizeof(Particle)); cudaMalloc(&recs, n * sizeof(Record));
    cudaMalloc(&mom, n * sizeof(float3));  cudaMalloc(&f, n * sizeof(float));
    particle_momentum<<<n / 256, 256>>>(ps, mom, n);
    particle_charge<<<n / 256, 256>>>(ps, f, n);
    record_scores<<<n / 256, 256>>>(recs, f, n);
    cudaDeviceSynchronize();
    return 0;
}
