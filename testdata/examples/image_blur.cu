// image_blur.cu: a small image pipeline on a float RGB image.
//
//   rgb_to_gray    interleaved RGB (3 floats per pixel) -> luminance
//   box_blur3x3    3x3 box filter with clamped borders
//   threshold_mask luminance -> 8-bit binary mask
//
// The host builds a synthetic image, runs the three passes and prints the
// fraction of pixels above the threshold.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_DIM 16

#define CUDA_CHECK(call)                                                      \
    do {                                                                      \
        cudaError_t err_ = (call);                                            \
        if (err_ != cudaSuccess) {                                            \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                \
                    cudaGetErrorString(err_));                                \
            exit(EXIT_FAILURE);                                               \
        }                                                                     \
    } while (0)

// One pixel per thread; the three channels are interleaved in memory.
__global__ void rgb_to_gray(const float* rgb, float* gray, int num_pixels)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_pixels) return;
    float r = rgb[3 * i + 0];  // expect: uncoalesced-adjacent K=3 element_bytes=4
    float g = rgb[3 * i + 1];
    float b = rgb[3 * i + 2];
    gray[i] = 0.299f * r + 0.587f * g + 0.114f * b;
}

// Each output pixel is the mean of its 3x3 neighbourhood (edges clamped).
__global__ void box_blur3x3(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;

    float sum = 0.0f;
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = min(max(y + dy, 0), height - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = min(max(x + dx, 0), width - 1);
            sum += in[yy * width + xx];
        }
    }
    out[y * width + x] = sum * (1.0f / 9.0f);
}

// 255 where the blurred luminance exceeds the level, 0 elsewhere.
__global__ void threshold_mask(const float* gray, unsigned char* mask, int num_pixels, float level)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < num_pixels)
        mask[i] = gray[i] > level ? 255 : 0;  // expect: oversized-element kind=subword size=1 severity=high
}

static void blur_image(const float* d_gray, float* d_blur, int width, int height)
{
    dim3 block(BLOCK_DIM, BLOCK_DIM);  // expect: fixed-block-16x16 shape=16x16 kernel=box_blur3x3 severity=low
    dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    box_blur3x3<<<grid, block>>>(d_gray, d_blur, width, height);
    CUDA_CHECK(cudaGetLastError());
}

int main(int argc, char** argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 1080;
    float level = argc > 3 ? (float)atof(argv[3]) : 0.5f;
    int num_pixels = width * height;

    std::vector<float> h_rgb(3 * (size_t)num_pixels);
    for (size_t k = 0; k < h_rgb.size(); ++k)
        h_rgb[k] = (float)((k * 2654435761u) % 256u) / 255.0f;

    float *d_rgb, *d_gray, *d_blur;
    unsigned char* d_mask;
    CUDA_CHECK(cudaMalloc(&d_rgb, h_rgb.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_gray, num_pixels * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_blur, num_pixels * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_mask, num_pixels));
    CUDA_CHECK(cudaMemcpy(d_rgb, h_rgb.data(), h_rgb.size() * sizeof(float),
                          cudaMemcpyHostToDevice));

    const int threads = 256;
    int blocks = (num_pixels + threads - 1) / threads;
    rgb_to_gray<<<blocks, threads>>>(d_rgb, d_gray, num_pixels);
    CUDA_CHECK(cudaGetLastError());
    blur_image(d_gray, d_blur, width, height);
    threshold_mask<<<blocks, threads>>>(d_blur, d_mask, num_pixels, level);
    CUDA_CHECK(cudaGetLastError());

    std::vector<unsigned char> h_mask(num_pixels);
    CUDA_CHECK(cudaMemcpy(h_mask.data(), d_mask, num_pixels, cudaMemcpyDeviceToHost));
    size_t on = 0;
    for (unsigned char m : h_mask)
        on += (m != 0);
    printf("%dx%d image, %.2f%% of pixels above %.2f\n", width, height,
           100.0 * on / num_pixels, level);

    cudaFree(d_rgb);
    cudaFree(d_gray);
    cudaFree(d_blur);
    cudaFree(d_mask);
    return 0;
}
