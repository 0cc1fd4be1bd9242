#include "launch.cuh"

void fill(float* x, size_t n)
{
    launch_n(n, [=] __device__(size_t i) { x[i] = 1.0f; });
    scale_all<<<(unsigned)((n + 255) / 256), 256>>>(x, n);
}
