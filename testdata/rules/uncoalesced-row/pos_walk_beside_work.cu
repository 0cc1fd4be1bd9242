// uncoalesced-row: a thread gathers its own key (a row walk), then iterates
// a hash thousands of times on it in registers. The walk is reported, but
// at info with no prediction: its wasted sectors are paid once per thread
// against the loop where the time goes. The same walk before a loop that
// streams global memory, or inside the long loop, keeps its severity.
#include <cuda_runtime.h>
#include <stdint.h>

#define KEY_LEN 64

__device__ uint32_t mix(uint32_t h, uint32_t w) { return (h ^ w) * 0x01000193u + (h >> 7); }

// key stretching: 64 key bytes per thread, then `rounds` mixing rounds
__global__ void stretch_keys(const uint8_t* keys, uint32_t* digests, int n, int rounds)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t w[KEY_LEN / 4];
    for (int i = 0; i < KEY_LEN; i++) {
        uint32_t b = keys[t * KEY_LEN + i];  // expect: uncoalesced-row row_width_value=64 work_elsewhere=kernel-loop severity=info
        if (i % 4 == 0) w[i / 4] = b;
        else w[i / 4] |= b << (8 * (i % 4));
    }
    uint32_t h = 0x811c9dc5u;
    for (int r = 0; r < rounds; r++)
        for (int j = 0; j < KEY_LEN / 4; j++) h = mix(h, w[j] + (uint32_t)r);
    digests[t] = h;
}

// the walk beside a loop that streams global memory per thread: that loop
// is no register-only work, the walk keeps its severity (a read all lanes
// share, such as a salt's length, would not count)
__global__ void key_then_table(const float* keys, const float* table, float* out, int n, int m)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float k = 0.0f;
    for (int i = 0; i < 32; i++) k += keys[t * 32 + i];  // expect: uncoalesced-row row_width_value=32 severity=high
    float s = 0.0f;
    for (int j = 0; j < m; j++) s += table[j * n + t] * k;
    out[t] = s;
}

// the walk repeated inside the long loop is the work itself
__global__ void rescan_rows(const float* rows, float* out, int n, int passes)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float s = 0.0f;
    for (int p = 0; p < passes; p++)
        for (int i = 0; i < 32; i++) s += rows[t * 32 + i] * (float)p;  // expect: uncoalesced-row row_width_value=32 severity=high
    out[t] = s;
}

void run(const uint8_t* keys, uint32_t* d, const float* kf, const float* tab, float* o, int n)
{
    stretch_keys<<<(n + 255) / 256, 256>>>(keys, d, n, 1000);
    key_then_table<<<(n + 255) / 256, 256>>>(kf, tab, o, n, 1024);
    rescan_rows<<<(n + 255) / 256, 256>>>(kf, o, n, 8);
}
