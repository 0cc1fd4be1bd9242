// fixed-block-16x16, positives: 16x16 block shapes written with literals,
// declared as a dim3 variable or inline in the launch. The launched kernel
// indexes global memory row-major with threadIdx.x on the fastest dimension,
// so each warp covers two half-rows: context=row-major, severity high.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void scale2d(const float* in, float* out, int width, int height, float s)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[y * width + x] = in[y * width + x] * s;
}

__global__ void add2d(const float* a, const float* b, float* c, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height) {
        int idx = row * width + col;
        c[idx] = a[idx] + b[idx];
    }
}

__global__ void clamp2d(float* img, int width, int height, float lo, float hi)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        img[y * width + x] = fminf(fmaxf(img[y * width + x], lo), hi);
}

int main(int argc, char** argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 1080;
    float *a, *b, *c;
    cudaMalloc(&a, width * height * sizeof(float));
    cudaMalloc(&b, width * height * sizeof(float));
    cudaMalloc(&c, width * height * sizeof(float));

    // A dim3 variable.
    dim3 block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=scale2d context=row-major severity=low
    dim3 grid((width + 15) / 16, (height + 15) / 16);
    scale2d<<<grid, block>>>(a, b, width, height, 2.0f);

    // Inline in the launch.
    add2d<<<grid, dim3(16, 16)>>>(a, b, c, width, height);  // expect: fixed-block-16x16 shape=16x16 kernel=add2d context=row-major severity=low

    // Explicit z = 1 is still a 16x16 block.
    dim3 threads(16, 16, 1);  // expect: fixed-block-16x16 kernel=clamp2d context=row-major severity=low
    clamp2d<<<grid, threads>>>(c, width, height, 0.0f, 1.0f);

    cudaDeviceSynchronize();
    return 0;
}
