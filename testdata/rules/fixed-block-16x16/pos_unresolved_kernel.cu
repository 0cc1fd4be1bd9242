// fixed-block-16x16: a launch through a table of kernel pointers still has a
// hard-coded 16x16 block; the kernel cannot be resolved, so the finding
// names the launch instead of an empty kernel name; with the kernel unseen,
// the severity is info (no measured context applies; those gain 1.09-1.48x).
#include <cuda_runtime.h>

__global__ void blur_h(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && x + 1 < w && y < h) out[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
}

__global__ void blur_v(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y > 0 && y + 1 < h) out[y * w + x] = (in[(y - 1) * w + x] + in[y * w + x] + in[(y + 1) * w + x]) / 3.0f;
}

typedef void (*blur_fn)(const float*, float*, int, int);

void blur(const float* in, float* out, int w, int h, int vertical)
{
    static const blur_fn passes[2] = {blur_h, blur_v};
    dim3 block(16, 16);  // expect: fixed-block-16x16 kernel="the kernel launched at line 26" context=other severity=info
    dim3 grid((w + 15) / 16, (h + 15) / 16);
    passes[vertical != 0]<<<grid, block>>>(in, out, w, h);
}

// A launch macro around a kernel template, in a host template nothing
// instantiates here (the pattern): the kernel's name is read from the
// template the launch names, (sharpen<T>) in parentheses as launch macros write it.
#define LAUNCH_2D(fn, grid, block, ...) fn<<<grid, block>>>(__VA_ARGS__)

template <typename T>
__global__ void sharpen(const T* in, T* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = 2 * in[y * w + x];
}

template <typename T>
void sharpen_image(const T* in, T* out, int w, int h)
{
    dim3 block(16, 16);  // expect: fixed-block-16x16 kernel=sharpen context=other severity=info
    dim3 grid((w + 15) / 16, (h + 15) / 16);
    LAUNCH_2D((sharpen<T>), grid, block, in, out, w, h);
}
