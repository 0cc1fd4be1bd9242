// oversized-element: per-thread state read once, kept in registers through
// the kernel's long loop and written back (an iterated hash, a solver's
// steps). The copies are reported, but at info: the loop is where the time
// goes, so the struct layout costs next to nothing.
#include <cuda_runtime.h>

struct SolverState {
    float x[6];
    float v[6];
    int steps_done;
    int flags;
};  // 56 bytes

__device__ float force(float x, float v) { return -0.5f * x - 0.1f * v; }

// One thread per particle: load the state, integrate `steps` times, store it.
__global__ void integrate(SolverState* states, int n, int steps, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    SolverState s = states[i];  // expect: oversized-element size=56 kind=struct fields=whole severity=info work_elsewhere=kernel-loop
    for (int t = 0; t < steps; t++) {
        for (int d = 0; d < 6; d++) {
            s.v[d] += dt * force(s.x[d], s.v[d]);
            s.x[d] += dt * s.v[d];
        }
    }
    s.steps_done += steps;
    states[i] = s;  // expect: oversized-element size=56 kind=struct fields=whole severity=info work_elsewhere=kernel-loop
}

// The init kernel of the same state: one store per thread, for a kernel of
// this file that loops over it.
__global__ void reset(SolverState* states, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    SolverState s = {};
    states[i] = s;  // expect: oversized-element size=56 kind=struct fields=whole severity=info work_elsewhere=other-kernel-loop
}

// A plain per-element copy of the same struct inside a grid-stride loop:
// the copy is the work, so it keeps its severity.
__global__ void copy_states(const SolverState* in, SolverState* out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = in[i];  // expect: oversized-element size=56 kind=struct severity=high expect: oversized-element size=56 kind=struct severity=high
}

// A field read in a loop's condition at an address no iteration changes
// (key[i].length): one load, hoisted or an L1 hit; info beside the long loop.
struct Key {
    unsigned char bytes[55];
    unsigned char pad;
    int length;
};  // 60 bytes

__global__ void stretch_keys(const Key* keys, unsigned* out, int n, int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned h = 2166136261u;
    for (int j = 0; j < keys[i].length; j++)  // expect: oversized-element size=60 kind=struct fields=length severity=info work_elsewhere=kernel-loop
        h = (h ^ j) * 16777619u;
    for (int r = 0; r < rounds; r++) h = (h ^ (h >> 13)) * 0x5bd1e995u;
    out[i] = h;
}

void run(SolverState* s, SolverState* t, int n)
{
    reset<<<(n + 255) / 256, 256>>>(s, n);
    integrate<<<(n + 255) / 256, 256>>>(s, n, 1000, 0.01f);
    copy_states<<<(n + 255) / 256, 256>>>(s, t, n);
}
