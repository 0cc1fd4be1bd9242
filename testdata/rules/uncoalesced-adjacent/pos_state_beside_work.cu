// uncoalesced-adjacent: a thread's 4-word state loaded at kernel entry and
// stored at exit, around a loop of `rounds` mixing rounds in registers (a
// key-stretching loop kernel). Reported at info with no prediction: the
// eight scalar accesses are paid once against the loop. The same load
// beside a loop that streams per-thread global data keeps its severity
// (a copy shape: measured 2.08x).
#include <cuda_runtime.h>
#include <stdint.h>

__device__ uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

__global__ void stretch_loop(uint32_t* state, int n, int rounds)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t a = state[t * 4 + 0], b = state[t * 4 + 1], c = state[t * 4 + 2], d = state[t * 4 + 3];  // expect: uncoalesced-adjacent K=4 work_elsewhere=kernel-loop severity=info
    for (int r = 0; r < rounds; r++) {
        a += b; d = rotl(d ^ a, 16);
        c += d; b = rotl(b ^ c, 12);
    }
    state[t * 4 + 0] = a;  // expect: uncoalesced-adjacent K=4 access=store work_elsewhere=kernel-loop severity=info
    state[t * 4 + 1] = b;
    state[t * 4 + 2] = c;
    state[t * 4 + 3] = d;
}

__global__ void scale_by_samples(const float* in, const float* samples, float* out, int n, int m)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float a = in[t * 4 + 0], b = in[t * 4 + 1], c = in[t * 4 + 2], d = in[t * 4 + 3];  // expect: uncoalesced-adjacent K=4 copy_shape=true severity=high
    float s = 0.0f;
    for (int j = 0; j < m; j++) s += samples[j * n + t];
    out[t * 4 + 0] = a * s;  // expect: uncoalesced-adjacent K=4 copy_shape=true access=store severity=high
    out[t * 4 + 1] = b * s;
    out[t * 4 + 2] = c * s;
    out[t * 4 + 3] = d * s;
}

void run(uint32_t* st, const float* q, const float* smp, float* o, int n)
{
    stretch_loop<<<(n + 255) / 256, 256>>>(st, n, 1 << 14);
    scale_by_samples<<<(n + 255) / 256, 256>>>(q, smp, o, n, 512);
}
