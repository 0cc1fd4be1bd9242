// particles.cu: a falling-particle simulation, first in array-of-structs form
// (the layout most simulation codes start with), then in the structure-of-
// arrays form with float4 position/velocity, plus a kinetic-energy reduction.
//
// Usage: particles [count] [steps] [periodic 0|1]
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

// One particle: 12 + 12 + 4 + 4 = 32 bytes, 4-byte aligned.
struct Particle {
    float3 pos;
    float3 vel;
    float mass;
    float radius;
};

// Semi-implicit Euler step; the box is either periodic or has a floor at y = 0.
__global__ void integrate_aos(Particle* particles, int n, float dt, float box, int periodic)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    Particle p = particles[i];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
    p.vel.y -= 9.81 * dt;  // expect: double-literal literal=9.81 float_operand=dt severity=info
    p.pos.x += p.vel.x * dt;
    p.pos.y += p.vel.y * dt;
    p.pos.z += p.vel.z * dt;

    if (periodic) {  // expect: uniform-branch in_loop=false uniform_branches=1 severity=info
        p.pos.x -= box * floorf(p.pos.x / box);
        p.pos.y -= box * floorf(p.pos.y / box);
        p.pos.z -= box * floorf(p.pos.z / box);
    } else if (p.pos.y < p.radius) {
        p.pos.y = p.radius;
        p.vel.y = -0.5f * p.vel.y;
    }
    particles[i] = p;  // expect: oversized-element size=32 kind=struct fields=whole severity=high
}

__global__ void kinetic_energy_aos(const Particle* particles, float* energy, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const Particle p = particles[i];  // expect: oversized-element size=32 kind=struct fields=whole severity=high
        float v2 = p.vel.x * p.vel.x + p.vel.y * p.vel.y + p.vel.z * p.vel.z;
        energy[i] = 0.5f * p.mass * v2;
    }
}

// Same step on SoA data: pos = (x, y, z, radius), vel = (vx, vy, vz, mass).
__global__ void integrate_soa(float4* pos, float4* vel, int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    float4 v = vel[i];
    v.y -= 9.81f * dt;
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
    if (p.y < p.w) {
        p.y = p.w;
        v.y = -0.5f * v.y;
    }
    pos[i] = p;
    vel[i] = v;
}

// Per-block partial sums of a float array.
__global__ void block_sum(const float* in, float* partial, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int step = blockDim.x / 2; step > 0; step >>= 1) {
        if (threadIdx.x < step)
            s[threadIdx.x] += s[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial[blockIdx.x] = s[0];
}

static float total_energy(const float* d_energy, float* d_partial, int n, int blocks)
{
    block_sum<<<blocks, 256>>>(d_energy, d_partial, n);
    std::vector<float> h(blocks);
    cudaMemcpy(h.data(), d_partial, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0.0;
    for (float v : h) sum += v;
    return (float)sum;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int steps = argc > 2 ? atoi(argv[2]) : 100;
    int periodic = argc > 3 ? atoi(argv[3]) : 0;
    const float dt = 1.0f / 240.0f, box = 10.0f;

    std::vector<Particle> h_p(n);
    std::vector<float4> h_pos(n), h_vel(n);
    for (int i = 0; i < n; ++i) {
        float x = (i % 1000) * 0.01f, y = 1.0f + (i / 1000 % 1000) * 0.005f, z = 0.5f;
        h_p[i] = Particle{ make_float3(x, y, z), make_float3(0.0f, 0.0f, 0.0f), 1.0f, 0.01f };
        h_pos[i] = make_float4(x, y, z, 0.01f);
        h_vel[i] = make_float4(0.0f, 0.0f, 0.0f, 1.0f);
    }

    Particle* d_p; float4 *d_pos, *d_vel; float *d_energy, *d_partial;
    int blocks = (n + 255) / 256;
    cudaMalloc(&d_p, n * sizeof(Particle));
    cudaMalloc(&d_pos, n * sizeof(float4));
    cudaMalloc(&d_vel, n * sizeof(float4));
    cudaMalloc(&d_energy, n * sizeof(float));
    cudaMalloc(&d_partial, blocks * sizeof(float));
    cudaMemcpy(d_p, h_p.data(), n * sizeof(Particle), cudaMemcpyHostToDevice);
    cudaMemcpy(d_pos, h_pos.data(), n * sizeof(float4), cudaMemcpyHostToDevice);
    cudaMemcpy(d_vel, h_vel.data(), n * sizeof(float4), cudaMemcpyHostToDevice);

    for (int s = 0; s < steps; ++s) {
        integrate_aos<<<blocks, 256>>>(d_p, n, dt, box, periodic);
        integrate_soa<<<blocks, 256>>>(d_pos, d_vel, n, dt);
    }
    kinetic_energy_aos<<<blocks, 256>>>(d_p, d_energy, n);
    printf("kinetic energy after %d steps: %.4f\n", steps,
           total_energy(d_energy, d_partial, n, blocks));

    cudaFree(d_p); cudaFree(d_pos); cudaFree(d_vel);
    cudaFree(d_energy); cudaFree(d_partial);
    return 0;
}
