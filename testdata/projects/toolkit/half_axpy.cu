// Uses cuda_fp16.h, <mma.h> and <vector>: the 'libs' precompiled prelude
// (mma.h is not in gpulint's shim, so the toolkit's headers are needed).
#include <cuda_fp16.h>
#include <mma.h>
#include <vector>

__global__ void axpy(const __half *x, float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * __half2float(x[i]) + y[i] * 0.5; // expect: double-literal
}

void run(const std::vector<float> &host, __half *x, float *y)
{
    int n = (int)host.size();
    axpy<<<(n + 255) / 256, 256>>>(x, y, 2.0f, n);
}
