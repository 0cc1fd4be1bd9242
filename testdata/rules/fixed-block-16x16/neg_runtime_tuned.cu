// fixed-block-16x16, negatives: block shapes that are already tunable. Shapes
// read at run time (argv, a function parameter), picked from a tuning table,
// or given as template parameters of a tuned launcher are not flagged, even
// when one of the tuned candidates is 16x16.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void blend2d(const float* a, const float* b, float* out, int width, int height, float t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        int i = y * width + x;
        out[i] = a[i] + t * (b[i] - a[i]);
    }
}

static const int kShapes[][2] = { {16, 16}, {32, 8}, {64, 4}, {8, 32} };

static void launch_from_table(int sel, const float* a, const float* b, float* out, int w, int h)
{
    dim3 block(kShapes[sel][0], kShapes[sel][1]);  // expect-none
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    blend2d<<<grid, block>>>(a, b, out, w, h, 0.5f);
}

static void launch_with_shape(int bx, int by, const float* a, const float* b, float* out, int w, int h)
{
    dim3 block(bx, by);  // expect-none
    dim3 grid((w + bx - 1) / bx, (h + by - 1) / by);
    blend2d<<<grid, block>>>(a, b, out, w, h, 0.25f);
}

template <int BX, int BY>
void launch_tuned(const float* a, const float* b, float* out, int w, int h)
{
    dim3 block(BX, BY);  // expect-none
    dim3 grid((w + BX - 1) / BX, (h + BY - 1) / BY);
    blend2d<<<grid, block>>>(a, b, out, w, h, 0.75f);
}

int main(int argc, char** argv)
{
    int w = 2048, h = 2048;
    int bx = argc > 1 ? atoi(argv[1]) : 32;
    int by = argc > 2 ? atoi(argv[2]) : 8;
    int sel = argc > 3 ? atoi(argv[3]) : 0;
    float *a, *b, *out;
    cudaMalloc(&a, w * h * sizeof(float));
    cudaMalloc(&b, w * h * sizeof(float));
    cudaMalloc(&out, w * h * sizeof(float));

    dim3 block(bx, by);  // expect-none
    dim3 grid((w + bx - 1) / bx, (h + by - 1) / by);
    blend2d<<<grid, block>>>(a, b, out, w, h, 0.1f);

    launch_from_table(sel, a, b, out, w, h);
    launch_with_shape(bx, by, a, b, out, w, h);

    // An autotuner sweeps template shapes; 16x16 is only one candidate.
    launch_tuned<16, 16>(a, b, out, w, h);
    launch_tuned<32, 8>(a, b, out, w, h);
    launch_tuned<8, 32>(a, b, out, w, h);
    cudaDeviceSynchronize();
    return 0;
}
