// oversized-element, negative: a per-thread byte store that is a small share
// of the kernel's global requests. The kernel's time goes to the nested
// distance loop over float data; the one-byte flag per thread is noise.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdlib>

__global__ void mark_near(const float* points, const float* centers, uint8_t* near, int n, int k, int dim, float r2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool any = false;
    for (int c = 0; c < k; ++c) {
        float d = 0.0f;
        for (int j = 0; j < dim; ++j) {
            float t = points[j * n + i] - centers[c * dim + j];
            d += t * t;
        }
        any |= d < r2;
    }
    near[i] = any ? 1 : 0;  // expect-none
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *p, *c;
    uint8_t* f;
    cudaMalloc(&p, n * 8 * sizeof(float)); cudaMalloc(&c, 64 * 8 * sizeof(float)); cudaMalloc(&f, n);
    mark_near<<<(n + 255) / 256, 256>>>(p, c, f, n, 64, 8, 0.25f);
    cudaDeviceSynchronize();
    return 0;
}
