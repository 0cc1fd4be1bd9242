// double-literal, negatives: host-only code (__host__ functions, main) and
// literals evaluated at compile time (static_assert, array sizes).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__host__ float host_gain(float x)
{
    return x * 1.5;  // expect-none
}

float host_only_mix(float a, float b)
{
    return a * 0.3 + b * 0.7;  // expect-none
}

__global__ void compile_time_only(float* x, int n)
{
    static_assert(2.0 * 4 > 7.5, "compile-time double arithmetic");  // expect-none
    float buf[(int)(8 * 0.5)];  // expect-none
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (int k = 0; k < 4; ++k) buf[k] = x[i] + k;
    x[i] = buf[0] + buf[1] + buf[2] + buf[3];
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float gain = host_gain(argc * 0.5f) + host_only_mix(1.0f, 2.0f);
    float scaled = gain * 2.5;  // expect-none
    float* x;
    cudaMalloc(&x, n * sizeof(float));
    compile_time_only<<<(n + 255) / 256, 256>>>(x, n);
    cudaDeviceSynchronize();
    printf("%f\n", scaled / 3.0);  // expect-none
    return 0;
}
