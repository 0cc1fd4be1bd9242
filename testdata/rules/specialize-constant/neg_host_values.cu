// specialize-constant, negatives for host-side value sets: a value that
// may come from the user, a loop, a pointer, or a large table of sizes.
#include <cuda_runtime.h>

__global__ void fir(const float* in, float* out, int n, int taps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    for (int t = 0; t < taps; ++t)  // expect-none
        acc += in[min(i + t, n - 1)];
    out[i] = acc;
}

// A default that the user may override.
void run_user(const float* in, float* out, int n, int user_taps)
{
    int taps = 3;
    if (user_taps > 0) taps = user_taps;
    fir<<<(n + 255) / 256, 256>>>(in, out, n, taps);
}

// A sweep over values: the variable is incremented.
void sweep(const float* in, float* out, int n)
{
    for (int taps = 1; taps < 64; ++taps)
        fir<<<(n + 255) / 256, 256>>>(in, out, n, taps);
}

// The address is taken: anything may write it.
void read_taps(int* t);
void run_read(const float* in, float* out, int n)
{
    int taps = 5;
    read_taps(&taps);
    fir<<<(n + 255) / 256, 256>>>(in, out, n, taps);
}

// A wrapper whose caller passes a runtime value.
void run_param(const float* in, float* out, int n, int taps)
{
    fir<<<(n + 255) / 256, 256>>>(in, out, n, taps);
}

void api(const float* in, float* out, int n, int t)
{
    run_param(in, out, n, 3);
    run_param(in, out, n, t);
}

__global__ void rows_sum(const float* m, float* out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r)  // expect-none
        acc += m[r * cols + c];
    out[c] = acc;
}

// Problem sizes from a table: far above any instance count.
static const int kSizes[] = {1024, 4096, 16384};
void run_rows(const float* m, float* out, int which)
{
    rows_sum<<<64, 256>>>(m, out, kSizes[which], 4096);
}
