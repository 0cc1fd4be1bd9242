// specialize-constant: no finding for an array in shared memory. A sized
// `extern __shared__` array (which nvcc takes as the dynamic shared memory;
// clang rejects the declaration and drops its __shared__) is still shared
// memory: templating the loop bound cannot move it into registers.
#include <cuda_runtime.h>

__global__ void stage_rows(const float* in, float* out, int n, int m)
{
    extern __shared__ float tile[32][32];
    float* row = (float*)&tile[threadIdx.x];
    for (int i = 0; i < n; ++i) row[i] = in[i * m + threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
    for (int i = 0; i < n; ++i) acc += row[i];
    out[threadIdx.x] = acc;
}

void run(const float* in, float* out, int n, int m)
{
    stage_rows<<<1, 32, 32 * 32 * sizeof(float)>>>(in, out, n, m);
}
