// fixed-block-16x16, negatives: constant shapes that are not 16x16 (32x8,
// 64x4, 32x32, 16x8, 8x16, 1-D blocks), and a 16x16 dim3 used as the grid,
// not the block.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void copy2d(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[y * width + x] = in[y * width + x];
}

__global__ void scale1d(float* x, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

int main(int argc, char** argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 1024;
    int h = argc > 2 ? atoi(argv[2]) : 1024;
    int n = w * h;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));

    dim3 wide(32, 8);  // expect-none
    copy2d<<<dim3((w + 31) / 32, (h + 7) / 8), wide>>>(a, b, w, h);

    copy2d<<<dim3((w + 63) / 64, (h + 3) / 4), dim3(64, 4)>>>(a, b, w, h);  // expect-none

    dim3 big(32, 32);  // expect-none
    copy2d<<<dim3((w + 31) / 32, (h + 31) / 32), big>>>(a, b, w, h);

    dim3 half_tall(16, 8);  // expect-none
    copy2d<<<dim3((w + 15) / 16, (h + 7) / 8), half_tall>>>(a, b, w, h);

    dim3 narrow(8, 16);  // expect-none
    copy2d<<<dim3((w + 7) / 8, (h + 15) / 16), narrow>>>(a, b, w, h);

    scale1d<<<(n + 255) / 256, 256>>>(a, n, 2.0f);  // expect-none

    dim3 line(16);  // expect-none
    scale1d<<<(n + 15) / 16, line>>>(a, n, 0.5f);

    // 16x16 here is the grid; the block is 256 threads in x.
    dim3 tiles(16, 16);  // expect-none
    scale1d<<<tiles, 256>>>(b, n, 3.0f);

    cudaDeviceSynchronize();
    return 0;
}
