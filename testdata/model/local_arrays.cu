// Model golden: per-thread (local) arrays: a register window indexed by loop
// counters, a 2-D local array, an initialised table and a local array passed
// to a helper; the loop count comes from a parameter in one kernel.

#define WIN 5

__device__ float dot(const float* a, const float* b, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += a[i] * b[i];
    return s;
}

__global__ void window_filter(const float* in, float* out, const float* taps, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float win[WIN];
    for (int k = 0; k < WIN; ++k)
        win[k] = in[t + k];
    out[t] = dot(win, taps, WIN);
    // model-note (minor): the array declaration says `int order[4]` (const dropped from the
    // model-note: element type) while its accesses say `const int`.
    const int order[4] = {3, 1, 0, 2};
    out[t] += win[order[threadIdx.x & 3]];
}

__global__ void per_thread_matrix(float* out, int rows)
{
    float m[4][4];
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < 4; ++c)
            m[r][c] = r * c;
    out[threadIdx.x] = m[rows - 1][3];
}
