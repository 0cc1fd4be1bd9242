// uniform-branch, positives inside loops: a single condition on a kernel
// parameter evaluated on every iteration, whose paths do memory work (a
// select of a register is not reported: see neg_selects_error_paths.cu).
// nvcc -O3 usually unswitches such a loop itself (H100: 1.00x), so a lone
// flag is severity info.
#include <cuda_runtime.h>
#include <cstdlib>

#define MODE_SUM 0
#define MODE_MAX 1

__global__ void reduce_rows(const float* m, const float* weights, float* out, int rows, int cols, int mode)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc = mode == MODE_MAX ? -3.0e38f : 0.0f;  // a value select: no finding
    for (int c = 0; c < cols; ++c) {
        float v = m[c * rows + r];
        if (weights != nullptr)  // expect: uniform-branch in_loop=true loop_depth=1 uniform_branches=1 severity=info
            v *= weights[c];
        acc += v;
    }
    out[r] = acc;
}

// A grid-stride loop: each thread sees a few elements, so the switch runs
// once per element, as outside loops.
__global__ void elementwise_op(const float* a, const float* b, float* c, int n, int op)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float x = a[i], y = b[i], r;
        switch (op) {  // expect: uniform-branch in_loop=true grid_stride_loop=true loop_depth=1 uniform_branches=1 severity=info
        case 0: r = x + y; break;
        case 1: r = x - y; break;
        case 2: r = x * y; break;
        default: r = x / y; break;
        }
        c[i] = r;
    }
}

__global__ void flip_tiles(const float* in, float* out, int width, int height, int tile, bool flip)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int tiles_x = width / tile;
    if (t >= tiles_x * (height / tile)) return;
    int x0 = (t % tiles_x) * tile, y0 = (t / tiles_x) * tile;
    for (int dy = 0; dy < tile; ++dy)
        for (int dx = 0; dx < tile; ++dx) {
            if (flip)  // expect: uniform-branch in_loop=true loop_depth=2 uniform_branches=1 severity=info
                out[(y0 + dy) * width + x0 + tile - 1 - dx] = in[(y0 + dy) * width + x0 + dx];
            else
                out[(y0 + dy) * width + x0 + dx] = in[(y0 + dy) * width + x0 + dx];
        }
}

// The condition sits in a helper called from the loop; it is reported in
// the helper, where the branch is written.
__device__ __forceinline__ float activate(float v, int act)
{
    if (act == 1)  // expect: uniform-branch
        return fmaxf(v, 0.0f);
    return v;
}

__global__ void dense_row(const float* w, const float* x, float* y, int rows, int cols, int act)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc = 0.0f;
    for (int c = 0; c < cols; ++c)
        acc = activate(acc + w[c * rows + r] * x[c], act);
    y[r] = acc;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int mode = argc > 2 ? atoi(argv[2]) : MODE_SUM;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&c, n * sizeof(float));
    reduce_rows<<<4, 256>>>(a, nullptr, b, 1024, n / 1024, mode);
    elementwise_op<<<1024, 256>>>(a, b, c, n, mode);
    flip_tiles<<<64, 256>>>(a, b, 1024, n / 1024, 8, mode != 0);
    dense_row<<<4, 256>>>(a, b, c, 1024, n / 1024, 1);
    cudaDeviceSynchronize();
    return 0;
}
