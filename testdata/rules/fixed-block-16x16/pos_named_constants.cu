// fixed-block-16x16, positives: 16x16 written through names that evaluate to
// 16 at compile time or are provably 16: a #define, a const int, a constexpr,
// an enumerator, and a local int assigned once. Reported at the line where the
// shape is written (the dim3 declaration), not where the constant is defined.
#include <cuda_runtime.h>
#include <cstdlib>

#define BS 16

constexpr int kTile = 16;

enum { TILE_DIM = 16 };

__global__ void copy2d(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[y * width + x] = in[y * width + x];
}

__global__ void square2d(float* data, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float v = data[y * width + x];
        data[y * width + x] = v * v;
    }
}

__global__ void gradient_x(const float* in, float* gx, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && x < width - 1 && y < height)
        gx[y * width + x] = 0.5f * (in[y * width + x + 1] - in[y * width + x - 1]);
}

static void run_macro(const float* in, float* out, int w, int h)
{
    dim3 block(BS, BS);  // expect: fixed-block-16x16 shape=16x16 kernel=copy2d context=row-major severity=low
    dim3 grid((w + BS - 1) / BS, (h + BS - 1) / BS);
    copy2d<<<grid, block>>>(in, out, w, h);
}

static void run_const(float* data, int w, int h)
{
    const int T = 16;
    dim3 block(T, T);  // expect: fixed-block-16x16 shape=16x16 kernel=square2d context=row-major severity=low
    dim3 grid((w + T - 1) / T, (h + T - 1) / T);
    square2d<<<grid, block>>>(data, w, h);
}

static void run_constexpr(const float* in, float* gx, int w, int h)
{
    dim3 block(kTile, kTile);  // expect: fixed-block-16x16 shape=16x16 kernel=gradient_x context=row-major severity=low
    dim3 grid((w + kTile - 1) / kTile, (h + kTile - 1) / kTile);
    gradient_x<<<grid, block>>>(in, gx, w, h);
}

static void run_enum(const float* in, float* out, int w, int h)
{
    dim3 block(TILE_DIM, TILE_DIM);  // expect: fixed-block-16x16 shape=16x16 kernel=copy2d context=row-major severity=low
    dim3 grid((w + TILE_DIM - 1) / TILE_DIM, (h + TILE_DIM - 1) / TILE_DIM);
    copy2d<<<grid, block>>>(in, out, w, h);
}

static void run_local_int(float* data, int w, int h)
{
    int t = 16;
    dim3 block(t, t);  // expect: fixed-block-16x16 shape=16x16 kernel=square2d context=row-major severity=low
    dim3 grid((w + t - 1) / t, (h + t - 1) / t);
    square2d<<<grid, block>>>(data, w, h);
}

static void run_mixed(const float* in, float* gx, int w, int h)
{
    dim3 block(BS, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=gradient_x context=row-major severity=low
    dim3 grid((w + 15) / 16, (h + 15) / 16);
    gradient_x<<<grid, block>>>(in, gx, w, h);
}

int main(int argc, char** argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 1024;
    int h = argc > 2 ? atoi(argv[2]) : 1024;
    float *a, *b;
    cudaMalloc(&a, w * h * sizeof(float));
    cudaMalloc(&b, w * h * sizeof(float));
    run_macro(a, b, w, h);
    run_const(b, w, h);
    run_constexpr(a, b, w, h);
    run_enum(a, b, w, h);
    run_local_int(b, w, h);
    run_mixed(a, b, w, h);
    cudaDeviceSynchronize();
    return 0;
}
