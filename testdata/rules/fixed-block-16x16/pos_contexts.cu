// fixed-block-16x16, positives by context.
//  - row-reuse (high): the activation-matrix shape of [Yang] Fig. 8. Each
//    thread reads a row segment of the activations and a column of the weights;
//    threads with the same threadIdx.y reuse the same row through the cache.
//    The best shape here is narrow in x (8x32, 4x64), not wide.
//  - ignores-2d (info): the kernel flattens the block into a linear thread id,
//    so the 16x16 shape does not change its access pattern.
//  - a 16x16 shape created in a host helper and launched through a variable.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void activation_matrix(const float* act, const float* weights, float* out,
                                  int rows, int inner, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col >= cols) return;
    float acc = 0.0f;
    for (int k = 0; k < inner; ++k)
        acc += act[row * inner + k] * weights[k * cols + col];
    out[row * cols + col] = 1.0f / (1.0f + expf(-acc));
}

__global__ void naive_matmul(const float* A, const float* B, float* C, int n)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

// Only a flattened linear id is used: the 2-D shape is irrelevant.
__global__ void scale_flat(float* data, int n, float s)
{
    int local = threadIdx.y * blockDim.x + threadIdx.x;
    int i = blockIdx.x * (blockDim.x * blockDim.y) + local;
    if (i < n)
        data[i] *= s;
}

__global__ void fill_flat(float* data, int n, float v)
{
    int threads = blockDim.x * blockDim.y;
    int first = blockIdx.x * threads + threadIdx.y * blockDim.x + threadIdx.x;
    for (int i = first; i < n; i += gridDim.x * threads)
        data[i] = v;
}

__global__ void offset2d(float* img, int width, int height, float off)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        img[y * width + x] += off;
}

// Interleaved two-channel pixels: lanes two elements apart, neither a
// row-major copy nor row reuse (context other, not measured).
__global__ void plane_gain(float* img, int width, float g)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    img[(y * width + x) * 2] *= g;
}

// threadIdx.x picks the row (x*W + y): uncoalesced-row reports the mapping,
// and this rule is silent on the kernel (a wider x would spread the lanes).
__global__ void column_major_scale(float* img, int height, float s)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    img[x * height + y] *= s;
}

// Host helper: the shape lives in a local variable and is passed to the launch.
static void launch_offset(float* img, int width, int height, float off)
{
    dim3 threads(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=offset2d context=row-major severity=low
    dim3 blocks((width + threads.x - 1) / threads.x, (height + threads.y - 1) / threads.y);
    offset2d<<<blocks, threads>>>(img, width, height, off);
}

int main(int argc, char** argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 4096;
    int inner = argc > 2 ? atoi(argv[2]) : 1024;
    int cols = argc > 3 ? atoi(argv[3]) : 1024;
    float *act, *w, *out;
    cudaMalloc(&act, rows * inner * sizeof(float));
    cudaMalloc(&w, inner * cols * sizeof(float));
    cudaMalloc(&out, rows * cols * sizeof(float));

    dim3 mlp_block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=activation_matrix context=row-reuse severity=medium
    dim3 mlp_grid((cols + 15) / 16, (rows + 15) / 16);
    activation_matrix<<<mlp_grid, mlp_block>>>(act, w, out, rows, inner, cols);

    dim3 mm_block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=naive_matmul context=row-reuse severity=medium
    dim3 mm_grid((inner + 15) / 16, (inner + 15) / 16);
    naive_matmul<<<mm_grid, mm_block>>>(w, w, out, inner);

    int n = rows * cols;
    dim3 flat_block(16, 16);  // expect: fixed-block-16x16 shape=16x16 kernel=scale_flat context=ignores-2d severity=info
    scale_flat<<<(n + 255) / 256, flat_block>>>(out, n, 0.5f);

    fill_flat<<<1024, dim3(16, 16)>>>(act, rows * inner, 0.0f);  // expect: fixed-block-16x16 shape=16x16 kernel=fill_flat context=ignores-2d severity=info

    launch_offset(out, cols, rows, 1.0f);

    dim3 plane_block(16, 16);  // expect: fixed-block-16x16 kernel=plane_gain context=other severity=info
    plane_gain<<<dim3(cols / 16, rows / 16), plane_block>>>(out, cols, 2.0f);

    dim3 col_block(16, 16);  // expect-none
    column_major_scale<<<dim3(cols / 16, rows / 16), col_block>>>(out, rows, 2.0f);
    cudaDeviceSynchronize();
    return 0;
}
